/**
 * One endpoint of the interface as data: method, path, authentication, its request schema and
 * the cross-field rules that a schema cannot express. {@link check} runs all of them and
 * returns every issue at once.
 */
import * as v from 'valibot'
import { BaseError } from './Errors.js'
import type { CheckResult, Issue, Issues, Path } from './Issue.js'
import { fastParse } from './internal/fastParse.js'
import { merge } from './internal/merge.js'
import { once } from './internal/once.js'
import { fromValibot, unknownKeys } from './internal/valibot.js'

/** A request schema: any synchronous valibot schema. */
export type Schema = v.GenericSchema<unknown, unknown>

/**
 * What the rules see of a request: the fields that passed their own validation. A field that
 * failed (or any field under it) is absent here, so a rule only reads values of the right type.
 */
export type Draft<output> = { readonly [key in keyof output]?: output[key] | undefined }

/**
 * A cross-field rule: reads the draft and the context, returns the issues it finds. Rules
 * never throw on bad input.
 */
export type Rule<output, context> = (
  draft: Draft<output>,
  context: context,
) => readonly Issue[] | undefined

/** An endpoint of the interface. */
export type Endpoint<schema extends Schema = Schema, context = {}> = {
  /** A stable name such as `unified.placeOrder`. */
  readonly id: string
  /** HTTP method. */
  readonly method: 'GET' | 'POST'
  /** Path under the base URL, e.g. `/api/v3/trade/place-order`. */
  readonly path: string
  /** Whether the request is signed with the account's key. */
  readonly auth: boolean
  /** The request schema (query for GET, body for POST). */
  readonly schema: schema
  /** Cross-field rules run after the schema, also when some fields failed. */
  readonly rules: readonly Rule<v.InferOutput<schema>, context>[]
}

/** The input type of an endpoint's request. */
export type InputOf<endpoint extends Endpoint<any, any>> = v.InferInput<endpoint['schema']>
/** The normalised request that is sent. */
export type OutputOf<endpoint extends Endpoint<any, any>> = v.InferOutput<endpoint['schema']>
/** The context an endpoint's rules may use (instrument, position mode, ...). */
export type ContextOf<endpoint extends Endpoint<any, any>> =
  endpoint extends Endpoint<any, infer context> ? context : never

/** The context argument of an endpoint's check: optional when the endpoint's rules need none. */
export type ContextArgument<endpoint extends Endpoint<any, any>> =
  {} extends ContextOf<endpoint>
    ? [context?: ContextOf<endpoint> | undefined]
    : [context: ContextOf<endpoint>]

/**
 * Defines an endpoint; `rules` default to none. `schema` is a schema, or a function that builds
 * it: the function runs on the first read of `endpoint.schema` and its schema is kept, so that
 * importing a module of many endpoints builds none of their schemas until one is used.
 *
 * @example
 * import * as v from 'valibot'
 * import { Endpoint } from '@tradeline/rules'
 * const time = Endpoint.define({ id: 'public.time', method: 'GET', path: '/api/v2/public/time', auth: false, schema: () => v.strictObject({}) })
 * time.path // '/api/v2/public/time'
 */
export function define<const schema extends Schema, context = {}>(endpoint: {
  id: string
  method: 'GET' | 'POST'
  path: string
  auth: boolean
  schema: schema | (() => schema)
  rules?: readonly Rule<v.InferOutput<schema>, context>[] | undefined
}): Endpoint<schema, context> {
  const { id, method, path, auth, schema } = endpoint
  const rules = endpoint.rules ?? []
  if (typeof schema !== 'function') return { ...endpoint, schema, rules }
  const build = once(schema)
  return {
    id,
    method,
    path,
    auth,
    get schema() {
      return build()
    },
    rules,
  }
}

/**
 * Checks a request against an endpoint: schema, cross-field rules, instrument and mode rules.
 * Returns the normalised request on success and every issue on failure; never throws on bad
 * input.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * const result = Endpoint.check(Unified.cancelOrder, { category: 'spot' })
 * result.success // false: one of orderId and clientOid is required
 */
export function check<endpoint extends Endpoint<any, any>>(
  endpoint: endpoint,
  input: unknown,
  ...context: ContextArgument<endpoint>
): CheckResult<OutputOf<endpoint>>
// The context as a plain parameter (the signature above types it): a rest parameter is an array
// made on every call, and `assert` spread it into `check` again.
export function check(
  endpoint: Endpoint<any, any>,
  input: unknown,
  context?: unknown,
): CheckResult<unknown> {
  // A valid request is shown so by its present keys alone; anything else gets valibot's full parse.
  const result = fastParse(endpoint.schema, input) ?? v.safeParse(endpoint.schema, input)
  const issues: Issue[] = result.issues ? fromValibot(result.issues) : []
  let draft = result.output as Record<string, unknown> | undefined
  let failed: ReadonlySet<string | number> | undefined
  if (result.issues) {
    // valibot reports only the first unknown key of an object; the caller wants them all.
    if (issues.some((issue) => issue.type === 'unknown'))
      addUnique(issues, unknownKeys(endpoint.schema, input))
    failed = new Set(issues.map((issue) => issue.path[0] ?? ''))
    draft = draftOf(result.output, issues)
  }
  if (draft !== undefined) {
    const ctx = context ?? {}
    for (const rule of endpoint.rules) {
      const found = rule(draft, ctx)
      if (found && found.length > 0) addUnique(issues, found, failed)
    }
  }
  if (issues.length > 0) return { success: false, issues: onePerField(issues) as unknown as Issues }
  return { success: true, output: result.output }
}

