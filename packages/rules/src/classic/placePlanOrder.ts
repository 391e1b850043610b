import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import type { Issue } from '../Issue.js'
import { oneOf } from '../internal/fields.js'
import { clientOid } from '../internal/identity.js'
import {
  marginCoin,
  marginMode,
  orderType,
  price,
  productType,
  side,
  size,
  stpMode,
  symbol,
  tradeSide,
} from './fields.js'
import { modeRules } from './orderChecks.js'
import {
  forbidden,
  given,
  isSet,
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
import { maxCallbackRatio, planTypes } from './planValues.js'

/**
 * `reduceOnly` of a plan order: the page's table spells it `yes`/`no`, its example sends `NO` (the
 * spelling of place-order), so both are taken and sent as written.
 */
const planReduceOnly = oneOf(['yes', 'no', 'YES', 'NO'] as const)

/**
 * POST /api/v2/mix/order/place-plan-order: places a trigger order (`normal_plan`: a market or
 * limit order placed when the price reaches `triggerPrice`) or a trailing stop (`track_plan`:
 * a market order placed when the price turns back by `callbackRatio` percent from its best
 * since `triggerPrice` was reached), with an optional take-profit and stop-loss
 * (https://www.bitget.com/api-doc/contract/plan/Place-Plan-Order).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.placePlanOrder, {
 *   planType: 'normal_plan', symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginMode: 'crossed',
 *   marginCoin: 'USDT', size: '0.01', triggerPrice: '66000', triggerType: 'mark_price', side: 'buy', orderType: 'limit',
 * }).issues?.[0]?.path
 * // ['price']
 */
export const placePlanOrder = /* @__PURE__ */ Endpoint.define({
  id: 'classic.placePlanOrder',
  method: 'POST',
  path: '/api/v2/mix/order/place-plan-order',
  auth: true,
  schema: () =>
    v.strictObject({
      planType: oneOf(planTypes),
      symbol,
      productType,
      marginMode,
      marginCoin,
      size,
      price: v.optional(price),
      callbackRatio: v.optional(optionalDecimal),
      triggerPrice,
      triggerType,
      side,
      tradeSide: v.optional(tradeSide),
      orderType,
      clientOid: v.optional(clientOid),
      reduceOnly: v.optional(planReduceOnly),
      stopSurplusTriggerPrice: v.optional(optionalDecimal),
      stopSurplusExecutePrice: v.optional(optionalDecimal),
      stopSurplusTriggerType: v.optional(optionalTriggerType),
      stopLossTriggerPrice: v.optional(optionalDecimal),
      stopLossExecutePrice: v.optional(optionalDecimal),
      stopLossTriggerType: v.optional(optionalTriggerType),
      stpMode: v.optional(stpMode),
    }),
  rules: [
    (draft) => planTypeRules(draft),
    (draft) => [...legTypeRule(draft, 'stopSurplus'), ...legTypeRule(draft, 'stopLoss')],
    (draft, context: placePlanOrder.Context) => modeRules(draft, context.positionMode),
    (draft, context: placePlanOrder.Context) =>
      stepRules(draft, context.instrument, [
        'triggerPrice',
        'price',
        ...(draft.planType === 'normal_plan'
          ? ['stopSurplusTriggerPrice', 'stopSurplusExecutePrice']
          : []),
        ...(draft.planType === 'normal_plan'
          ? ['stopLossTriggerPrice', 'stopLossExecutePrice']
          : []),
      ]),
  ],
})

type PlanDraft = {
  readonly planType?: string | undefined
  readonly orderType?: string | undefined
  readonly price?: string | undefined
  readonly callbackRatio?: string | undefined
  readonly stopSurplusTriggerPrice?: string | undefined
  readonly stopSurplusExecutePrice?: string | undefined
  readonly stopSurplusTriggerType?: string | undefined
  readonly stopLossTriggerPrice?: string | undefined
  readonly stopLossExecutePrice?: string | undefined
  readonly stopLossTriggerType?: string | undefined
}

/**
 * What each plan type needs: a trigger order takes a price exactly when it is a limit order
 * and no callback ratio; a trailing stop is a market order with a callback ratio of at most
 * 10, no price, take-profit/stop-loss as percentages (0.01 to 999.99) watching the last price,
 * and no execute prices.
 */
function planTypeRules(draft: PlanDraft): Issue[] {
  const issues: Issue[] = []
  if (draft.planType === 'normal_plan') {
    if (draft.orderType === 'limit' && draft.price === undefined)
      issues.push(missing('price', 'when orderType is "limit"'))
    if (draft.orderType === 'market' && draft.price !== undefined)
      issues.push(forbidden('price', draft.price, 'when orderType is "market"'))
    if (given(draft.callbackRatio))
      issues.push(forbidden('callbackRatio', draft.callbackRatio, 'for a normal_plan'))
    return issues
  }
  if (draft.planType !== 'track_plan') return issues
  const when = 'for a track_plan (trailing stop)'
  if (draft.price !== undefined) issues.push(forbidden('price', draft.price, when))
  if (draft.orderType === 'limit')
    issues.push(forbidden('orderType', 'limit', `other than "market" ${when}`))
  if (!isSet(draft.callbackRatio)) issues.push(missing('callbackRatio', when))
  else issues.push(...ratioRule(draft.callbackRatio, 'callbackRatio', '0.01', maxCallbackRatio))
  for (const leg of ['stopSurplus', 'stopLoss'] as const) {
    issues.push(...ratioRule(draft[`${leg}TriggerPrice`], `${leg}TriggerPrice`, '0.01', '999.99'))
    const execute = draft[`${leg}ExecutePrice`]
    if (given(execute)) issues.push(forbidden(`${leg}ExecutePrice`, execute, when))
    const type = draft[`${leg}TriggerType`]
    if (type === 'mark_price')
      issues.push(forbidden(`${leg}TriggerType`, type, `other than "fill_price" ${when}`))
  }
  return issues
}

export declare namespace placePlanOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof placePlanOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof placePlanOrder>
  /** What the caller knows: the instrument and the position mode. */
  type Context = PlanContext
}
