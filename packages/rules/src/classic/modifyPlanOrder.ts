import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import type { Issue } from '../Issue.js'
import { oneOf } from '../internal/fields.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { changedDecimal, marginCoin, productType, symbol } from './fields.js'
import { tpslTypeRules } from './placeTpslOrder.js'
import {
  forbidden,
  given,
  legTypeRule,
  missing,
  optionalDecimal,
  optionalTriggerType,
  type PlanContext,
  ratioRule,
  stepRules,
  triggerPrice,
  triggerType,
} from './planFields.js'
import { maxCallbackRatio, planTypes, type TpslPlanType } from './planValues.js'

/**
 * POST /api/v2/mix/order/modify-plan-order: changes a pending trigger order or trailing stop
 * by `orderId` or `clientOid`: size, execute price, callback ratio, trigger and its
 * take-profit/stop-loss (an empty field keeps the value, `0` removes a take-profit/stop-loss)
 * (https://www.bitget.com/api-doc/contract/plan/Modify-Plan-Order).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.modifyPlanOrder, {
 *   productType: 'USDT-FUTURES', orderId: '1', newTriggerType: 'mark_price',
 * }).issues?.[0]?.path
 * // ['newTriggerPrice']
 */
export const modifyPlanOrder = /* @__PURE__ */ Endpoint.define({
  id: 'classic.modifyPlanOrder',
  method: 'POST',
  path: '/api/v2/mix/order/modify-plan-order',
  auth: true,
  schema: () =>
    v.strictObject({
      planType: v.optional(oneOf(planTypes)),
      orderId: v.optional(orderId),
      clientOid: v.optional(clientOidReference),
      symbol: v.optional(symbol),
      productType,
      newSize: v.optional(changedDecimal),
      newPrice: v.optional(changedDecimal),
      newCallbackRatio: v.optional(optionalDecimal),
      newTriggerPrice: v.optional(changedDecimal),
      newTriggerType: v.optional(optionalTriggerType),
      newStopSurplusExecutePrice: v.optional(optionalDecimal),
      newStopSurplusTriggerPrice: v.optional(optionalDecimal),
      newStopSurplusTriggerType: v.optional(optionalTriggerType),
      newStopLossExecutePrice: v.optional(optionalDecimal),
      newStopLossTriggerPrice: v.optional(optionalDecimal),
      newStopLossTriggerType: v.optional(optionalTriggerType),
    }),
  rules: [
    (draft) => oneOfRequired(draft, ['orderId', 'clientOid']),
    (draft) =>
      given(draft.newTriggerType) && !given(draft.newTriggerPrice)
        ? [missing('newTriggerPrice', 'when newTriggerType is set')]
        : [],
    (draft) => [
      ...legTypeRule(draft, 'stopSurplus', 'new'),
      ...legTypeRule(draft, 'stopLoss', 'new'),
    ],
    (draft) => trackRules(draft),
    (draft, context: modifyPlanOrder.Context) =>
      stepRules(draft, context.instrument, ['newTriggerPrice', 'newPrice'], ['newSize']),
  ],
})

/**
 * A trailing stop takes a new callback ratio (at most 10) and no execute prices; a trigger
 * order takes no callback ratio. Checked when `planType` says which the order is.
 */
function trackRules(draft: {
  readonly planType?: string | undefined
  readonly newPrice?: string | undefined
  readonly newCallbackRatio?: string | undefined
  readonly newStopSurplusExecutePrice?: string | undefined
  readonly newStopLossExecutePrice?: string | undefined
}): Issue[] {
  const issues: Issue[] = []
  if (draft.planType === 'normal_plan' && given(draft.newCallbackRatio))
    issues.push(forbidden('newCallbackRatio', draft.newCallbackRatio, 'for a normal_plan'))
  if (draft.planType !== 'track_plan') return issues
  const when = 'for a track_plan (trailing stop)'
  issues.push(...ratioRule(draft.newCallbackRatio, 'newCallbackRatio', '0.01', maxCallbackRatio))
  for (const field of [
    'newPrice',
    'newStopSurplusExecutePrice',
    'newStopLossExecutePrice',
  ] as const) {
    const value = draft[field]
    if (given(value)) issues.push(forbidden(field, value, when))
  }
  return issues
}

export declare namespace modifyPlanOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof modifyPlanOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof modifyPlanOrder>
  /** What the caller knows: the instrument. */
  type Context = Pick<PlanContext, 'instrument'>
}

/**
 * POST /api/v2/mix/order/modify-tpsl-order: changes a pending take-profit/stop-loss by
 * `orderId` or `clientOid`: trigger, execute price (`0` or empty: market), size (`""` for one of
 * the whole position) and the trailing range
 * (https://www.bitget.com/api-doc/contract/plan/Modify-Tpsl-Order).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.modifyTpslOrder, {
 *   marginCoin: 'USDT', productType: 'USDT-FUTURES', symbol: 'BTCUSDT', triggerPrice: '70000', size: '0.01',
 * }).issues?.[0]?.path
 * // ['orderId']
 */
export const modifyTpslOrder = /* @__PURE__ */ Endpoint.define({
  id: 'classic.modifyTpslOrder',
  method: 'POST',
  path: '/api/v2/mix/order/modify-tpsl-order',
  auth: true,
  schema: () =>
    v.strictObject({
      orderId: v.optional(orderId),
      clientOid: v.optional(clientOidReference),
      marginCoin,
      productType,
      symbol,
      triggerPrice,
      triggerType: v.optional(triggerType),
      executePrice: v.optional(optionalDecimal),
      size: optionalDecimal,
      rangeRate: v.optional(optionalDecimal),
    }),
  rules: [
    (draft) => oneOfRequired(draft, ['orderId', 'clientOid']),
    (draft, context: modifyTpslOrder.Context) =>
      context.planType === undefined ? [] : tpslTypeRules({ ...draft, planType: context.planType }),
    (draft, context: modifyTpslOrder.Context) =>
      stepRules(draft, context.instrument, ['triggerPrice', 'executePrice']),
  ],
})

export declare namespace modifyTpslOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof modifyTpslOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof modifyTpslOrder>
  /** What the caller knows: the instrument and the type of the order being changed. */
  type Context = Pick<PlanContext, 'instrument'> & {
    /** The type of the take-profit/stop-loss being changed. */
    readonly planType?: TpslPlanType | undefined
  }
}
