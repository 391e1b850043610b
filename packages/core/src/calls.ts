/**
 * The parts of one client call that every client shares: refusing a wrong top-level argument,
 * generating the `clientOid` of an order, sending a checked request and checking the response
 * data against the client's schema, and combining abort signals.
 */
import { Endpoint, Issue, type Issues, ValidationError } from '@tradeline/rules/shared'
import * as v from 'valibot'
import type { CallOptions, ClientBase } from './createClientBase.js'
import type { Transport } from './createTransport.js'
import { ResponseError, UnknownOutcomeError } from './Errors.js'
import type { Query } from './sign.js'

/** The characters of a generated id: those both published clientOid patterns accept (docs/architecture.md). */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'

/**
 * Makes a random `clientOid`: 24 characters of `[A-Za-z0-9_-]` (144 random bits from
 * `crypto.getRandomValues`), so both published patterns accept it and no two collide in practice.
 *
 * @example
 * import { createClientOid } from '@tradeline/core'
 * createClientOid() // 'Jc3m_0q9ZyXb-4TtUu1wQe8K'
 */
export function createClientOid(): string {
  // Random bytes are drawn 64 ids at a time (one `getRandomValues` call per id was 10 us of a
  // place-order in Node, measured), each byte used once, and written as the text of the 64 ids
  // at once: an id is a slice of it, not 24 string concatenations.
  if (used === pool.length) {
    crypto.getRandomValues(pool)
    for (let i = 0; i < pool.length; i++) pool[i] = codes[(pool[i] as number) & 63] as number
    ids = String.fromCharCode.apply(null, pool as unknown as number[])
    used = 0
  }
  const id = ids.slice(used, used + 24)
  used += 24
  return id
}

const pool = new Uint8Array(24 * 64)
let used = pool.length
/** The text of the ids drawn last. */
let ids = ''
const codes = Uint8Array.from(alphabet, (c) => c.charCodeAt(0))

/**
 * The `clientOid` of a new order: the given one, else one from the client's generator
 * (`config.clientOid`), else {@link createClientOid}.
 *
 * @example
 * import { clientOidFor } from '@tradeline/core'
 * clientOidFor({ config: { clientOid: () => 'mine-1' } }, undefined) // 'mine-1'
 */
export function clientOidFor(
  client: { readonly config?: { readonly clientOid?: (() => string) | undefined } | undefined },
  given: string | undefined,
): string {
  return given ?? (client.config?.clientOid ?? createClientOid)()
}

/**
 * `{ ...order, clientOid }`, copied key by key: V8 (Node 20) cloned an object with a property
 * added after the spread in about 0.7 us, five times a copy loop. The same object as the spread:
 * own enumerable string keys in their order, then symbol keys (the mark of a `retryWith`), as data
 * properties; anything a loop could copy otherwise (an inherited enumerable key, an own
 * `__proto__`) takes the spread itself.
 *
 * @example
 * import { withClientOid } from '@tradeline/core/internal'
 * withClientOid({ symbol: 'BTCUSDT' }, 'a-1') // { symbol: 'BTCUSDT', clientOid: 'a-1' }
 */
export function withClientOid<order extends object>(
  order: order,
  clientOid: string,
): order & { clientOid: string } {
  const copy: Record<PropertyKey, unknown> = {}
  for (const key in order) {
    // A key Object.prototype has (`__proto__`, or a frozen one): assigned, it would not copy.
    if (key in Object.prototype || !Object.hasOwn(order, key)) return { ...order, clientOid }
    copy[key] = order[key]
  }
  for (const key of Object.getOwnPropertySymbols(order))
    if (Object.prototype.propertyIsEnumerable.call(order, key))
      copy[key] = (order as Record<PropertyKey, unknown>)[key]
  copy.clientOid = clientOid
  return copy as order & { clientOid: string }
}

