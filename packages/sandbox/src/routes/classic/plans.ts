/**
 * Classic plan orders: place-plan-order, place-tpsl-order, place-pos-tpsl, modify-plan-order,
 * modify-tpsl-order and cancel-plan-order
 * (https://www.bitget.com/api-doc/contract/plan/Place-Plan-Order and its sibling pages).
 */
import { ClassicFutures } from '@tradeline/rules'
import { modifyPlan, modifyTpsl } from '../../exchange/planChanges.js'
import {
  cancelPlan,
  findPlan,
  livePlan,
  type PlanOrder,
  type PlanRequest,
  placePlan,
  placeTpsl,
  type TpslRequest,
} from '../../exchange/plans.js'
import type { Outcome, Route } from '../../exchange.js'
import type { SandboxState } from '../../state.js'
import { classicContext, ignoresTradeSide, readsClassicOrder, uidOf } from './common.js'

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** The acknowledgement `{ orderId, clientOid }` of a plan order. */
const ack = (plan: PlanOrder) => ({ orderId: plan.orderId, clientOid: plan.clientOid })

/** An outcome of the plan module as the envelope's. */
const answer = (
  placed: { ok: true; plan: PlanOrder } | { ok: false; error: { code: string; msg: string } },
): Outcome => (placed.ok ? { data: ack(placed.plan) } : { error: placed.error })

/**
 * POST /api/v2/mix/order/place-plan-order: a trigger order or trailing stop, kept until the
 * trigger engine executes it (see exchange/triggers.ts).
 */
export const placePlanOrderRoute: Route = {
  id: ClassicFutures.placePlanOrder.id,
  method: 'POST',
  path: ClassicFutures.placePlanOrder.path,
  auth: true,
  context: (input, { state, key }) => classicContext(state, key, input),
  ignores: ignoresTradeSide,
  reads: readsClassicOrder,
  handle: ({ state, key, params }) => answer(placePlan(state, uidOf(key), params as PlanRequest)),
}

/** POST /api/v2/mix/order/place-tpsl-order: a take-profit/stop-loss of a held position (22002 without). */
export const placeTpslOrderRoute: Route = {
  id: ClassicFutures.placeTpslOrder.id,
  method: 'POST',
  path: ClassicFutures.placeTpslOrder.path,
  auth: true,
  context: (input, { state, key }) => classicContext(state, key, input),
  reads: readsClassicOrder,
  // The docs: size is "NOT required when planType is pos_profit or pos_loss" (the whole
  // position); ccxt's createStopLossOrder sends it, and the exchange ignores it.
  ignores: (issue) => issue.type === 'forbidden' && issue.path.at(-1) === 'size',
  handle: ({ state, key, params }) => answer(placeTpsl(state, uidOf(key), params as TpslRequest)),
}

/**
 * POST /api/v2/mix/order/place-pos-tpsl: the take-profit and stop-loss of a position at once;
 * a leg with a size is a `profit_plan`/`loss_plan`, without one a `pos_profit`/`pos_loss`. When
 * the second leg is refused the first is withdrawn, so nothing stays. The answer lists one
 * `{ orderId, stopSurplusClientOid, stopLossClientOid }` per leg placed.
 */
export const placePosTpslRoute: Route = {
  id: ClassicFutures.placePosTpsl.id,
  method: 'POST',
  path: ClassicFutures.placePosTpsl.path,
  auth: true,
  context: (input, { state, key }) => classicContext(state, key, input),
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const placed: PlanOrder[] = []
    for (const [leg, sized, whole] of [
      ['stopSurplus', 'profit_plan', 'pos_profit'],
      ['stopLoss', 'loss_plan', 'pos_loss'],
    ] as const) {
      const trigger = text(params[`${leg}TriggerPrice`])
      if (trigger === undefined || !/[1-9]/.test(trigger)) continue
      const size = text(params[`${leg}Size`])
      const outcome = placeTpsl(state, uid, {
        symbol: String(params.symbol),
        productType: String(params.productType),
        marginCoin: String(params.marginCoin),
        holdSide: params.holdSide as TpslRequest['holdSide'],
        planType: size !== undefined && /[1-9]/.test(size) ? sized : whole,
        triggerPrice: trigger,
        triggerType: params[`${leg}TriggerType`] as TpslRequest['triggerType'],
        executePrice: text(params[`${leg}ExecutePrice`]),
        size,
        clientOid: text(params[`${leg}ClientOid`]),
      })
      if (!outcome.ok) {
        for (const plan of placed) state.plans.delete(plan.orderId)
        return { error: outcome.error }
      }
      placed.push(outcome.plan)
    }
    const clientOid = (kinds: readonly string[]) =>
      placed.find((plan) => kinds.includes(plan.planType))?.clientOid ?? ''
    return {
      data: placed.map((plan) => ({
        orderId: plan.orderId,
        stopSurplusClientOid: clientOid(['profit_plan', 'pos_profit']),
        stopLossClientOid: clientOid(['loss_plan', 'pos_loss']),
      })),
    }
  },
}

