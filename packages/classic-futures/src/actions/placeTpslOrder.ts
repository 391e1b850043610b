import type { PlacementErrorType } from '@tradeline/core'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { type PlanPlaced, placePlanWith } from '../plans/place.js'

/**
 * Places a take-profit or stop-loss on a position (POST /api/v2/mix/order/place-tpsl-order):
 * `profit_plan`/`loss_plan` close `size`, `pos_profit`/`pos_loss` the whole position,
 * `moving_plan` trails by `rangeRate` percent. Checked before it is sent (size by plan type,
 * `holdSide` with the position mode, trigger on the tick), always carries a `clientOid`, and an
 * unknown outcome is reconciled by `clientOid` through the plan lists; nothing is sent twice.
 *
 * @example
 * import { createClassicFuturesClient, placeTpslOrder } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await placeTpslOrder(client, { marginCoin: 'USDT', productType: 'USDT-FUTURES', symbol: 'BTCUSDT', planType: 'pos_profit', triggerPrice: '70000', triggerType: 'mark_price', holdSide: 'buy' })
 * // { orderId: '1002', clientOid: 'Jc3m_…' }
 */
export async function placeTpslOrder(
  client: ClientBase,
  parameters: placeTpslOrder.Parameters,
  options: placeTpslOrder.Options = {},
): Promise<placeTpslOrder.ReturnType> {
  return placePlanWith(client, ClassicFutures.placeTpslOrder, parameters, options)
}

export declare namespace placeTpslOrder {
  /** The take-profit/stop-loss as a caller writes it; `clientOid` is generated when absent. */
  type Parameters = ClassicFutures.placeTpslOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** The acknowledgement: the plan order's id and `clientOid`. */
  type ReturnType = PlanPlaced
  /** What the call may throw. */
  type ErrorType = PlacementErrorType<placeTpslOrder.Parameters>
}
