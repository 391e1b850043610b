/**
 * Reconciliation of plan orders: a plan order is looked up by `orderId` or `clientOid` among
 * the pending plan orders (orders-plan-pending), then the finished ones (orders-plan-history),
 * of its plan type's family (`normal_plan`, `track_plan` or `profit_loss` for every
 * take-profit/stop-loss type). Nothing is ever sent twice.
 */
import { sendRequest } from '@tradeline/core'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { ClientBase } from '../internal/client.js'
import {
  type PlanHistoryOrder,
  type PlanOrder,
  planHistoryPage,
  planPage,
} from '../schemas/plans.js'

/** Which plan order to look up. */
export type PlanQuery = {
  readonly productType: string
  readonly symbol?: string | undefined
  /** The plan type (or family) of the order. */
  readonly planType: string
  readonly orderId?: string | undefined
  readonly clientOid?: string | undefined
}

/** The query family of a plan type: `profit_loss` for every take-profit/stop-loss type. */
export function planFamily(planType: string): ClassicFutures.PlanQueryType {
  return planType === 'normal_plan' || planType === 'track_plan' ? planType : 'profit_loss'
}

/**
 * Reads one plan order, pending or finished (`planStatus` says which); `undefined` when neither
 * list holds it.
 *
 * @example
 * import { createClassicFuturesClient, lookUpPlan } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await lookUpPlan(client, { productType: 'USDT-FUTURES', planType: 'normal_plan', clientOid: 'never-sent' }) // undefined
 */
export async function lookUpPlan(
  client: ClientBase,
  query: PlanQuery,
  signal?: AbortSignal | undefined,
): Promise<PlanOrder | PlanHistoryOrder | undefined> {
  const request = {
    productType: query.productType.toUpperCase(),
    planType: planFamily(query.planType),
    ...(query.symbol !== undefined && { symbol: query.symbol }),
    ...(query.orderId !== undefined ? { orderId: query.orderId } : { clientOid: query.clientOid }),
  }
  const matches = (plan: PlanOrder) =>
    query.orderId !== undefined
      ? plan.orderId === query.orderId
      : plan.clientOid === query.clientOid
  const pending = await sendRequest(
    client.transport,
    ClassicFutures.getOrdersPlanPending,
    request,
    planPage,
    { signal },
  )
  const live = pending.entrustedList.find(matches)
  if (live) return live
  const history = await sendRequest(
    client.transport,
    ClassicFutures.getOrdersPlanHistory,
    request,
    planHistoryPage,
    { signal },
  )
  return history.entrustedList.find(matches)
}
