import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { stockOrderDetail } from '../schemas/orders.js'

/**
 * Reads one stock or option order (GET /api/v3/stockplus/trade/order-detail) with its `history` of changes and its charges.
 * The client remembers the order's symbol and type, so a modification of it is checked before it is sent.
 *
 * @example
 * import { createSecuritiesClient, getOrderDetail } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getOrderDetail(client, { orderId: '1001' }) // { orderId: '1001', status: 'PartialFilledStatus', quantity: '10', executedQuantity: '4', history: [...], ... }
 */
export async function getOrderDetail(
  client: ClientBase,
  parameters: getOrderDetail.Parameters,
  options: CallOptions = {},
): Promise<getOrderDetail.ReturnType> {
  requireArgument(Securities.getOrderDetail, parameters, 'object')
  const order = await callEndpoint(
    client,
    Securities.getOrderDetail,
    parameters,
    stockOrderDetail,
    options,
  )
  // Its symbol and type, for a modification's checks (modify-order names only the orderId).
  const { orderId, symbol, orderType } = order
  if (typeof orderType === 'string' && typeof symbol === 'string')
    client.knownOrders?.remember(orderId, { symbol, orderType })
  return order
}

export declare namespace getOrderDetail {
  /** `orderId`. */
  type Parameters = Securities.getOrderDetail.Parameters
  /** The order (decimals as strings, times in Unix ms), its `history` and `chargeDetail`. */
  type ReturnType = import('valibot').InferOutput<typeof stockOrderDetail>
  /** What the call may throw: `ValidationError` before sending, `ApiError`. */
  type ErrorType = ReadErrorType
}
