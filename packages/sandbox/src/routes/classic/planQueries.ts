/**
 * Classic plan reads: orders-plan-pending, orders-plan-history and plan-sub-order
 * (https://www.bitget.com/api-doc/contract/plan/get-orders-plan-pending, .../orders-plan-history,
 * .../Plan-Sub-Orders).
 */
import { ClassicFutures, Decimal } from '@tradeline/rules'
import { classicFailures } from '../../exchange/codes.js'
import { type PlanOrder, tpslKinds } from '../../exchange/plans.js'
import type { Outcome, Route } from '../../exchange.js'
import { planRecord, planSubOrderRecords } from '../../records/plans.js'
import type { SandboxState } from '../../state.js'
import { uidOf } from './common.js'

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** The plan types a query's `planType` covers (`profit_loss`: every take-profit/stop-loss type). */
function typesOf(planType: string): readonly string[] {
  return planType === 'profit_loss' ? tpslKinds : [planType]
}

/**
 * The account's plan orders of a query, newest first: product type, plan type, symbol,
 * `orderId` (wins) or `clientOid`, creation time, `idLessThan`; a page of `limit` (at most 100)
 * with `endId` its last orderId. An empty page is `{ entrustedList: [], endId: "" }`.
 */
function page(
  state: SandboxState,
  uid: string,
  params: Record<string, unknown>,
  history: boolean,
): Outcome {
  const types = typesOf(String(params.planType))
  const productType = String(params.productType).toUpperCase()
  const symbol = text(params.symbol)
  const orderId = text(params.orderId)
  const clientOid = orderId === undefined ? text(params.clientOid) : undefined
  const below = text(params.idLessThan)
  const start = text(params.startTime)
  const end = text(params.endTime)
  const status = text(params.planStatus)
  const matches = (plan: PlanOrder) =>
    plan.uid === uid &&
    (history ? plan.status !== 'live' : plan.status === 'live') &&
    (status === undefined || plan.status === status) &&
    plan.category === productType &&
    types.includes(plan.planType) &&
    (symbol === undefined || plan.symbol.toUpperCase() === symbol.toUpperCase()) &&
    (orderId === undefined || plan.orderId === orderId) &&
    (clientOid === undefined || plan.clientOid === clientOid) &&
    (below === undefined || Decimal.compare(plan.orderId, below) < 0) &&
    (start === undefined || plan.createdTime >= Number(start)) &&
    (end === undefined || plan.createdTime <= Number(end))
  const all = [...state.plans.values()]
    .filter(matches)
    .sort((a, b) => b.createdTime - a.createdTime || Decimal.compare(b.orderId, a.orderId))
  const limit = Number(params.limit ?? 100)
  const items = all.slice(0, Math.min(Number.isInteger(limit) && limit > 0 ? limit : 100, 100))
  return {
    data: {
      entrustedList: items.map((plan) => planRecord(plan, { history, fills: state.fills })),
      endId: items.at(-1)?.orderId ?? '',
    },
  }
}

/** GET /api/v2/mix/order/orders-plan-pending: the live plan orders. */
export const ordersPlanPendingRoute: Route = {
  id: ClassicFutures.getOrdersPlanPending.id,
  method: 'GET',
  path: ClassicFutures.getOrdersPlanPending.path,
  auth: true,
  handle: ({ state, key, params }) => page(state, uidOf(key), params, false),
}

/** GET /api/v2/mix/order/orders-plan-history: the executed, failed and cancelled plan orders. */
export const ordersPlanHistoryRoute: Route = {
  id: ClassicFutures.getOrdersPlanHistory.id,
  method: 'GET',
  path: ClassicFutures.getOrdersPlanHistory.path,
  auth: true,
  handle: ({ state, key, params }) => page(state, uidOf(key), params, true),
}

/**
 * GET /api/v2/mix/order/plan-sub-order: the futures orders the account's plan order
 * `planOrderId` placed when it triggered (records/plans.ts `planSubOrderRecords`: `[]` before it
 * triggers). A plan the account does not have, or not of that `planType` and `productType`,
 * answers `40768` as modify and cancel do.
 */
export const planSubOrderRoute: Route = {
  id: ClassicFutures.getPlanSubOrder.id,
  method: 'GET',
  path: ClassicFutures.getPlanSubOrder.path,
  auth: true,
  handle({ state, key, params }): Outcome {
    const plan = state.plans.get(String(params.planOrderId))
    if (
      plan === undefined ||
      plan.uid !== uidOf(key) ||
      plan.planType !== params.planType ||
      plan.category !== String(params.productType).toUpperCase()
    )
      return { error: classicFailures.notFound }
    const placed =
      plan.executeOrderId === undefined ? undefined : state.orders.get(plan.executeOrderId)
    return { data: planSubOrderRecords(plan, placed) }
  },
}
