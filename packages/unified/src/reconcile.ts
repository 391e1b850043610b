/**
 * Reconciliation of unknown outcomes (place-order rule 9): after `40010`, `40725`, `45001`, a
 * timeout or a lost connection, the order is looked up with order-info, with backoff, until
 * the lookups show what happened. Nothing is ever sent twice: an order that is provably absent
 * is reported, and the caller decides whether to place it again (with the same `clientOid`).
 */
import { ApiError, BaseError, UnknownOutcomeError } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import type { ClientBase, ReconcileOptions } from './internal/call.js'
import { send } from './internal/call.js'
import { sleep } from './internal/sleep.js'
import { type OrderRecord, orderRecord } from './schemas/order.js'

/** Codes with which order-info says the order does not exist. */
export const orderAbsentCodes: readonly string[] = ['43001', '40109']

/** The default reconciliation: 6 lookups, 0, 250, 500, 1000, 2000 and 4000 ms apart. */
export const defaultReconcile = { attempts: 6, baseDelayMs: 250 } as const

/** Reconciliation settings with every default filled in. */
export type ReconcileSettings = { readonly attempts: number; readonly baseDelayMs: number }

/** What a lookup shows: the order's record, or `undefined` when the exchange says it does not exist. */
export type Lookup = OrderRecord | undefined

/** How a lookup is judged: settled with a value, not applied (for now, or for good), or pending. */
export type Verdict<value> =
  | { readonly kind: 'done'; readonly value: value }
  | { readonly kind: 'not-applied'; readonly final: boolean }
  | { readonly kind: 'pending' }

/**
 * The reconciliation settings of a call: the call's own, else the client's, else the default;
 * `undefined` when reconciliation is off.
 */
export function settingsOf(
  client: ClientBase,
  own: ReconcileOptions | boolean | undefined,
): ReconcileSettings | undefined {
  const chosen = own ?? client.config?.reconcile ?? true
  if (chosen === false) return undefined
  const given = chosen === true ? {} : chosen
  return {
    attempts: given.attempts ?? defaultReconcile.attempts,
    baseDelayMs: given.baseDelayMs ?? defaultReconcile.baseDelayMs,
  }
}

/**
 * Reads one order by `orderId` or `clientOid`; `undefined` when the exchange answers that it
 * does not exist (43001).
 *
 * @example
 * import { createUnifiedClient, lookUpOrder } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await lookUpOrder(client, { clientOid: 'never-sent' }) // undefined
 */
export async function lookUpOrder(
  client: ClientBase,
  query: { orderId?: string | undefined; clientOid?: string | undefined },
  signal?: AbortSignal | undefined,
): Promise<Lookup> {
  const request =
    query.orderId !== undefined ? { orderId: query.orderId } : { clientOid: query.clientOid }
  try {
    return await send(client, Unified.getOrderInfo, request, orderRecord, { signal })
  } catch (error) {
    if (ApiError.isInstance(error) && orderAbsentCodes.includes(error.code)) return undefined
    throw error
  }
}

/**
 * Looks the order up until `judge` settles: returns the value of a `done` verdict, throws what
 * `notApplied` builds on a final `not-applied` verdict or when the last lookup still showed the
 * change not applied, and throws `error` again (the outcome is still unknown) when every lookup
 * failed, the last lookups stayed pending, or `signal` aborted.
 */
export async function settle<value>(
  client: ClientBase,
  parameters: {
    error: BaseError
    settings: ReconcileSettings
    query: { orderId?: string | undefined; clientOid?: string | undefined }
    judge: (lookup: Lookup) => Verdict<value>
    notApplied: (lookup: Lookup, attempts: number) => BaseError
    signal?: AbortSignal | undefined
  },
): Promise<value> {
  const { error, settings, query, judge, signal } = parameters
  let last: Verdict<value> | undefined
  let lastLookup: Lookup
  let attempt = 0
  for (; attempt < settings.attempts; attempt++) {
    if (attempt > 0) {
      const waited = await sleep(settings.baseDelayMs * 2 ** (attempt - 1), signal)
      if (!waited) throw error
    }
    if (signal?.aborted) throw error
    try {
      lastLookup = await lookUpOrder(client, query, signal)
    } catch {
      last = undefined
      continue
    }
    last = judge(lastLookup)
    if (last.kind === 'done') return last.value
    if (last.kind === 'not-applied' && last.final) break
  }
  if (last?.kind === 'not-applied')
    throw parameters.notApplied(lastLookup, Math.min(attempt + 1, settings.attempts))
  throw error
}