/**
 * One field, one issue: issues that name the same field are merged into one, so one mistake
 * reads as one message. The issue kept is the one saying the field must not be sent at all
 * (`unknown`, `forbidden`, `unsupported`), else the first found; its message adds what the
 * others expected. Issues of the whole request (empty path) stay apart.
 */
function onePerField(issues: readonly Issue[]): Issue[] {
  const byField = new Map<string, Issue>()
  const whole: Issue[] = []
  for (const issue of issues) {
    if (issue.path.length === 0) {
      whole.push(issue)
      continue
    }
    const key = pathKey(issue.path)
    const prior = byField.get(key)
    if (prior === undefined) byField.set(key, issue)
    else
      byField.set(
        key,
        removes(issue) && !removes(prior) ? merge(issue, prior) : merge(prior, issue),
      )
  }
  return [...whole, ...byField.values()]
}

/** Whether an issue says the field must go, whatever its value. */
function removes(issue: Issue): boolean {
  return issue.type === 'unknown' || issue.type === 'forbidden' || issue.type === 'unsupported'
}

/**
 * Whether the request passes every rule of the endpoint.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.cancelOrder, { orderId: '1' }) // true
 */
export function validate<endpoint extends Endpoint<any, any>>(
  endpoint: endpoint,
  input: unknown,
  ...context: ContextArgument<endpoint>
): input is InputOf<endpoint>
export function validate(endpoint: Endpoint<any, any>, input: unknown, context?: unknown): boolean {
  return (check as Check)(endpoint, input, context).success
}

/**
 * Returns the normalised request, or throws a {@link ValidationError} that lists every issue.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.assert(Unified.cancelOrder, { orderId: '1' }) // { orderId: '1' }
 */
export function assert<endpoint extends Endpoint<any, any>>(
  endpoint: endpoint,
  input: unknown,
  ...context: ContextArgument<endpoint>
): OutputOf<endpoint>
export function assert(endpoint: Endpoint<any, any>, input: unknown, context?: unknown): unknown {
  const result = (check as Check)(endpoint, input, context)
  if (!result.success) throw new ValidationError({ endpoint: endpoint.id, issues: result.issues })
  return result.output
}

/** `check` as its implementation takes its arguments (for the functions that pass a context on). */
type Check = (
  endpoint: Endpoint<any, any>,
  input: unknown,
  context?: unknown,
) => CheckResult<unknown>

/** Keeps the top-level fields without issues, so rules see only values of the right type. */
function draftOf(output: unknown, issues: readonly Issue[]): Record<string, unknown> | undefined {
  if (typeof output !== 'object' || output === null || Array.isArray(output)) return undefined
  const draft: Record<string, unknown> = { ...(output as Record<string, unknown>) }
  for (const issue of issues) {
    const key = issue.path[0]
    if (typeof key === 'string') delete draft[key]
  }
  return draft
}

/**
 * Adds issues not already reported (same type and path), so one field gets one message per
 * rule. A field that failed its own schema is absent from the draft, so a rule's issue about
 * it (typically "missing") would only repeat the schema's: it is left out.
 */
function addUnique(
  issues: Issue[],
  found: readonly Issue[],
  failed?: ReadonlySet<string | number> | undefined,
): void {
  if (found.length === 0) return
  // The keys of the issues already there, built once: a request with thousands of unknown keys
  // was checked in quadratic time (each new issue compared with every earlier one's joined
  // path), and one signed batch of 178 kB held a server's event loop for 37 s.
  const seen = new Set<string>()
  for (const issue of issues) seen.add(`${issue.type}\u0001${pathKey(issue.path)}`)
  for (const issue of found) {
    if (failed?.has(issue.path[0] ?? '')) continue
    const key = `${issue.type}\u0001${pathKey(issue.path)}`
    if (seen.has(key)) continue
    seen.add(key)
    issues.push(issue)
  }
}

function pathKey(path: Path): string {
  return path.join('\u0000')
}

/**
 * Thrown before anything is sent when a request breaks a rule; lists every issue with its
 * field path.
 *
 * @example
 * import { ValidationError } from '@tradeline/rules'
 * const error = new ValidationError({ endpoint: 'unified.placeOrder', issues: [{ type: 'missing', path: ['qty'], expected: 'a value', received: 'undefined', message: 'qty: expected a value, received undefined' }] })
 * error.shortMessage // 'Invalid request for unified.placeOrder: 1 issue.'
 */
export class ValidationError extends BaseError {
  static override readonly kind: string = 'ValidationError'
  override name = 'ValidationError'
  /** The endpoint whose rules were broken. */
  readonly endpoint: string
  /** Every issue found. */
  readonly issues: Issues

  constructor(parameters: { endpoint: string; issues: Issues }) {
    const n = parameters.issues.length
    super(`Invalid request for ${parameters.endpoint}: ${n} issue${n === 1 ? '' : 's'}.`, {
      metaMessages: parameters.issues.map((issue) => `- ${issue.message}`),
    })
    this.endpoint = parameters.endpoint
    this.issues = parameters.issues
  }
}
