/**
 * Reconciliation of unknown outcomes of classic orders (the exchange docs: 40010, 40725,
 * 45001, timeouts, lost connections): the order is looked up with order detail by `clientOid`
 * (GET /api/v2/mix/order/detail needs its symbol and product type) through core's `settle`.
 * Nothing is ever sent twice.
 */
import {
  ApiError,
  type BaseError,
  settle as coreSettle,
  orderAbsentCodes,
  type ReconcileOptions,
  type ReconcileSettings,
  reconcileSettings,
  sendRequest,
  type Verdict,
} from '@tradeline/core'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import { Decimal } from '@tradeline/rules/shared'
import type { ClientBase } from './internal/client.js'
import { type OrderDetail, orderDetail } from './schemas/records.js'

/** Which order to look up: its contract, and `orderId` (wins) or `clientOid`. */
export type OrderQuery = {
  symbol: string
  productType: string
  orderId?: string | undefined
  clientOid?: string | undefined
}

/**
 * Reads one order with order detail; `undefined` when the exchange answers that it does not
 * exist (43001, 40109).
 *
 * @example
 * import { createClassicFuturesClient, lookUpOrder } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await lookUpOrder(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', clientOid: 'never-sent' }) // undefined
 */
export async function lookUpOrder(
  client: ClientBase,
  query: OrderQuery,
  signal?: AbortSignal | undefined,
): Promise<OrderDetail | undefined> {
  const request = {
    symbol: query.symbol,
    productType: query.productType.toUpperCase(),
    ...(query.orderId !== undefined ? { orderId: query.orderId } : { clientOid: query.clientOid }),
  }
  try {
    return await sendRequest(
      client.transport,
      ClassicFutures.getOrderDetail,
      request,
      orderDetail,
      {
        signal,
      },
    )
  } catch (error) {
    if (ApiError.isInstance(error) && orderAbsentCodes.includes(error.code)) return undefined
    throw error
  }
}

/**
 * The reconciliation settings of a call: its own, else the client's, else the default. Its own
 * are checked (a `ValidationError` of `endpoint` naming the option): ask before sending.
 */
export function settingsOf(
  client: ClientBase,
  own: ReconcileOptions | boolean | undefined,
  endpoint?: { readonly id: string } | undefined,
): ReconcileSettings | undefined {
  return reconcileSettings(own, client.config?.reconcile, endpoint?.id)
}

/** Core's `settle` with order detail of `query` as the lookup. */
export function settle<value>(
  client: ClientBase,
  parameters: Omit<Parameters<typeof coreSettle<value, OrderDetail>>[0], 'lookup'> & {
    query: OrderQuery
  },
): Promise<value> {
  const { query, ...rest } = parameters
  return coreSettle<value, OrderDetail>({
    ...rest,
    lookup: (signal) => lookUpOrder(client, query, signal),
  })
}

/** States in which an order can no longer change. */
export const finalStates: readonly string[] = ['filled', 'canceled', 'cancelled']

/** Whether an order's state is `canceled` (either spelling, docs/records.md). */
export function isCanceled(state: string | null): boolean {
  return state === 'canceled' || state === 'cancelled'
}

/**
 * Whether an order found by `clientOid` is the one a request describes (same symbol, side,
 * type, size and, for a limit order, price): a refused duplicate is then the earlier attempt's
 * order, not an unrelated order that carries the id.
 */
export function sameOrder(
  found: OrderDetail,
  request: {
    symbol: string
    side: string
    orderType: string
    size: string
    price?: string | undefined
  },
): boolean {
  const equal = (a: string | null, b: string | undefined) =>
    b === undefined ||
    (a !== null && Decimal.isDecimal(a) && Decimal.isDecimal(b) && Decimal.compare(a, b) === 0)
  return (
    found.symbol?.toUpperCase() === request.symbol.toUpperCase() &&
    found.side === request.side &&
    found.orderType === request.orderType &&
    equal(found.size, request.size) &&
    (request.orderType !== 'limit' || equal(found.price, request.price))
  )
}

/** A lookup of a placement judged: found is placed; absent is not placed yet (never final). */
export function judgePlaced(
  found: OrderDetail | undefined,
  clientOid: string,
): Verdict<{ orderId: string; clientOid: string }> {
  return found
    ? { kind: 'done', value: { orderId: found.orderId, clientOid } }
    : { kind: 'not-applied', final: false }
}

export type { BaseError }
