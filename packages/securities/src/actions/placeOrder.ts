import { type BaseError, callEndpoint, requireArgument } from '@tradeline/core'
import { Securities } from '@tradeline/rules'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type OrderAck, orderAck } from '../schemas/records.js'

/**
 * Places a stock or option order (POST /api/v3/stockplus/trade/place-order), checked by the
 * rules before it is sent: each order type's required and forbidden fields (`LO`, `MO`, `LIT`,
 * `MIT`, `TSLPAMT`, `TSLPPCT`), `expireDate` with `GoodTilDate`, `outsideRth` for US stocks,
 * `limitDepthLevel`, `triggerCount` and `remark` bounds.
 *
 * The spec gives stockplus orders no `clientOid`, so a placement whose outcome is unknown
 * (an unknown-outcome code, a timeout, a lost connection) cannot be looked up exactly: it is
 * never sent again and never guessed from executions or positions; core's
 * `UnknownOutcomeError` is thrown for the caller to check the account before placing again.
 *
 * @example
 * import { createSecuritiesClient, placeOrder } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await placeOrder(client, { symbol: 'AAPL.US', orderType: 'LO', side: 'Buy', submittedQuantity: '1', submittedPrice: '150', timeInForce: 'Day', outsideRth: 'RTHOnly' })
 * // { orderId: '1001', clientOid: null, symbol: 'AAPL.US' }
 */
export async function placeOrder(
  client: ClientBase,
  parameters: placeOrder.Parameters,
  options: CallOptions = {},
): Promise<placeOrder.ReturnType> {
  requireArgument(Securities.placeOrder, parameters, 'object')
  return callEndpoint(client, Securities.placeOrder, parameters, orderAck, options)
}

export declare namespace placeOrder {
  /** The order: `symbol`, `orderType`, `side`, `submittedQuantity`, `timeInForce` and the fields its type needs. */
  type Parameters = Securities.placeOrder.Parameters
  /** `orderId`, `clientOid` (`null`: none is sent) and `symbol`. */
  type ReturnType = OrderAck
  /** What the call may throw: `ValidationError` before sending, `ApiError`, `UnknownOutcomeError`. */
  type ErrorType = BaseError
}