/** Whether an error leaves the outcome unknown and reconciliation may settle it. */
export function isReconcilable(
  error: unknown,
  signal: AbortSignal | undefined,
): error is UnknownOutcomeError {
  return UnknownOutcomeError.isInstance(error) && error.reason !== 'aborted' && !signal?.aborted
}

/**
 * A placement whose outcome was unknown turned out not to have been applied: order-info
 * answered "order does not exist" for its `clientOid` through the whole reconciliation window.
 * Placing it again with the same `clientOid` is safe (a duplicate is refused by the exchange).
 *
 * @example
 * import { OrderNotPlacedError } from '@tradeline/unified'
 * const error = new OrderNotPlacedError({ endpoint: 'unified.placeOrder', clientOid: 'my-1', attempts: 6 })
 * error.retrySafe // true
 */
export class OrderNotPlacedError extends BaseError {
  static override readonly kind: string = 'OrderNotPlacedError'
  override name = 'OrderNotPlacedError'
  /** The endpoint whose outcome was unknown. */
  readonly endpoint: string
  /** The `clientOid` that no order carries. */
  readonly clientOid: string
  /** Lookups made. */
  readonly attempts: number
  /** Placing again with the same `clientOid` is safe. */
  readonly retrySafe = true as const

  constructor(parameters: {
    endpoint: string
    clientOid: string
    attempts: number
    cause?: unknown
  }) {
    super(`The order ${parameters.clientOid} was not placed.`, {
      metaMessages: [
        `The outcome of ${parameters.endpoint} was unknown; ${parameters.attempts} lookups by clientOid found no order.`,
        'Nothing was sent again; place it again with the same clientOid if it is still wanted.',
      ],
      cause: parameters.cause,
    })
    this.endpoint = parameters.endpoint
    this.clientOid = parameters.clientOid
    this.attempts = parameters.attempts
  }
}

/**
 * A modification or cancellation whose outcome was unknown turned out not to have been
 * applied: the order still shows its old state (or is filled, or does not exist).
 *
 * @example
 * import { OrderNotChangedError } from '@tradeline/unified'
 * const error = new OrderNotChangedError({ endpoint: 'unified.cancelOrder', order: undefined, attempts: 1 })
 * error.shortMessage // 'The order was not changed by unified.cancelOrder.'
 */
export class OrderNotChangedError extends BaseError {
  static override readonly kind: string = 'OrderNotChangedError'
  override name = 'OrderNotChangedError'
  /** The endpoint whose outcome was unknown. */
  readonly endpoint: string
  /** The order as the last lookup showed it; `undefined` when it does not exist. */
  readonly order: OrderRecord | undefined
  /** Lookups made. */
  readonly attempts: number

  constructor(parameters: {
    endpoint: string
    order: OrderRecord | undefined
    attempts: number
    cause?: unknown
  }) {
    const { order } = parameters
    super(
      `The order${order ? ` ${order.orderId}` : ''} was not changed by ${parameters.endpoint}.`,
      {
        metaMessages: [
          order
            ? `Its status is ${order.orderStatus ?? 'unknown'} after ${parameters.attempts} lookups.`
            : `The order does not exist (${parameters.attempts} lookups).`,
        ],
        cause: parameters.cause,
      },
    )
    this.endpoint = parameters.endpoint
    this.order = order
    this.attempts = parameters.attempts
  }
}

/**
 * The exchange acknowledged an order with a null `orderId` (a reduce-only replacement, rule 5)
 * and no order could be found by its `clientOid`.
 *
 * @example
 * import { OrderIdUnresolvedError } from '@tradeline/unified'
 * new OrderIdUnresolvedError({ clientOid: 'my-1' }).clientOid // 'my-1'
 */
export class OrderIdUnresolvedError extends BaseError {
  static override readonly kind: string = 'OrderIdUnresolvedError'
  override name = 'OrderIdUnresolvedError'
  /** The `clientOid` of the acknowledged order. */
  readonly clientOid: string

  constructor(parameters: { clientOid: string; cause?: unknown }) {
    super(`The order ${parameters.clientOid} was acknowledged without an orderId and not found.`, {
      cause: parameters.cause,
    })
    this.clientOid = parameters.clientOid
  }
}