/** The plan order a modify names, of the product type (and symbol) asked. */
function named(state: SandboxState, uid: string, params: Record<string, unknown>) {
  const plan = findPlan(state, uid, params)
  const symbol = text(params.symbol)
  if (!plan || plan.category !== String(params.productType).toUpperCase()) return undefined
  return symbol === undefined || symbol.toUpperCase() === plan.symbol.toUpperCase()
    ? plan
    : undefined
}

/** POST /api/v2/mix/order/modify-plan-order: changes a live trigger order or trailing stop. */
export const modifyPlanOrderRoute: Route = {
  id: ClassicFutures.modifyPlanOrder.id,
  method: 'POST',
  path: ClassicFutures.modifyPlanOrder.path,
  auth: true,
  context: (input, { state, key }) => classicContext(state, key, input),
  handle: ({ state, key, params }) =>
    answer(modifyPlan(state, named(state, uidOf(key), params), params)),
}

/** POST /api/v2/mix/order/modify-tpsl-order: changes a live take-profit/stop-loss. */
export const modifyTpslOrderRoute: Route = {
  id: ClassicFutures.modifyTpslOrder.id,
  method: 'POST',
  path: ClassicFutures.modifyTpslOrder.path,
  auth: true,
  context: (input, { state, key }) => ({
    ...classicContext(state, key, input),
    planType: key ? findPlan(state, key.uid, input)?.planType : undefined,
  }),
  handle: ({ state, key, params }) =>
    answer(modifyTpsl(state, named(state, uidOf(key), params), params)),
}

const cancelTypes = (planType: string | undefined): readonly string[] =>
  planType === undefined ? ['normal_plan'] : [planType]

/**
 * POST /api/v2/mix/order/cancel-plan-order: cancels the live plan orders of `orderIdList` (each
 * it cannot cancel goes to `failureList` with its reason), or every live one of the product
 * type, symbol, margin coin and plan type (`normal_plan` when none is given).
 */
export const cancelPlanOrderRoute: Route = {
  id: ClassicFutures.cancelPlanOrder.id,
  method: 'POST',
  path: ClassicFutures.cancelPlanOrder.path,
  auth: true,
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const productType = String(params.productType).toUpperCase()
    const symbol = text(params.symbol)
    const list = params.orderIdList as readonly Record<string, string>[] | undefined
    const successList: Record<string, string>[] = []
    const failureList: Record<string, string>[] = []
    if (list !== undefined) {
      for (const ref of list) {
        const found = findPlan(state, uid, ref)
        const plan =
          found && found.category === productType && found.symbol === symbol ? found : undefined
        const refused = livePlan(plan)
        if (refused || !plan)
          failureList.push({
            orderId: ref.orderId ?? '',
            clientOid: ref.clientOid ?? '',
            errorMsg: refused?.msg ?? '',
          })
        else successList.push(ack(cancelPlan(state, plan)))
      }
      return { data: { successList, failureList } }
    }
    const types = cancelTypes(text(params.planType))
    const marginCoin = text(params.marginCoin)
    for (const plan of [...state.plans.values()])
      if (
        plan.uid === uid &&
        plan.status === 'live' &&
        plan.category === productType &&
        types.includes(plan.planType) &&
        (symbol === undefined || plan.symbol === symbol) &&
        (marginCoin === undefined || plan.marginCoin === marginCoin)
      )
        successList.push(ack(cancelPlan(state, plan)))
    return { data: { successList, failureList } }
  },
}
