/**
 * A strict-object request schema checked by visiting only the keys the request holds. valibot's
 * `strictObject` visits every entry of the schema (place-order has 24, most of them optional and
 * absent) and then every key of the input again for unknown ones; on a valid order that walk was
 * about a tenth of a place-order's CPU in memory. This pass runs each present key's own valibot
 * schema (the same checks, the same output) and gives up at the first doubt: an unknown key, a
 * missing required key, any issue, anything but a plain object. The caller then runs valibot's
 * full parse, so every message stays valibot's own; the fast pass only ever accepts what the full
 * parse accepts, with the same output (keys in the schema's order).
 */
import type * as v from 'valibot'
import { compile, fail, type Run } from './fastEntry.js'

type Entry = v.GenericSchema<unknown, unknown>

/** What the pass needs of one schema, computed once. */
type Plan = {
  /** Each entry's schema and its place in the schema's order, by key. */
  readonly entries: ReadonlyMap<
    string,
    { readonly run: Run; readonly index: number; readonly required: boolean }
  >
  /** The keys in the schema's order. */
  readonly keys: readonly string[]
  /** How many keys are required (neither optional nor nullish). */
  readonly required: number
}

const optionalTypes = new Set(['optional', 'exact_optional', 'nullish'])
const plans = new WeakMap<object, Plan | null>()

/**
 * The plan of `schema`, or `null` when the pass cannot stand in for valibot: not a plain
 * synchronous `strictObject` (a pipe runs more than its entries), an entry with a default or a
 * fallback (filled in when the key is absent), or a key that every object inherits.
 */
function planOf(schema: object): Plan | null {
  const known = plans.get(schema)
  if (known !== undefined) return known
  const s = schema as {
    reference?: unknown
    async?: boolean
    pipe?: unknown
    entries?: Record<string, Entry & { default?: unknown; fallback?: unknown }>
  }
  let plan: Plan | null = null
  // By type name, not by `reference === v.strictObject`: a schema built with another copy of
  // valibot (a user's `Endpoint.define` when the Node build bundles valibot) takes the pass too.
  if (
    (s as { type?: unknown }).type === 'strict_object' &&
    !s.async &&
    s.pipe === undefined &&
    s.entries
  ) {
    const entries = new Map<string, { run: Run; index: number; required: boolean }>()
    let required = 0
    let fits = true
    for (const key of Object.keys(s.entries)) {
      const entry = s.entries[key] as Entry & { default?: unknown; fallback?: unknown }
      const optional = optionalTypes.has(entry.type)
      if (key in Object.prototype || entry.fallback !== undefined) fits = false
      if (optional && entry.default !== undefined) fits = false
      if (!optional) required++
      entries.set(key, { run: compile(entry), index: entries.size, required: !optional })
    }
    if (fits) plan = { entries, keys: [...entries.keys()], required }
  }
  plans.set(schema, plan)
  return plan
}

/**
 * The output of `schema` for `input` when the present keys alone show it valid (see the
 * module); `undefined` when the full valibot parse must decide.
 */
export function fastParse(
  schema: object,
  input: unknown,
): { readonly output: unknown; readonly issues?: undefined } | undefined {
  if (typeof input !== 'object' || input === null) return undefined
  const plan = planOf(schema)
  if (plan === null) return undefined
  const proto = Object.getPrototypeOf(input)
  if (proto !== Object.prototype && proto !== null) return undefined
  const record = input as Record<string, unknown>
  // Each present key's place in the schema and its output, kept in the schema's order (an
  // insertion as each key comes): valibot writes its output in that order. Only the keys present
  // are visited, not every entry of the schema.
  const places: number[] = []
  const values: unknown[] = []
  let required = 0
  let keys = 0
  // The keys valibot's own pass for unknown keys visits (for...in: own and inherited enumerable).
  for (const key in record) {
    keys++
    const entry = plan.entries.get(key)
    if (entry === undefined) return undefined
    const value = entry.run(record[key])
    if (value === fail) return undefined
    if (entry.required) required++
    let at = keys - 1
    while (at > 0 && (places[at - 1] as number) > entry.index) {
      places[at] = places[at - 1] as number
      values[at] = values[at - 1]
      at--
    }
    places[at] = entry.index
    values[at] = value
  }
  // A required key absent, or an own key for...in does not see (valibot reads it by `in`).
  if (required !== plan.required || Object.getOwnPropertyNames(record).length !== keys)
    return undefined
  const output: Record<string, unknown> = {}
  for (let i = 0; i < keys; i++) output[plan.keys[places[i] as number] as string] = values[i]
  return { output }
}