/**
 * Refuses a top-level argument of the wrong kind before anything reads it: a `ValidationError`
 * naming the argument, not a `TypeError` from inside the action.
 *
 * @example
 * import { requireArgument } from '@tradeline/core/internal'
 * requireArgument({ id: 'classic.placeOrder' }, null, 'object') // throws ValidationError: parameters: expected an object, received null
 */
export function requireArgument(
  endpoint: { readonly id: string },
  value: unknown,
  expected: 'object' | 'array',
  name = 'parameters',
): void {
  const ok =
    expected === 'array'
      ? Array.isArray(value)
      : typeof value === 'object' && value !== null && !Array.isArray(value)
  if (ok) return
  const wanted = expected === 'array' ? 'an array' : 'an object'
  const issue = Issue.create({
    type: 'type',
    path: [],
    expected: wanted,
    received: Issue.describe(value),
    message: `${name}: expected ${wanted}, received ${Issue.describe(value)}`,
  })
  throw new ValidationError({ endpoint: endpoint.id, issues: [issue] as unknown as Issues })
}

/**
 * Checks response data against a client's schema; a mismatch is a `ResponseError` naming the
 * first field that does not fit.
 *
 * @example
 * import { parseData } from '@tradeline/core'
 * import * as v from 'valibot'
 * parseData(endpoint, v.object({ orderId: v.string() }), { orderId: '1' }) // { orderId: '1' }
 */
export function parseData<schema extends v.GenericSchema>(
  endpoint: Endpoint.Endpoint<any, any>,
  schema: schema,
  data: unknown,
  redact: (text: string) => string = (text) => text,
): v.InferOutput<schema> {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  const issue = result.issues[0]
  const where = issue.path?.map((item) => String(item.key)).join('.') || 'data'
  throw new ResponseError({
    endpoint: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    status: 200,
    // The message quotes the value it received, which an upstream may have filled with an echo.
    problem: redact(`${where}: ${issue.message}`),
    part: 'data',
  })
}

/**
 * Sends a checked request through a transport and checks the response data with `schema`. The
 * data of a change that does not fit (the exchange said `00000`, but what it produced is not
 * known) is an `UnknownOutcomeError` with reason `malformed`, to be reconciled, not a failure.
 *
 * @example
 * import { sendRequest } from '@tradeline/core'
 * import { ClassicFutures } from '@tradeline/rules/classic-futures'
 * await sendRequest(transport, ClassicFutures.cancelOrder, request, orderAck) // { orderId: '1', clientOid: 'a' }
 */
export async function sendRequest<schema extends v.GenericSchema>(
  transport: Transport,
  endpoint: Endpoint.Endpoint<any, any>,
  request: unknown,
  schema: schema,
  options: sendRequest.Options = {},
): Promise<v.InferOutput<schema>> {
  const data = await transport.request(requestParameters(endpoint, request, options))
  return checkedData(transport, endpoint, schema, data)
}

/** What {@link sendRequest} asks of the transport: one object, nothing spread. */
export function requestParameters(
  endpoint: Endpoint.Endpoint<any, any>,
  request: unknown,
  options: sendRequest.Options,
): Transport.RequestParameters {
  const parameters: Transport.RequestParameters =
    endpoint.method === 'GET'
      ? { endpoint, query: request as Query, signal: options.signal }
      : { endpoint, body: request, signal: options.signal }
  if (options.channelApiCode) parameters.channelApiCode = true
  if (options.symbol !== undefined) parameters.symbol = options.symbol
  if (options.onSend !== undefined) parameters.onSend = options.onSend
  return parameters
}

/**
 * The response data of {@link sendRequest} checked with `schema`: the data of a change that does
 * not fit is an `UnknownOutcomeError` with reason `malformed`.
 */
export function checkedData<schema extends v.GenericSchema>(
  transport: Transport,
  endpoint: Endpoint.Endpoint<any, any>,
  schema: schema,
  data: unknown,
): v.InferOutput<schema> {
  try {
    return parseData(endpoint, schema, data, transport.redact)
  } catch (error) {
    if (endpoint.method === 'GET') throw error
    throw new UnknownOutcomeError({
      endpoint: endpoint.id,
      method: endpoint.method,
      path: endpoint.path,
      reason: 'malformed',
      code: '00000',
      status: 200,
      cause: error,
    })
  }
}

