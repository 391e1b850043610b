/** Bridges valibot issues to tradeline issues, and field actions that carry our issue types. */
import * as v from 'valibot'
import { create, type Issue, type IssueType, type Path } from '../Issue.js'

const schemaTypes = new Set([
  'string',
  'number',
  'boolean',
  'object',
  'strict_object',
  'loose_object',
  'array',
  'bigint',
  'null',
  'undefined',
  'tuple',
  'strict_tuple',
  'record',
])
const valueTypes = new Set(['picklist', 'literal', 'enum', 'variant', 'union'])
const formatTypes = new Set(['regex', 'integer', 'finite', 'safe_integer', 'digits', 'decimal'])
const lengthTypes = new Set([
  'min_length',
  'max_length',
  'length',
  'non_empty',
  'min_entries',
  'max_entries',
])
const rangeTypes = new Set(['min_value', 'max_value', 'value', 'gt_value', 'lt_value'])

/** Prefix of the valibot `type` of an action made by {@link fieldCheck}. */
const own = 'tradeline:'

/**
 * A valibot validation action whose issue maps to the given tradeline issue type and carries
 * a readable `expected`.
 */
export function fieldCheck<input>(
  type: IssueType,
  expects: string,
  requirement: (input: input) => boolean,
): v.CheckAction<input, undefined> {
  return {
    ...v.check(requirement),
    type: `${own}${type}` as 'check',
    expects: expects as unknown as null,
  }
}

/** Replaces the `expected` text of a valibot action or schema (e.g. a regex) with prose. */
export function expects<action extends { expects: string | null }>(
  action: action,
  text: string,
): action {
  return { ...action, expects: text }
}

/** Converts valibot issues to tradeline issues, flattening unions. */
export function fromValibot(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  const out: Issue[] = []
  for (const issue of issues) {
    const path: Path = (issue.path ?? []).map((item) => item.key as string | number)
    out.push(
      create({
        type: issueType(issue),
        path,
        expected: issue.expected ?? 'a valid value',
        received: issue.type === 'strict_object' ? 'an unknown field' : issue.received,
      }),
    )
  }
  return out
}

function issueType(issue: v.BaseIssue<unknown>): IssueType {
  const type = issue.type
  if (type.startsWith(own)) return type.slice(own.length) as IssueType
  if (type === 'strict_object' && issue.expected === 'never') return 'unknown'
  if (issue.received === 'undefined' && issue.kind === 'schema') return 'missing'
  if (type === 'union') {
    return typeof issue.input === 'string' ? 'format' : 'type'
  }
  if (schemaTypes.has(type)) return 'type'
  if (valueTypes.has(type)) return 'value'
  if (formatTypes.has(type)) return 'format'
  if (lengthTypes.has(type)) return 'length'
  if (rangeTypes.has(type)) return 'range'
  return 'format'
}
