/**
 * Every request the rules' own tests check is also validated against the endpoint's generated
 * JSON Schema (`schemas/requests/<id>.json`) with Ajv (draft 2020-12), and the two verdicts are
 * compared: a disagreement fails the test that made the request. A case is "expressed" when
 * Ajv gives the verdict of `Endpoint.check`, "described only" when `Endpoint.check` refuses it
 * for a rule the schema only describes (`x-tradeline-checks` on the field, a cross-field rule
 * that `x-tradeline-rules` gives a `reason` for, or context the request does not carry): a
 * refusal by a rule the schema says it expresses, which Ajv lets through, is a disagreement.
 * Never part of the build.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createValidator, type ValidateFunction } from '@tradeline/ajv'
import * as v from 'valibot'
import type * as Endpoint from '../Endpoint.js'
import type { CheckResult } from '../Issue.js'
import * as Rules from '../index.js'

const schemas = new URL('../../schemas/requests/', import.meta.url)
/** Where each test worker appends its counts; summed by `agreement.global.ts`. */
export const countsDir = fileURLToPath(
  new URL('../../node_modules/.cache/schema-agreement/', import.meta.url),
)

const ajv = createValidator()
const compiled = new Map<string, { validate: ValidateFunction; schema: Record<string, unknown> }>()

function compile(id: string) {
  let entry = compiled.get(id)
  if (entry === undefined) {
    const schema = JSON.parse(readFileSync(new URL(`${id}.json`, schemas), 'utf8'))
    entry = { validate: ajv.compile(schema), schema }
    compiled.set(id, entry)
  }
  return entry
}

/** The endpoints of the interface: a test's own endpoint (`Endpoint.define` in a test) has no schema. */
const interfaceEndpoints = new Set<unknown>(
  Object.values(Rules).flatMap((value) =>
    typeof value === 'object' && value !== null ? Object.values(value) : [],
  ),
)

/** The verdict counts of this worker. */
export const counts = { expressed: 0, describedOnly: 0, notJson: 0, disagreements: 0 }

/**
 * Compares the verdict of `Endpoint.check` with Ajv's on the same request; throws when the
 * schema refuses what the rules accept, or accepts what the rules refuse for a rule it says.
 */
export function compare(
  endpoint: Endpoint.Endpoint<any, any>,
  input: unknown,
  result: CheckResult<unknown>,
): void {
  if (!interfaceEndpoints.has(endpoint)) return
  let json: unknown
  try {
    // What travels: JSON text (an `undefined` field is not sent).
    json = JSON.parse(JSON.stringify(input) ?? 'null')
  } catch {
    counts.notJson++
    return
  }
  if (!sameJson(input, json)) {
    counts.notJson++
    return
  }
  const { validate, schema } = compile(endpoint.id)
  // A field sent as `undefined` (or a function) is not in the JSON text; the rules refuse it when the endpoint
  // does not take the field, so that case does not travel as it was checked.
  const properties = (schema.properties ?? {}) as Record<string, unknown>
  if (
    typeof input === 'object' &&
    input !== null &&
    Object.entries(input).some(
      ([key, value]) => JSON.stringify(value) === undefined && !Object.hasOwn(properties, key),
    )
  ) {
    counts.notJson++
    return
  }
  // valibot reads a list as an object without fields; a request is never sent as a list, and
  // JSON Schema refuses one where an object is asked for.
  if (Array.isArray(json) && schema.type === 'object') {
    counts.notJson++
    return
  }
  const accepted = validate(json) as boolean
  if (accepted === result.success) {
    counts.expressed++
    return
  }
  if (result.success)
    disagree(
      `${endpoint.id}: the JSON Schema refuses a request the rules accept: ${JSON.stringify(json)}\n${ajv.errorsText(validate.errors)}`,
    )
  const fields = schemaFailures(endpoint, input)
  const described = fields.every((field) => describes(schema, field))
  if (!described)
    disagree(
      `${endpoint.id}: the JSON Schema accepts a request the rules refuse on ${fields.join(', ')}: ${JSON.stringify(json)}`,
    )
  const expressed = fields.length === 0 ? expressedRefusals(endpoint, schema, input) : []
  if (expressed.length > 0)
    disagree(
      `${endpoint.id}: the JSON Schema accepts a request refused by ${expressed.join(', ')}, which its x-tradeline-rules say it expresses: ${JSON.stringify(json)}`,
    )
  counts.describedOnly++
}

/** Counts a disagreement (the closing line prints the count) and fails the test that made the request. */
function disagree(message: string): never {
  counts.disagreements++
  flush()
  throw new Error(message)
}

/**
 * The rules that refuse a request whose fields all pass, among those the schema says it
 * expresses whole (`expressed: true`, no context): none may, when Ajv accepts the request.
 */
function expressedRefusals(
  endpoint: Endpoint.Endpoint<any, any>,
  schema: Record<string, unknown>,
  input: unknown,
): string[] {
  const entries = (schema['x-tradeline-rules'] ?? []) as {
    rule: string
    expressed: boolean | 'partly'
    context: boolean
  }[]
  const draft = v.parse(endpoint.schema, input)
  return endpoint.rules.flatMap((rule, index) => {
    const entry = entries[index]
    if (entry?.expressed !== true || entry.context) return []
    return (rule(draft, {}) ?? []).length > 0 ? [entry.rule] : []
  })
}

/**
 * Whether the JSON text of `input` reads back as the same value: no NaN, no undefined, no
 * object with a prototype of its own (its inherited keys are not sent).
 */
function sameJson(input: unknown, json: unknown): boolean {
  if (input === undefined) return false
  if (typeof input === 'number') return Number.isFinite(input)
  if (Array.isArray(input))
    return Array.isArray(json) && input.every((item, i) => sameJson(item, json[i]))
  if (typeof input === 'object' && input !== null) {
    const prototype = Object.getPrototypeOf(input)
    if (prototype !== Object.prototype && prototype !== null) return false
    return Object.entries(input).every(
      ([key, value]) =>
        value === undefined || sameJson(value, (json as Record<string, unknown>)[key]),
    )
  }
  return true
}

/** The top-level fields that fail the valibot schema itself (not a cross-field rule). */
function schemaFailures(endpoint: Endpoint.Endpoint<any, any>, input: unknown): string[] {
  const parsed = v.safeParse(endpoint.schema, input)
  if (parsed.success) return []
  return [...new Set(parsed.issues.map((issue) => String(issue.path?.[0]?.key ?? '')))]
}

/**
 * Whether the schema says that a field has checks it only describes: on the field, or on the
 * whole request (a check of the request object may name any of its fields).
 */
function describes(schema: Record<string, unknown>, field: string): boolean {
  const properties = (schema.properties ?? {}) as Record<string, unknown>
  if (field === '' || schema['x-tradeline-checks'] !== undefined) return true
  return JSON.stringify(properties[field] ?? {}).includes('x-tradeline-checks')
}

/** Appends this worker's counts to the counts folder. */
export function flush(): void {
  if (counts.expressed + counts.describedOnly + counts.notJson + counts.disagreements === 0) return
  mkdirSync(countsDir, { recursive: true })
  appendFileSync(`${countsDir}/${process.pid}.jsonl`, `${JSON.stringify(counts)}\n`)
  counts.expressed = counts.describedOnly = counts.notJson = counts.disagreements = 0
}
