import type { ReadErrorType } from '@tradeline/core'
import {
  defaultReconcile,
  OrderIdUnresolvedError,
  OrderNotPlacedError,
  resolveOrderIds,
  validateRequest,
} from '@tradeline/core'
import { batchPlacement, combineSignals, requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import {
  type BatchOptions,
  type BatchOutcome,
  type ClassicBatchEngine,
  groupKey,
  runBatches,
} from '../internal/batches.js'
import {
  assertTradable,
  type ClientBase,
  clientOidFor,
  modeAfterLocalRefusal,
  orderContextOf,
} from '../internal/client.js'
import { judgePlaced, sameOrder, settingsOf, settle } from '../reconcile.js'
import type { OrderDetail } from '../schemas/records.js'
import { classicDuplicateCodes } from './placeOrder.js'

/** One order of {@link placeOrders}: a place-order request without the reversal's fields. */
export type BatchOrder = Omit<
  ClassicFutures.placeOrder.Parameters,
  'presetStopSurplusExecutePrice' | 'presetStopLossExecutePrice'
>

const shared = ['symbol', 'productType', 'marginMode', 'marginCoin'] as const

/**
 * Places any number of orders through batch-place-order: grouped by symbol, product type, margin
 * mode and margin coin, cut into batches of 50, every batch checked before the first is sent,
 * sent at the rate limiter's pace. Returns one outcome per order in input order (`ok`,
 * `rejected` with the item's `errorCode`, or `failed`), read from `successList`/`failureList`
 * by `clientOid` (generated when absent); a batch with an unknown outcome is reconciled order by
 * order through order detail. An item placed without `orderId` (a reduce-only replacement, classic order
 * rule 2) is resolved by order detail by `clientOid`, as {@link placeOrder} does; its outcome
 * fails (`OrderIdUnresolvedError`) when the lookups do not find it.
 *
 * @example
 * import { createClassicFuturesClient, placeOrders } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const outcomes = await placeOrders(client, orders, { onProgress: ({ done, total }) => console.log(done, total) })
 * outcomes.filter((o) => o.status === 'ok').length // 120
 */
export async function placeOrders(
  client: ClientBase,
  orders: placeOrders.Parameters,
  options: placeOrders.Options = {},
): Promise<placeOrders.ReturnType> {
  requireArgument(ClassicFutures.batchPlaceOrder, orders, 'array', 'orders')
  // The reconciliation settings are checked before the instrument checks load anything.
  settingsOf(client, options.reconcile, ClassicFutures.batchPlaceOrder)
  const items = orders.map((order) =>
    isObject(order) && order.clientOid === undefined
      ? { ...order, clientOid: clientOidFor(client, undefined) }
      : order,
  ) as PlacedItem[]
  await assertTradable(client, ClassicFutures.batchPlaceOrder, items, (i) => [i])
  const outcomes = await runBatches<PlacedItem>(
    client,
    {
      ...placementEngine(client),
      channelApiCode: options.channelApiCode,
      group: (item) =>
        groupKey(
          shared.map((key) => {
            const value = (item as Record<string, unknown> | undefined)?.[key]
            return key === 'productType' && typeof value === 'string' ? value.toUpperCase() : value
          }),
        ),
    },
    items,
    options,
  )
  return resolveIds(client, items, outcomes, options)
}

/** An order of a batch of placements: its `clientOid` given or generated. */
export type PlacedItem = BatchOrder & { clientOid: string }

/**
 * How the engine reads each item of a batch of placements, for {@link placeOrders} and
 * `placeBatch`: by `clientOid` in the answer, and after an unknown outcome through order detail by
 * `clientOid`, as placeOrder reads its order (core's placement reading).
 */
export function placementEngine(client: ClientBase): Omit<ClassicBatchEngine<PlacedItem>, 'group'> {
  return {
    endpoint: ClassicFutures.batchPlaceOrder,
    request: batchRequest,
    itemsPath: ['orderList'],
    context: (chunk) => placeBatchContext(client, chunk),
    query: (item) => ({
      symbol: item.symbol,
      productType: item.productType,
      clientOid: item.clientOid,
    }),
    matchBy: 'clientOid',
    // An order found under the clientOid that this item could not have made is another order's,
    // and a retry refused as a duplicate whose order is not visible yet stays unknown.
    ...batchPlacement<PlacedItem, OrderDetail>({
      duplicateCodes: classicDuplicateCodes,
      judge: (item, found) =>
        found !== undefined && !sameOrder(found, item)
          ? { kind: 'not-applied', final: true }
          : judgePlaced(found, item.clientOid),
      createdAt: (found) => found.cTime,
      clock: client.transport.clock,
    }),
    notApplied: (item, _, attempts, cause) =>
      new OrderNotPlacedError({
        endpoint: ClassicFutures.batchPlaceOrder.id,
        clientOid: item.clientOid,
        attempts,
        cause,
      }),
  }
}

/**
 * The rules' context of one batch: the contract and position mode of its first order. A batch
 * checked with a mode read from the account and refused on `tradeSide` or `reduceOnly` is checked
 * with the mode read again when it changed: it may have been switched elsewhere (client.ts).
 */
async function placeBatchContext(
  client: ClientBase,
  chunk: readonly PlacedItem[],
): Promise<ClassicFutures.OrderContext> {
  const first = chunk[0] ?? {}
  const context = await orderContextOf(client, first)
  if (context.positionMode === undefined || client.config?.positionMode !== undefined)
    return context
  try {
    validateRequest(ClassicFutures.batchPlaceOrder, batchRequest(chunk), context)
    return context
  } catch (error) {
    const fresh = await modeAfterLocalRefusal(client, error, first, context.positionMode)
    return fresh ? { ...context, positionMode: fresh } : context
  }
}

/**
 * Rule 2 (one-way, reduce-only): the newest reduce-only order of a replacement is answered
 * without `orderId`; each such `ok` item is looked up by order detail by its `clientOid`, and
 * becomes `failed` (`OrderIdUnresolvedError`) when the lookups do not find it: an `ok` outcome
 * always carries its order's id.
 */
function resolveIds(
  client: ClientBase,
  items: readonly (BatchOrder & { clientOid: string })[],
  outcomes: BatchOutcome[],
  options: placeOrders.Options,
): Promise<BatchOutcome<string>[]> {
  const signal = combineSignals(client.config?.signal, options.signal)
  return resolveOrderIds(
    outcomes,
    (outcome) => {
      const item = items[outcome.index] as BatchOrder & { clientOid: string }
      const { clientOid } = item
      const unresolved = new OrderIdUnresolvedError({ clientOid })
      return settle<string>(client, {
        error: unresolved,
        settings: settingsOf(client, undefined) ?? defaultReconcile,
        signal,
        query: { symbol: item.symbol, productType: item.productType, clientOid },
        judge: (found) => (found ? { kind: 'done', value: found.orderId } : { kind: 'pending' }),
        notApplied: () => unresolved,
      })
    },
    signal,
  )
}

/** The batch-place-order request of orders of one group: shared fields once, the rest per item. */
export function batchRequest(
  orders: readonly BatchOrder[],
): ClassicFutures.batchPlaceOrder.Parameters {
  const first = (orders[0] ?? {}) as BatchOrder
  return {
    symbol: first.symbol,
    productType: first.productType,
    marginMode: first.marginMode,
    marginCoin: first.marginCoin,
    orderList: orders.map((order) => {
      // What is not an object is left as it is, for the rules to refuse as such.
      if (!isObject(order)) return order
      const { symbol: _s, productType: _p, marginMode: _m, marginCoin: _c, ...rest } = order
      return rest
    }),
  } as ClassicFutures.batchPlaceOrder.Parameters
}

export declare namespace placeOrders {
  /** Any number of orders, of any contracts. */
  type Parameters = readonly BatchOrder[]
  /** Options: `onProgress`, `signal`, `reconcile`, `channelApiCode`. */
  type Options = BatchOptions & {
    /** Sends the transport's broker code as `X-CHANNEL-API-CODE` with each batch. @default false */
    channelApiCode?: boolean | undefined
  }
  /** One outcome per order, in input order; an `ok` outcome carries its order's `orderId`. */
  type ReturnType = BatchOutcome<string>[]
  /** What the call may throw (a `ValidationError` before anything is sent). */
  type ErrorType = ReadErrorType
}

/** Whether an item is an object to give a clientOid: anything else is left for the rules to refuse as such. */
export function isObject(value: unknown): value is { clientOid?: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
