/**
 * Changing a live classic plan order: modify-plan-order (trigger orders and trailing stops) and
 * modify-tpsl-order (take-profit/stop-loss), as
 * https://www.bitget.com/api-doc/contract/plan/Modify-Plan-Order and .../Modify-Tpsl-Order say.
 */
import { Big } from '@tradeline/rules/big'
import type { SandboxState } from '../state.js'
import { parameterFailure } from './codes.js'
import {
  livePlan,
  type PlanOrder,
  type PlanOutcome,
  tpslKinds,
  updatePlan,
  watchedPrice,
} from './plans.js'

const big = (value: string): Big => new Big(value)
const given = (value: unknown): value is string => typeof value === 'string' && value !== ''
const isSet = (value: unknown): value is string => given(value) && /[1-9]/.test(value)

/** The direction of a new trigger: from the side of the watched price it is on now. */
function directionOf(
  state: SandboxState,
  plan: PlanOrder,
  trigger: string,
  type: PlanOrder['triggerType'],
) {
  const watched = watchedPrice(state, plan.symbol, type) ?? '0'
  return big(trigger).gte(watched) ? ('up' as const) : ('down' as const)
}

/**
 * Applies modify-plan-order to a trigger order or trailing stop: an empty field keeps its
 * value; `0` for a take-profit/stop-loss trigger price removes that leg. A take-profit/stop-loss
 * order: `40768` (it is changed by modify-tpsl-order).
 */
export function modifyPlan(
  state: SandboxState,
  plan: PlanOrder | undefined,
  changes: Readonly<Record<string, unknown>>,
): PlanOutcome {
  const closed = livePlan(plan)
  if (closed || !plan) return { ok: false, error: closed ?? parameterFailure('orderId') }
  if (tpslKinds.includes(plan.planType))
    return { ok: false, error: { code: '40768', msg: 'Order does not exist' } }
  if (plan.planType === 'track_plan' && given(changes.newPrice))
    return { ok: false, error: parameterFailure('newPrice: must be empty for a track_plan') }
  if (plan.planType === 'normal_plan' && given(changes.newCallbackRatio))
    return {
      ok: false,
      error: parameterFailure('newCallbackRatio: must be empty for a normal_plan'),
    }
  if (plan.orderType === 'market' && given(changes.newPrice))
    return { ok: false, error: parameterFailure('newPrice: must be empty for a market order') }
  const presets: Record<string, string> = { ...plan.presets }
  for (const leg of ['StopSurplus', 'StopLoss'] as const) {
    const field = leg === 'StopSurplus' ? 'stopSurplus' : 'stopLoss'
    const trigger = changes[`new${leg}TriggerPrice`]
    if (given(trigger) && !isSet(trigger)) {
      delete presets[`${field}TriggerPrice`]
      delete presets[`${field}ExecutePrice`]
      delete presets[`${field}TriggerType`]
      continue
    }
    for (const part of ['TriggerPrice', 'ExecutePrice', 'TriggerType'] as const) {
      const value = changes[`new${leg}${part}`]
      if (given(value)) presets[`${field}${part}`] = value
    }
  }
  const triggerType = given(changes.newTriggerType)
    ? (changes.newTriggerType as PlanOrder['triggerType'])
    : plan.triggerType
  const triggerPrice = given(changes.newTriggerPrice) ? changes.newTriggerPrice : plan.triggerPrice
  const retrigger = given(changes.newTriggerPrice) || given(changes.newTriggerType)
  return {
    ok: true,
    plan: updatePlan(state, plan, {
      ...(given(changes.newSize) && { size: changes.newSize }),
      ...(given(changes.newPrice) && { price: changes.newPrice }),
      ...(given(changes.newCallbackRatio) && { callbackRatio: changes.newCallbackRatio }),
      triggerPrice,
      triggerType,
      ...(retrigger && {
        direction: directionOf(state, plan, triggerPrice, triggerType),
        active: false,
        best: undefined,
      }),
      presets,
    }),
  }
}

/**
 * Applies modify-tpsl-order to a take-profit/stop-loss: the trigger (which must stay on its
 * side of the price, as at placement), the execute price (`0` or empty: market), the size
 * (`""` on a `pos_profit`/`pos_loss`) and a trailing stop's range. Another plan order: `40768`.
 */
export function modifyTpsl(
  state: SandboxState,
  plan: PlanOrder | undefined,
  changes: Readonly<Record<string, unknown>>,
): PlanOutcome {
  const closed = livePlan(plan)
  if (closed || !plan) return { ok: false, error: closed ?? parameterFailure('orderId') }
  if (!tpslKinds.includes(plan.planType))
    return { ok: false, error: { code: '40768', msg: 'Order does not exist' } }
  const trailing = plan.planType === 'moving_plan'
  const position = plan.planType === 'pos_profit' || plan.planType === 'pos_loss'
  if (!position && !isSet(changes.size))
    return { ok: false, error: parameterFailure(`size: required for a ${plan.planType}`) }
  const triggerType = given(changes.triggerType)
    ? (changes.triggerType as PlanOrder['triggerType'])
    : plan.triggerType
  const triggerPrice = String(changes.triggerPrice)
  const watched = watchedPrice(state, plan.symbol, triggerType) ?? '0'
  if (!trailing && (plan.direction === 'up') !== big(triggerPrice).gt(watched))
    return {
      ok: false,
      error: parameterFailure(
        `triggerPrice: must stay ${plan.direction === 'up' ? 'above' : 'below'} the price (${watched}), received "${triggerPrice}"`,
      ),
    }
  const limit = !trailing && isSet(changes.executePrice) ? changes.executePrice : undefined
  return {
    ok: true,
    plan: updatePlan(state, plan, {
      triggerPrice,
      triggerType,
      orderType: limit === undefined ? 'market' : 'limit',
      price: limit,
      size: position ? '' : String(changes.size),
      ...(trailing && isSet(changes.rangeRate) && { callbackRatio: changes.rangeRate }),
      ...(trailing && {
        direction: directionOf(state, plan, triggerPrice, triggerType),
        active: false,
        best: undefined,
      }),
    }),
  }
}
