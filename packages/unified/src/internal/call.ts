/** The path of one client call: validate, send through core, check the response. */
import {
  type Query,
  ResponseError,
  type Transport,
  UnknownOutcomeError,
  ValidationError,
} from '@tradeline/core'
import { Endpoint, type Instrument, Issue, type Issues, type PositionMode } from '@tradeline/rules'
import * as v from 'valibot'
import { createClientOid } from '../clientOid.js'
import type { MarketData } from './market.js'

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
  /** Instruments for the tick, lot and minimum checks; `false`: none. @default loaded from the exchange */
  readonly instruments?: Instruments | false | undefined
  /** Position mode for the `posSide`/`reduceOnly` checks; `false`: none. @default loaded from the account settings */
  readonly positionMode?: PositionModes | false | undefined
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
  /** The symbols of the orders this client placed, for budgets of calls that name none. @default none */
  readonly symbols?: SymbolMemory | undefined
  /** The instruments and settings loaded from the exchange. @default none (nothing is loaded) */
  readonly loaded?: MarketData | undefined
}

/**
 * The symbols of the orders a client placed, by `orderId` and `clientOid` (the newest 10,000):
 * a cancel by id carries no symbol, yet an rToken cancel counts against the rToken budget.
 */
export class SymbolMemory {
  readonly #bySymbolKey = new Map<string, string>()
  readonly #capacity: number

  constructor(capacity = 10_000) {
    this.#capacity = capacity
  }

  /** Remembers the symbol of an order. */
  remember(
    ids: { orderId?: string | null | undefined; clientOid?: string | null | undefined },
    symbol: unknown,
  ): void {
    if (typeof symbol !== 'string') return
    for (const key of keysOf(ids)) {
      this.#bySymbolKey.delete(key)
      this.#bySymbolKey.set(key, symbol)
    }
    while (this.#bySymbolKey.size > this.#capacity) {
      const oldest = this.#bySymbolKey.keys().next().value as string
      this.#bySymbolKey.delete(oldest)
    }
  }

  /** The symbol of an order named by `orderId` (first) or `clientOid`, when known. */
  symbolOf(ids: {
    orderId?: string | null | undefined
    clientOid?: string | null | undefined
  }): string | undefined {
    for (const key of keysOf(ids)) {
      const symbol = this.#bySymbolKey.get(key)
      if (symbol !== undefined) return symbol
    }
    return undefined
  }
}

function keysOf(ids: {
  orderId?: string | null | undefined
  clientOid?: string | null | undefined
}): string[] {
  const keys: string[] = []
  if (typeof ids.orderId === 'string') keys.push(`o:${ids.orderId}`)
  if (typeof ids.clientOid === 'string') keys.push(`c:${ids.clientOid}`)
  return keys
}

/**
 * Refuses a top-level argument of the wrong kind before anything reads it: a `ValidationError`
 * naming the argument, not a `TypeError` from inside the action.
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

/** The `ValidationError` of a request the endpoint's rules refuse, or `undefined` when it passes. */
export function checkOf(
  endpoint: Endpoint.Endpoint<any, any>,
  input: unknown,
  context: unknown,
): ValidationError | undefined {
  const result = (
    Endpoint.check as (e: unknown, i: unknown, c: unknown) => ReturnType<typeof Endpoint.check>
  )(endpoint, input, context)
  return result.success
    ? undefined
    : new ValidationError({ endpoint: endpoint.id, issues: result.issues })
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
  options: CallOptions & {
    channelApiCode?: boolean | undefined
    /** The symbol of the order the call acts on, for the rate limiter. */
    symbol?: string | undefined
  } = {},
): Promise<v.InferOutput<schema>> {
  const data = await client.transport.request({
    endpoint,
    ...(endpoint.method === 'GET' ? { query: request as Query } : { body: request }),
    signal: options.signal,
    ...(options.channelApiCode ? { channelApiCode: true } : {}),
    ...(options.symbol !== undefined && { symbol: options.symbol }),
  })
  try {
    return parse(endpoint, response, data)
  } catch (error) {
    // The exchange said `00000` to a change, but its data is not what the endpoint returns: the
    // change was most likely applied, and what it produced is unknown. Reconcile, do not fail.
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
    part: 'data',
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
