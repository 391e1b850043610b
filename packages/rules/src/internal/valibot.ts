/** Bridges valibot issues to tradeline issues, and field actions that carry our issue types. */
import * as v from 'valibot'
import { create, describe, type Issue, type IssueType, type Path } from '../Issue.js'
import { JsonNumber } from '../JsonNumber.js'

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

const objectTypes = new Set(['object', 'strict_object', 'loose_object', 'object_with_rest'])

/** Prefix of the valibot `type` of an action made by {@link fieldCheck}. */
const own = 'tradeline:'

/**
 * A valibot validation action whose issue maps to the given tradeline issue type and carries
 * a readable `expected`.
 */
/* @__NO_SIDE_EFFECTS__ */
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
/* @__NO_SIDE_EFFECTS__ */
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
    const type = issueType(issue)
    if (type === 'unknown') out.push(unknownIssue(path))
    else if (objectTypes.has(issue.type) && issue.expected !== 'Object')
      // A required key that is absent: valibot's expected is the key's own name.
      out.push(create({ type, path, expected: 'a value', received: 'undefined' }))
    else
      out.push(
        create({
          type,
          path,
          expected: issue.expected ?? 'a valid value',
          // A number read exactly from a request's JSON is shown as its text, not as the class
          // that holds it (valibot names an object by its constructor).
          received: JsonNumber.is(issue.input) ? issue.input.text : receivedOf(issue),
        }),
      )
  }
  return out
}

/**
 * What an issue received: valibot's text of its input, except for a check of a whole object
 * forwarded to one of its fields (`v.forward`: "interval shorter than the window"), whose input is
 * the object (valibot writes `Object`): the field's own value then.
 */
function receivedOf(issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? []
  // valibot's forward adds the path's items with type `unknown`, the first one on the object the
  // check ran on (the issue's input).
  const forwarded = path.some((item) => item.type === 'unknown' && item.input === issue.input)
  return forwarded ? describe(path.at(-1)?.value) : issue.received
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

type Walkable = {
  readonly type: string
  readonly entries?: Readonly<Record<string, Walkable>>
  readonly wrapped?: Walkable
  readonly item?: Walkable
}

/**
 * Every key of `input` that a strict object schema does not know, at any depth (through
 * optional wrappers and arrays): valibot stops at the first unknown key of each object.
 */
export function unknownKeys(schema: unknown, input: unknown, path: Path = []): Issue[] {
  const s = schema as Walkable
  if (s.wrapped && input !== undefined && input !== null) return unknownKeys(s.wrapped, input, path)
  if (s.type === 'array' && s.item && Array.isArray(input)) {
    return input.flatMap((item, index) => unknownKeys(s.item, item, [...path, index]))
  }
  if (s.type !== 'strict_object' || !s.entries || typeof input !== 'object' || input === null)
    return []
  const out: Issue[] = []
  const entries = s.entries
  for (const key in input) {
    const value = (input as Record<string, unknown>)[key]
    if (!Object.hasOwn(entries, key)) out.push(unknownIssue([...path, key]))
    else out.push(...unknownKeys(entries[key], value, [...path, key]))
  }
  return out
}

function unknownIssue(path: Path): Issue {
  return create({
    type: 'unknown',
    path,
    expected: 'a field of this endpoint',
    received: 'an unknown field',
  })
}
