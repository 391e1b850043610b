/** The path of one client call: validate, send through core, check the response. */
import {
  combineSignals,
  createClientOid,
  parseData,
  sendRequest,
  type Transport,
  ValidationError,
} from '@tradeline/core'
import { Endpoint, type Instrument, type PositionMode } from '@tradeline/rules'
import type * as v from 'valibot'
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
 * The symbols of the orders a client placed, by `orderId` and `clientOid` (at least the newest
 * 10,000 of each): a cancel by id carries no symbol, yet an rToken cancel counts against the
 * rToken budget.
 *
 * Two generations of at most `capacity` keys each: when the newer is full it becomes the older
 * and the older is dropped. Every operation is O(1); evicting the oldest key of one Map one at a
 * time is not (V8 skips the deleted entries at its front on every `keys().next()`: measured
 * 5-6 us per order once full, most of the client's own work on a place-order).
 */
export class SymbolMemory {
  #newer = new Map<string, string>()
  #older = new Map<string, string>()
  readonly #capacity: number
  readonly #keeps: ((symbol: string) => boolean) | undefined

  /**
   * @param capacity keys per generation
   * @param keeps which symbols are worth keeping (the client keeps rToken pairs only: a symbol
   * the memory does not know counts against the same budget as any other pair)
   */
  constructor(capacity = 10_000, keeps?: ((symbol: string) => boolean) | undefined) {
    this.#capacity = capacity
    this.#keeps = keeps
  }

  /** Remembers the symbol of an order. */
  remember(
    ids: { orderId?: string | null | undefined; clientOid?: string | null | undefined },
    symbol: unknown,
  ): void {
    if (typeof symbol !== 'string' || this.#keeps?.(symbol) === false) return
    for (const key of keysOf(ids)) {
      if (this.#newer.size >= this.#capacity) {
        this.#older = this.#newer
        this.#newer = new Map()
      }
      this.#newer.set(key, symbol)
    }
  }

  /** The symbol of an order named by `orderId` (first) or `clientOid`, when known. */
  symbolOf(ids: {
    orderId?: string | null | undefined
    clientOid?: string | null | undefined
  }): string | undefined {
    for (const key of keysOf(ids)) {
      const symbol = this.#newer.get(key) ?? this.#older.get(key)
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

export { requireArgument } from '@tradeline/core'

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
  options: CallOptions & {
    channelApiCode?: boolean | undefined
    onSend?: (() => void) | undefined
  } = {},
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

/** Sends a validated request and checks the response data (core's `sendRequest`). */
export async function send<schema extends v.GenericSchema>(
  client: ClientBase,
  endpoint: Endpoint.Endpoint<any, any>,
  request: unknown,
  response: schema,
  options: sendRequest.Options = {},
): Promise<v.InferOutput<schema>> {
  return sendRequest(client.transport, endpoint, request, response, options)
}

/** Checks response data against the package's schema; a mismatch is a `ResponseError`. */
export const parse = parseData

/** The signal of one call: the call's and the client's together. */
export function signalOf(
  client: ClientBase,
  own: AbortSignal | undefined,
): AbortSignal | undefined {
  return combineSignals(client.config?.signal, own)
}

/** The `clientOid` of a new order: the given one, else one from the client's generator. */
export function clientOidFor(client: ClientBase, given: string | undefined): string {
  return given ?? (client.config?.clientOid ?? createClientOid)()
}
