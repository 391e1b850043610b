/** The path of one client call: validate, send through core, check the response. */
import { type Query, ResponseError, type Transport } from '@tradeline/core'
import { Endpoint, type Instrument, type PositionMode } from '@tradeline/rules'
import * as v from 'valibot'
import { createClientOid } from '../clientOid.js'

/** A category as the rules know it (`SPOT`, `MARGIN`, `USDT-FUTURES`, ...). */
export type CategoryName = string

/** The instruments a client knows: a record by symbol, or a loader. */
export type Instruments =
  | Readonly<Record<string, Instrument>>
  | ((
      symbol: string,
      category: CategoryName | undefined,
    ) => Instrument | undefined | Promise<Instrument | undefined>)

/** The account's position mode: one for every futures line, one per category, or a loader. */
export type PositionModes =
  | PositionMode.Mode
  | Readonly<Partial<Record<CategoryName, PositionMode.Mode>>>
  | ((
      category: CategoryName,
    ) => PositionMode.Mode | undefined | Promise<PositionMode.Mode | undefined>)

/** How an unknown outcome is reconciled. */
export type ReconcileOptions = {
  /** Lookups of the order before giving up. @default 6 */
  attempts?: number | undefined
  /** Wait before the first lookup, doubled before each next one, in milliseconds. @default 250 */
  baseDelayMs?: number | undefined
}

/** What the client knows beyond its transport. */
export type ClientConfig = {
  /** Instruments for the tick, lot and minimum checks. */
  readonly instruments?: Instruments | undefined
  /** Position mode for the `posSide`/`reduceOnly` checks. */
  readonly positionMode?: PositionModes | undefined
  /** Reconciliation of unknown outcomes, or `false`. */
  readonly reconcile?: ReconcileOptions | false | undefined
  /** Makes the `clientOid` of an order that has none. */
  readonly clientOid?: (() => string) | undefined
  /** Aborts every call of the client (also its reconciliation). */
  readonly signal?: AbortSignal | undefined
}

/** What every action needs of a client. */
export type ClientBase = {
  /** The transport that signs and sends. */
  readonly transport: Transport
  /** What the client knows beyond its transport. @default {} */
  readonly config?: ClientConfig | undefined
}

/** Options every action takes. */
export type CallOptions = {
  /** Aborts this call. @default undefined */
  signal?: AbortSignal | undefined
}

/** Options of an order-changing action. */
export type ChangeOptions = CallOptions & {
  /** Reconciles an unknown outcome of this call (overrides the client's option). @default the client's `reconcile` */
  reconcile?: ReconcileOptions | boolean | undefined
}

/**
 * Validates `input` with the endpoint's rules (throwing a `ValidationError` that lists every
 * issue before anything is sent), sends it, and checks the response data with `response`.
 */
export async function call<schema extends v.GenericSchema>(
  client: ClientBase,
  endpoint: Endpoint.Endpoint<any, any>,
  input: unknown,
  context: unknown,
  response: schema,
  options: CallOptions & { channelApiCode?: boolean | undefined } = {},
): Promise<v.InferOutput<schema>> {
  const request = validate(endpoint, input, context)
  return send(client, endpoint, request, response, options)
}

/** Validates a request with the endpoint's rules; throws a `ValidationError` listing every issue. */
export function validate(
  endpoint: Endpoint.Endpoint<any, any>,
  input: unknown,
  context: unknown,
): unknown {
  return (Endpoint.assert as (e: unknown, i: unknown, c: unknown) => unknown)(
    endpoint,
    input,
    context,
  )
}

/** Sends a validated request and checks the response data. */
export async function send<schema extends v.GenericSchema>(
  client: ClientBase,
  endpoint: Endpoint.Endpoint<any, any>,
  request: unknown,
  response: schema,
  options: CallOptions & { channelApiCode?: boolean | undefined } = {},
): Promise<v.InferOutput<schema>> {
  const data = await client.transport.request({
    endpoint,
    ...(endpoint.method === 'GET' ? { query: request as Query } : { body: request }),
    signal: options.signal,
    ...(options.channelApiCode ? { channelApiCode: true } : {}),
  })
  return parse(endpoint, response, data)
}

/** Checks response data against the package's schema; a mismatch is a `ResponseError`. */
export function parse<schema extends v.GenericSchema>(
  endpoint: Endpoint.Endpoint<any, any>,
  schema: schema,
  data: unknown,
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
    problem: `${where}: ${issue.message}`,
  })
}

/** The signal of one call: the call's and the client's together. */
export function signalOf(
  client: ClientBase,
  own: AbortSignal | undefined,
): AbortSignal | undefined {
  const shared = client.config?.signal
  if (shared === undefined) return own
  if (own === undefined) return shared
  return AbortSignal.any([shared, own])
}

/** The `clientOid` of a new order: the given one, else one from the client's generator. */
export function clientOidFor(client: ClientBase, given: string | undefined): string {
  return given ?? (client.config?.clientOid ?? createClientOid)()
}
