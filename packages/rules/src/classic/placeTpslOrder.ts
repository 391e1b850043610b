import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import type { Issue } from '../Issue.js'
import { oneOf } from '../internal/fields.js'
import { clientOid } from '../internal/identity.js'
import { marginCoin, productType, stpMode, symbol } from './fields.js'
import {
  forbidden,
  given,
  holdSideRule,
  isSet,
  missing,
  optionalDecimal,
  type PlanContext,
  ratioRule,
  stepRules,
  triggerPrice,
  triggerType,
} from './planFields.js'
import { maxCallbackRatio, tpslHoldSides, tpslPlanTypes } from './planValues.js'

/**
 * POST /api/v2/mix/order/place-tpsl-order: places a take-profit or stop-loss on a position:
 * of a given size (`profit_plan`, `loss_plan`, `moving_plan` a trailing stop by `rangeRate`
 * percent) or of the whole position (`pos_profit`, `pos_loss`, no size)
 * (https://www.bitget.com/api-doc/contract/plan/Place-Tpsl-Order).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.placeTpslOrder, {
 *   marginCoin: 'USDT', productType: 'USDT-FUTURES', symbol: 'BTCUSDT', planType: 'profit_plan',
 *   triggerPrice: '70000', holdSide: 'buy',
 * }).issues?.[0]?.path
 * // ['size']
 */
export const placeTpslOrder = /* @__PURE__ */ Endpoint.define({
  id: 'classic.placeTpslOrder',
  method: 'POST',
  path: '/api/v2/mix/order/place-tpsl-order',
  auth: true,
  schema: () =>
    v.strictObject({
      marginCoin,
      productType,
      symbol,
      planType: oneOf(tpslPlanTypes),
      triggerPrice,
      triggerType: v.optional(triggerType),
      executePrice: v.optional(optionalDecimal),
      holdSide: oneOf(tpslHoldSides),
      size: v.optional(optionalDecimal),
      rangeRate: v.optional(optionalDecimal),
      clientOid: v.optional(clientOid),
      stpMode: v.optional(stpMode),
    }),
  rules: [
    (draft) => tpslTypeRules(draft),
    (draft, context: placeTpslOrder.Context) => holdSideRule(draft.holdSide, context.positionMode),
    (draft, context: placeTpslOrder.Context) =>
      stepRules(draft, context.instrument, ['triggerPrice', 'executePrice']),
  ],
})

/** The fields of a take-profit/stop-loss order the type checks read. */
export type TpslDraft = {
  readonly planType?: string | undefined
  readonly size?: string | undefined
  readonly executePrice?: string | undefined
  readonly rangeRate?: string | undefined
}

/**
 * A take-profit/stop-loss of a given size needs a size greater than 0; one of the whole
 * position takes none. A trailing stop (`moving_plan`) needs `rangeRate` (at most 10) and
 * executes at market (no execute price); the other types take no `rangeRate`.
 */
export function tpslTypeRules(draft: TpslDraft): Issue[] {
  const issues: Issue[] = []
  const position = draft.planType === 'pos_profit' || draft.planType === 'pos_loss'
  if (draft.planType === undefined) return issues
  if (!position && !isSet(draft.size))
    issues.push(missing('size', `for a ${draft.planType} (greater than 0)`))
  if (position && isSet(draft.size))
    issues.push(forbidden('size', draft.size, `for a ${draft.planType} (the whole position)`))
  if (draft.planType === 'moving_plan') {
    if (!isSet(draft.rangeRate)) issues.push(missing('rangeRate', 'for a moving_plan'))
    else issues.push(...ratioRule(draft.rangeRate, 'rangeRate', '0.01', maxCallbackRatio))
    if (isSet(draft.executePrice))
      issues.push(forbidden('executePrice', draft.executePrice, 'for a moving_plan (market only)'))
  } else if (given(draft.rangeRate) && isSet(draft.rangeRate))
    issues.push(forbidden('rangeRate', draft.rangeRate, `for a ${draft.planType}`))
  return issues
}

export declare namespace placeTpslOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof placeTpslOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof placeTpslOrder>
  /** What the caller knows: the instrument and the position mode. */
  type Context = PlanContext
}
