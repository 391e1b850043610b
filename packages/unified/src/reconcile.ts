/**
 * Reconciliation of unknown outcomes (place-order rule 9): after `40010`, `40725`, `45001`, a
 * timeout or a lost connection, the order is looked up with order-info (a `tpsl` strategy order:
 * in the strategy lists), with backoff, until the lookups show what happened. Nothing is ever
 * sent twice: an order that is provably absent is reported, and the caller decides whether to
 * place it again (with the same `clientOid`).
 */
import { ApiError, BaseError, callEndpoint, orderAbsentCodes, sendRequest } from '@tradeline/core'
import { Options } from '@tradeline/rules/shared'
import { Strategy, Unified } from '@tradeline/rules/unified'
import type { ClientBase } from './internal/call.js'
import { type OrderRecord, orderRecord } from './schemas/order.js'
import {
  type StrategyOrderPage,
  type StrategyOrderRecord,
  strategyOrderPage,
} from './schemas/strategy.js'

export {
  defaultReconcile,
  duplicateClientOidCodes,
  OrderClosedOutcomeUnknownError,
  OrderIdUnresolvedError,
  OrderNotChangedError,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
  orderAbsentCodes,
} from '@tradeline/core'

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
): Promise<OrderRecord | undefined> {
  const request =
    query.orderId !== undefined ? { orderId: query.orderId } : { clientOid: query.clientOid }
  try {
    return await sendRequest(client.transport, Unified.getOrderInfo, request, orderRecord, {
      signal,
    })
  } catch (error) {
    if (ApiError.isInstance(error) && orderAbsentCodes.includes(error.code)) return undefined
    throw error
  }
}

/**
 * Finds a strategy order by `clientOid` (only `tpsl` orders carry one) in the open strategy
 * orders (one answer: the exchange sends the whole list as a bare array), then in the history,
 * following its cursor until a page shorter than `limit`; `undefined` when both lists were read
 * to their end without it. Throws `StrategyLookupIncompleteError` when a list has more than
 * `maxPages` pages.
 *
 * @example
 * import { createUnifiedClient, lookUpStrategyOrder } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await lookUpStrategyOrder(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', clientOid: 'my-sl' })
 * // { orderId: '5001', clientOid: 'my-sl', type: 'tpsl', status: 'live', ... }
 */
export async function lookUpStrategyOrder(
  client: ClientBase,
  query: lookUpStrategyOrder.Query,
  options: lookUpStrategyOrder.Options = {},
): Promise<StrategyOrderRecord | undefined> {
  Options.assert('lookUpStrategyOrder', Options.strategyLookup, options)
  return findStrategyOrder(client, { ...query, type: query.type ?? 'tpsl' }, options)
}

/**
 * Finds a strategy order by `orderId` (wins) or `clientOid` in the open strategy orders, then in
 * the history (of every type when `type` is absent); `undefined` when both lists were read to
 * their end without it (see {@link lookUpStrategyOrder}).
 */
export async function findStrategyOrder(
  client: ClientBase,
  query: {
    category: string
    symbol?: string | undefined
    type?: string | undefined
    orderId?: string | undefined
    clientOid?: string | undefined
  },
  options: lookUpStrategyOrder.Options = {},
): Promise<StrategyOrderRecord | undefined> {
  const { limit = '100', maxPages = 10, signal } = options
  const filter = {
    category: query.category,
    ...(query.type !== undefined && { type: query.type }),
    ...(query.symbol !== undefined && { symbol: query.symbol }),
    limit,
  }
  const matches = (record: StrategyOrderRecord) =>
    query.orderId !== undefined
      ? record.orderId === query.orderId
      : record.clientOid === query.clientOid
  const name = query.orderId ?? query.clientOid ?? ''
  for (const endpoint of [Strategy.getUnfilledStrategyOrders, Strategy.getHistoryStrategyOrders]) {
    let cursor: string | null = null
    let pages = 0
    do {
      if (pages === maxPages)
        throw new StrategyLookupIncompleteError({ endpoint: endpoint.id, pages, clientOid: name })
      const page: StrategyOrderPage = await callEndpoint(
        client,
        endpoint,
        cursor === null ? filter : { ...filter, cursor },
        strategyOrderPage,
        { signal },
      )
      pages++
      const found = page.list.find(matches)
      if (found) return found
      // The open list comes whole (a bare array, no cursor); a page shorter than the limit is
      // the last (docs/records.md: the end of the data is not signalled otherwise).
      cursor = page.list.length >= Number(limit) && page.cursor ? page.cursor : null
    } while (cursor !== null)
  }
  return undefined
}

export declare namespace lookUpStrategyOrder {
  /** Where to look: the order's category (required by the lists), symbol and `clientOid`. */
  type Query = {
    category: string
    symbol?: string | undefined
    clientOid: string
    /** @default 'tpsl' */
    type?: string | undefined
  }
  /** Options of the lookup. */
  type Options = {
    /** Page size of the list calls. @default '100' */
    limit?: string | undefined
    /** Pages read of each list before giving up, a whole number from 1 to 1000. @default 10 */
    maxPages?: number | undefined
    /** Aborts the lookup. @default undefined */
    signal?: AbortSignal | undefined
  }
}

/**
 * A strategy-order lookup by `clientOid` read the page limit of a list without reaching its end
 * or finding the order: whether the order exists is not known.
 *
 * @example
 * import { StrategyLookupIncompleteError } from '@tradeline/unified'
 * new StrategyLookupIncompleteError({ endpoint: 'strategy.getHistoryStrategyOrders', pages: 10, clientOid: 'my-sl' }).pages // 10
 */
export class StrategyLookupIncompleteError extends BaseError {
  static override readonly kind: string = 'StrategyLookupIncompleteError'
  override name = 'StrategyLookupIncompleteError'
  /** The list whose end was not reached. */
  readonly endpoint: string
  /** Pages read of that list. */
  readonly pages: number
  /** The `clientOid` looked for. */
  readonly clientOid: string

  constructor(parameters: { endpoint: string; pages: number; clientOid: string }) {
    super(
      `The strategy order ${parameters.clientOid} was not found in ${parameters.pages} pages of ${parameters.endpoint}, and the list goes on.`,
    )
    this.endpoint = parameters.endpoint
    this.pages = parameters.pages
    this.clientOid = parameters.clientOid
  }
}