export declare namespace sendRequest {
  type Options = {
    /** Aborts the call. @default undefined */
    signal?: AbortSignal | undefined
    /** Sends the transport's broker code as `X-CHANNEL-API-CODE`. @default false */
    channelApiCode?: boolean | undefined
    /** The symbol the call acts on, for the rate limiter. @default undefined */
    symbol?: string | undefined
    /** Called as each attempt is sent (the transport's `onSend`). @default undefined */
    onSend?: (() => void) | undefined
  }
}

/**
 * The signal of one call: a client's and the call's own together (either alone when the other
 * is absent).
 *
 * @example
 * import { combineSignals } from '@tradeline/core/internal'
 * combineSignals(undefined, undefined) // undefined
 */
export function combineSignals(
  shared: AbortSignal | undefined,
  own: AbortSignal | undefined,
): AbortSignal | undefined {
  if (shared === undefined || shared === null) return own
  if (own === undefined || own === null) return shared
  // A value that is not a signal goes on alone, for the transport to refuse by name.
  if (!(own instanceof AbortSignal)) return own
  return AbortSignal.any([shared, own])
}

/**
 * Codes with which an order lookup says the order does not exist (the exchange docs).
 *
 * @example
 * import { orderAbsentCodes } from '@tradeline/core'
 * orderAbsentCodes.includes('43001') // true
 */
export const orderAbsentCodes: readonly string[] = ['43001', '40109']

/**
 * Codes with which a placement refuses a `clientOid` that an order already carries
 * (the exchange docs).
 *
 * @example
 * import { duplicateClientOidCodes } from '@tradeline/core'
 * duplicateClientOidCodes.includes('43118') // true
 */
export const duplicateClientOidCodes: readonly string[] = ['43118', '25212']

/** What a plain call needs of a client: its transport and the signal that aborts all its calls. */
export type CallingClient = ClientBase

/**
 * Validates a request with the endpoint's rules and what they may know beyond it (`context`: an
 * instrument, a position mode, the time): the request as the rules give it back, or a
 * `ValidationError` listing every issue.
 *
 * @example
 * import { validateRequest } from '@tradeline/core'
 * import { Unified } from '@tradeline/rules/unified'
 * validateRequest(Unified.getUnfilledOrders, { category: 'SPOT' }) // { category: 'SPOT' }
 */
export function validateRequest(
  endpoint: Endpoint.Endpoint<any, any>,
  input: unknown,
  context?: unknown,
): unknown {
  return (Endpoint.assert as (e: unknown, i: unknown, c: unknown) => unknown)(
    endpoint,
    input,
    context,
  )
}

/**
 * Validates `input` with the endpoint's rules (a `ValidationError` listing every issue, nothing
 * sent), sends it and checks the response data with `response` (`sendRequest`), under the call's
 * and the client's signals.
 *
 * @example
 * import { callEndpoint } from '@tradeline/core'
 * import { Savings } from '@tradeline/rules/savings'
 * await callEndpoint(client, Savings.getSubscribeResult, { orderId: '1', periodType: 'flexible' }, schema)
 */
export async function callEndpoint<schema extends v.GenericSchema>(
  client: CallingClient,
  endpoint: Endpoint.Endpoint<any, any>,
  input: unknown,
  response: schema,
  options: CallOptions = {},
): Promise<v.InferOutput<schema>> {
  return sendRequest(client.transport, endpoint, validateRequest(endpoint, input), response, {
    signal: combineSignals(client.config?.signal, options.signal),
  })
}

/**
 * Leaves out the keys whose value is `undefined` (for `exactOptionalPropertyTypes`).
 *
 * @example
 * import { defined } from '@tradeline/core/internal'
 * defined({ a: 1, b: undefined }) // { a: 1 }
 */
export function defined<value extends Record<string, unknown>>(value: value): value {
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item
  return out as value
}
