import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type HistoryPage, historyPage } from '../schemas/records.js'

/**
 * Reads a page of the orders that ended, filled or canceled, in the last 90 days
 * (GET /api/v2/mix/order/orders-history), newest first: `entrustedList` (`[]` when the exchange
 * sends `null`) and `endId`, the next page's `idLessThan`. Each order's status is in `status`.
 *
 * @example
 * import { createClassicFuturesClient, getOrderHistory } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const page = await getOrderHistory(client, { productType: 'USDT-FUTURES', limit: '50' })
 * page.entrustedList[0]?.status // 'filled'
 */
export async function getOrderHistory(
  client: ClientBase,
  parameters: getOrderHistory.Parameters,
  options: CallOptions = {},
): Promise<getOrderHistory.ReturnType> {
  requireArgument(ClassicFutures.getOrdersHistory, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getOrdersHistory, parameters, historyPage, options)
}

export declare namespace getOrderHistory {
  /** The filter: `productType` (required), symbol, ids, order source, times, page. */
  type Parameters = ClassicFutures.getOrdersHistory.Parameters
  /** A page of history orders. */
  type ReturnType = HistoryPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
