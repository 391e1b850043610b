import type { ChangeErrorType } from '@tradeline/core'
import {
  type ChangeVerdict,
  isRetry,
  OrderNotChangedError,
  OrderOutcomeUnknownError,
  runChange,
  sendRequest,
  UnknownOutcomeError,
  validateRequest,
} from '@tradeline/core'
import { combineSignals, requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import type { FoundPlan } from '../plans/change.js'
import { lookUpPlan } from '../plans/lookup.js'
import { settingsOf } from '../reconcile.js'
import { type CancelPlanResult, cancelPlanResult, planPage } from '../schemas/plans.js'

/**
 * Cancels plan orders (POST /api/v2/mix/order/cancel-plan-order): those of `orderIdList` (then
 * `symbol` is required), or every pending one of the product type, symbol and `planType`
 * (`normal_plan` when none is given). An unknown outcome is reconciled through the plan lists:
 * done when no named (or matching) plan order is pending any more, the named ones then listed
 * as cancelled or, when they executed or are unknown, as failures; nothing is sent twice.
 *
 * @example
 * import { cancelPlanOrder, createClassicFuturesClient } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await cancelPlanOrder(client, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', orderIdList: [{ orderId: '1001' }] })
 * // { successList: [{ orderId: '1001', clientOid: 'Jc3m_…' }], failureList: [] }
 */
export async function cancelPlanOrder(
  client: ClientBase,
  parameters: cancelPlanOrder.Parameters,
  options: cancelPlanOrder.Options = {},
): Promise<cancelPlanOrder.ReturnType> {
  requireArgument(ClassicFutures.cancelPlanOrder, parameters, 'object')
  const endpoint = ClassicFutures.cancelPlanOrder
  const reconcile = settingsOf(client, options.reconcile, endpoint)
  const request = validateRequest(endpoint, parameters, undefined)
  const signal = combineSignals(client.config?.signal, options.signal)
  const retry = isRetry(parameters)
  const planType = parameters.planType ?? 'normal_plan'
  const listed = (parameters.orderIdList ?? []).map((ref) => ({
    orderId: ref.orderId === '' ? undefined : ref.orderId,
    clientOid: ref.clientOid === '' ? undefined : ref.clientOid,
  }))
  type Seen = { readonly named: readonly (FoundPlan | undefined)[]; readonly live: number }
  const lookup = async (s: AbortSignal | undefined): Promise<Seen> => {
    if (parameters.orderIdList !== undefined) {
      const named: (FoundPlan | undefined)[] = []
      for (const ref of listed)
        named.push(
          await lookUpPlan(
            client,
            { productType: parameters.productType, symbol: parameters.symbol, planType, ...ref },
            s,
          ),
        )
      return { named, live: named.filter((p) => p?.planStatus === 'live').length }
    }
    const page = await sendRequest(
      client.transport,
      ClassicFutures.getOrdersPlanPending,
      {
        productType: parameters.productType.toUpperCase(),
        planType:
          planType === 'normal_plan' || planType === 'track_plan' ? planType : 'profit_loss',
        ...(parameters.symbol !== undefined && { symbol: parameters.symbol }),
      },
      planPage,
      { signal: s },
    )
    return {
      named: [],
      live: page.entrustedList.filter((p) => p.planType === planType).length,
    }
  }
  const judge = (seen: Seen | undefined): ChangeVerdict<CancelPlanResult> => {
    if (seen === undefined || seen.live > 0) return { kind: 'not-applied', final: false }
    const result: CancelPlanResult = { successList: [], failureList: [] }
    seen.named.forEach((plan, index) => {
      const ref = listed[index]
      if (plan?.planStatus === 'cancelled')
        result.successList.push({ orderId: plan.orderId, clientOid: plan.clientOid })
      else
        result.failureList.push({
          orderId: ref?.orderId ?? null,
          clientOid: ref?.clientOid ?? null,
          errorMsg: plan === undefined ? 'not found' : `plan order ${plan.planStatus}`,
        })
    })
    return { kind: 'done', value: result }
  }
  /**
   * A retry's failures may be plan orders its first attempt cancelled (landing late): the
   * exchange cannot cancel them again and lists them as failures. Those a lookup shows
   * cancelled are this call's success; when the lookup fails the outcome stays unknown.
   */
  const settleRetry = async (
    ack: CancelPlanResult,
    s: AbortSignal | undefined,
  ): Promise<CancelPlanResult> => {
    if (ack.failureList.length === 0 || parameters.orderIdList === undefined) return ack
    const result: CancelPlanResult = { successList: [...ack.successList], failureList: [] }
    for (const failure of ack.failureList) {
      const ref = {
        ...(failure.orderId ? { orderId: failure.orderId } : {}),
        ...(failure.clientOid ? { clientOid: failure.clientOid } : {}),
      }
      const found = await lookUpPlan(
        client,
        { productType: parameters.productType, symbol: parameters.symbol, planType, ...ref },
        s,
      ).catch((cause: unknown) => {
        const error = new UnknownOutcomeError({
          endpoint: endpoint.id,
          method: 'POST',
          path: endpoint.path,
          reason: 'code',
          msg: `a retry listed ${failure.orderId ?? failure.clientOid} as a failure (${failure.errorMsg}) and the lookup of it failed`,
          cause,
        })
        throw new OrderOutcomeUnknownError({ error, attempts: 1, retryWith: parameters })
      })
      if (found?.planStatus === 'cancelled')
        result.successList.push({ orderId: found.orderId, clientOid: found.clientOid })
      else result.failureList.push(failure)
    }
    return result
  }
  return runChange(
    client.transport,
    {
      endpoint,
      request,
      response: cancelPlanResult,
      retryWith: parameters,
      retry,
      acknowledged: (ack, s) => (retry ? settleRetry(ack, s) : ack),
      lookup,
      judge,
      refusal: () => (retry ? 'check' : 'stands'),
      judgeRefusal: (seen) => (retry ? judge(seen) : { kind: 'not-applied', final: true }),
      notApplied: (_, attempts, cause) =>
        new OrderNotChangedError({ endpoint: endpoint.id, order: undefined, attempts, cause }),
    },
    { reconcile, signal },
  )
}

export declare namespace cancelPlanOrder {
  /** Which plan orders: `orderIdList` with `symbol`, or a product type, symbol and plan type. */
  type Parameters = ClassicFutures.cancelPlanOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** `successList` and `failureList` (with `errorMsg`). */
  type ReturnType = CancelPlanResult
  /** What the call may throw. */
  type ErrorType = ChangeErrorType<cancelPlanOrder.Parameters>
}
