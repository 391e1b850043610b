import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type FillPage, fillPage } from '../schemas/records.js'

/**
 * Reads a page of the account's fill history (GET /api/v2/mix/order/fill-history), newest
 * first, a week at most per query: the fill records of `getFills`, `endId` the next page's
 * `idLessThan`.
 *
 * @example
 * import { createClassicFuturesClient, getFillHistory } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const { fillList } = await getFillHistory(client, { productType: 'USDT-FUTURES' })
 * fillList[0]?.feeDetail[0]?.totalFee // '-0.02161596'
 */
export async function getFillHistory(
  client: ClientBase,
  parameters: getFillHistory.Parameters,
  options: CallOptions = {},
): Promise<getFillHistory.ReturnType> {
  requireArgument(ClassicFutures.getFillHistory, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getFillHistory, parameters, fillPage, options)
}

export declare namespace getFillHistory {
  /** `productType` (required), orderId, symbol, times (a week at most), idLessThan, limit. */
  type Parameters = ClassicFutures.getFillHistory.Parameters
  /** A page of fills. */
  type ReturnType = FillPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
