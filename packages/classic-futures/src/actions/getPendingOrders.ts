import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type PendingPage, pendingPage } from '../schemas/records.js'

/**
 * Reads a page of pending orders (GET /api/v2/mix/order/orders-pending): `entrustedList` (`[]`
 * when the exchange sends `null`) and `endId`, the next page's `idLessThan`. Each order's status
 * is in `status`.
 *
 * @example
 * import { createClassicFuturesClient, getPendingOrders } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await getPendingOrders(client, { productType: 'USDT-FUTURES' }) // { entrustedList: [], endId: null }
 */
export async function getPendingOrders(
  client: ClientBase,
  parameters: getPendingOrders.Parameters,
  options: CallOptions = {},
): Promise<getPendingOrders.ReturnType> {
  requireArgument(ClassicFutures.getOrdersPending, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getOrdersPending, parameters, pendingPage, options)
}

export declare namespace getPendingOrders {
  /** The filter: `productType` (required), symbol, ids, status, page. */
  type Parameters = ClassicFutures.getOrdersPending.Parameters
  /** A page of pending orders. */
  type ReturnType = PendingPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
