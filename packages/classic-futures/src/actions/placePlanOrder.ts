import type { PlacementErrorType } from '@tradeline/core'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { type PlanPlaced, placePlanWith } from '../plans/place.js'

/**
 * Places a trigger order or trailing stop (POST /api/v2/mix/order/place-plan-order): a
 * `normal_plan` places its market or limit order when the price (`triggerType`: last or mark)
 * reaches `triggerPrice`; a `track_plan` starts trailing there and places a market order when
 * the price turns back by `callbackRatio` percent. Checked before it is sent (price when limit,
 * callback ratio at most 10, trigger on the tick, size on the lot, `tradeSide` with the position
 * mode), always carries a `clientOid` (generated when absent), and an unknown outcome is
 * reconciled by `clientOid` through the plan lists; nothing is sent twice.
 *
 * @example
 * import { createClassicFuturesClient, placePlanOrder } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await placePlanOrder(client, { planType: 'normal_plan', symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginMode: 'crossed', marginCoin: 'USDT', size: '0.01', triggerPrice: '66000', triggerType: 'mark_price', side: 'buy', orderType: 'market' })
 * // { orderId: '1001', clientOid: 'Jc3m_0q9ZyXb-4TtUu1wQe8K' }
 */
export async function placePlanOrder(
  client: ClientBase,
  parameters: placePlanOrder.Parameters,
  options: placePlanOrder.Options = {},
): Promise<placePlanOrder.ReturnType> {
  return placePlanWith(client, ClassicFutures.placePlanOrder, parameters, options)
}

export declare namespace placePlanOrder {
  /** The plan order as a caller writes it; `clientOid` is generated when absent. */
  type Parameters = ClassicFutures.placePlanOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** The acknowledgement: the plan order's id and `clientOid`. */
  type ReturnType = PlanPlaced
  /** What the call may throw. */
  type ErrorType = PlacementErrorType<placePlanOrder.Parameters>
}
