import type { ReadErrorType } from '@tradeline/core'
import { isRetry } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import {
  type BatchOptions,
  type BatchOutcome,
  type ClassicBatchEngine,
  groupKey,
  runBatches,
} from '../internal/batches.js'
import { type ClientBase, defined } from '../internal/client.js'
import { type CancelLookup, cancelReading } from './cancelOrder.js'

/**
 * One order of {@link cancelOrders}: its contract and `orderId` or `clientOid` (the page: "Either
 * orderId or clientOid is required. If both are entered, orderId prevails.").
 */
export type CancelItem = {
  symbol: string
  productType: string
  marginCoin?: string | undefined
} & (
  | { orderId: string; clientOid?: string | undefined }
  | { orderId?: undefined; clientOid: string }
)

/**
 * Cancels any number of orders through batch-cancel-orders: grouped by symbol, product type and
 * margin coin, batches of 50, one outcome per order in input order (read by `orderId`, else by
 * `clientOid`); an unknown outcome is reconciled order by order through order detail (cancelled:
 * ok; filled or absent: `OrderNotChangedError`).
 *
 * @example
 * import { cancelOrders, createClassicFuturesClient } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await cancelOrders(client, [{ symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderId: '1001' }])
 * // [{ status: 'ok', index: 0, orderId: '1001', clientOid: null }]
 */
export async function cancelOrders(
  client: ClientBase,
  orders: cancelOrders.Parameters,
  options: cancelOrders.Options = {},
): Promise<cancelOrders.ReturnType> {
  requireArgument(ClassicFutures.batchCancelOrders, orders, 'array', 'orders')
  return runBatches<CancelItem, CancelLookup>(
    client,
    {
      ...cancelEngine(client),
      group: (item) => {
        const type: unknown = item?.productType
        return groupKey([
          item?.symbol,
          typeof type === 'string' ? type.toUpperCase() : type,
          item?.marginCoin,
        ])
      },
    },
    orders,
    options,
  )
}

/**
 * How the engine reads each item of a batch of cancels, for {@link cancelOrders} and
 * `cancelBatch`: by `orderId` (else `clientOid`) in the answer, and after an unknown outcome
 * through order detail, as cancelOrder reads its order.
 */
export function cancelEngine(
  client: ClientBase,
): Omit<ClassicBatchEngine<CancelItem, CancelLookup>, 'group'> {
  const reading = (item: CancelItem) =>
    cancelReading(client, item, ClassicFutures.batchCancelOrders, isRetry(item))
  return {
    endpoint: ClassicFutures.batchCancelOrders,
    request: cancelRequest,
    itemsPath: ['orderIdList'],
    context: async () => undefined,
    query: (item) =>
      defined({
        symbol: item.symbol,
        productType: item.productType,
        orderId: item.orderId,
        clientOid: item.clientOid,
      }),
    matchBy: 'orderId',
    // Each item is read as cancelOrder reads its order: an order a modification of this
    // process replaced is `OrderReplacedError` naming the successor, never a success; the
    // safe retry of an unknown item refused (45055) because its first attempt cancelled the
    // order late finds it cancelled: the acknowledgement.
    lookup: (item, signal) => reading(item).lookup(signal),
    judge: (item, found) => reading(item).judge(found),
    refusal: (item, error) => reading(item).refusal(error),
    judgeRefusal: (item, found) => reading(item).judgeRefusal(found),
    notApplied: (item, found, attempts, cause) => reading(item).notApplied(found, attempts, cause),
  }
}

/** The batch-cancel-orders request of orders of one group. */
export function cancelRequest(
  orders: readonly CancelItem[],
): ClassicFutures.batchCancelOrders.Parameters {
  const first = (orders[0] ?? {}) as CancelItem
  return {
    symbol: first.symbol,
    productType: first.productType,
    ...(first.marginCoin !== undefined && { marginCoin: first.marginCoin }),
    // What is not an object is left as it is, for the rules to refuse as such.
    orderIdList: orders.map((order) =>
      typeof order === 'object' && order !== null
        ? defined({ orderId: order.orderId, clientOid: order.clientOid })
        : order,
    ),
  } as ClassicFutures.batchCancelOrders.Parameters
}

export declare namespace cancelOrders {
  /** Any number of orders, of any contracts, each by `orderId` or `clientOid`. */
  type Parameters = readonly CancelItem[]
  /** Options: `onProgress`, `signal`, `reconcile`. */
  type Options = BatchOptions
  /** One outcome per order, in input order. */
  type ReturnType = BatchOutcome[]
  /** What the call may throw (a `ValidationError` before anything is sent). */
  type ErrorType = ReadErrorType
}
