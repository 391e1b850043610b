/**
 * The change path of live plan orders (modify-plan-order, modify-tpsl-order,
 * cancel-plan-order by id): run by core's change engine, so an unknown outcome is reconciled by
 * looking the plan order up, and nothing is sent twice.
 */
import {
  type ChangeVerdict,
  isRetry,
  OrderNotChangedError,
  runChange,
  validateRequest,
} from '@tradeline/core'
import { combineSignals, requireArgument } from '@tradeline/core/internal'
import type { ClassicFutures } from '@tradeline/rules/classic-futures'
import { Decimal, type Endpoint } from '@tradeline/rules/shared'
import type * as v from 'valibot'
import { type ChangeOptions, type ClientBase, instrumentOf } from '../internal/client.js'
import { settingsOf } from '../reconcile.js'
import { type PlanHistoryOrder, type PlanOrder, planAck } from '../schemas/plans.js'
import { lookUpPlan } from './lookup.js'

/** A plan order as a lookup shows it, pending or finished. */
export type FoundPlan = PlanOrder | PlanHistoryOrder

/** The acknowledgement of a plan change: the plan order's id and `clientOid`. */
export type PlanChanged = { readonly orderId: string | null; readonly clientOid: string | null }

/** The acknowledgement of a change as sent, or as a live plan order found showing it. */
export function changedAck(plan: {
  readonly orderId: string | null
  readonly clientOid: string | null
}): PlanChanged {
  return { orderId: plan.orderId, clientOid: plan.clientOid }
}

/** Whether a decimal field of a found plan equals a requested value (none requested: yes). */
export function sameDecimal(found: string | null, wanted: string | undefined): boolean {
  if (wanted === undefined || wanted === '') return true
  return (
    found !== null &&
    Decimal.isDecimal(found) &&
    Decimal.isDecimal(wanted) &&
    Decimal.compare(found, wanted) === 0
  )
}

/**
 * Sends a change of one plan order through the change engine: after an unknown outcome the
 * plan order is looked up (in each of `families` until found); `applied` says whether what the
 * lookup shows is the change done; a finished or absent plan order is `OrderNotChangedError`.
 */
export async function changePlanWith<ack, value>(
  client: ClientBase,
  change: {
    readonly endpoint: Endpoint.Endpoint<any, any>
    readonly request: unknown
    readonly response: v.GenericSchema<unknown, ack>
    readonly parameters: Readonly<Record<string, unknown>> & {
      readonly productType: string
      readonly symbol?: string | undefined
      readonly orderId?: string | undefined
      readonly clientOid?: string | undefined
    }
    readonly families: readonly string[]
    acknowledged(ack: ack): value
    applied(found: FoundPlan): value | undefined
  },
  options: ChangeOptions,
): Promise<value> {
  const { endpoint, parameters } = change
  const reconcile = settingsOf(client, options.reconcile, endpoint)
  const signal = combineSignals(client.config?.signal, options.signal)
  const retry = isRetry(parameters)
  const lookup = async (s: AbortSignal | undefined): Promise<FoundPlan | undefined> => {
    for (const planType of change.families) {
      const found = await lookUpPlan(
        client,
        {
          productType: parameters.productType,
          symbol: parameters.symbol,
          planType,
          ...(parameters.orderId !== undefined
            ? { orderId: parameters.orderId }
            : { clientOid: parameters.clientOid }),
        },
        s,
      )
      if (found) return found
    }
    return undefined
  }
  const judge = (found: FoundPlan | undefined): ChangeVerdict<value> => {
    if (found === undefined) return { kind: 'not-applied', final: true }
    const value = change.applied(found)
    if (value !== undefined) return { kind: 'done', value }
    return { kind: 'not-applied', final: found.planStatus !== 'live' }
  }
  return runChange(
    client.transport,
    {
      endpoint,
      request: change.request,
      response: change.response,
      retryWith: parameters,
      retry,
      clientOid: parameters.clientOid,
      acknowledged: (ack) => change.acknowledged(ack),
      lookup,
      judge,
      refusal: () => (retry ? 'check' : 'stands'),
      judgeRefusal: (found) => (retry ? judge(found) : { kind: 'not-applied', final: true }),
      notApplied: (found, attempts, cause) =>
        new OrderNotChangedError({
          endpoint: endpoint.id,
          order: found,
          status: found?.planStatus,
          attempts,
          cause,
        }),
    },
    { reconcile, signal },
  )
}

/**
 * Modifies one live plan order of `endpoint` (modify-plan-order, modify-tpsl-order): checked
 * with the contract before it is sent, then through {@link changePlanWith}; done when the plan
 * order is live and its decimal fields named in `shows` equal the values sent.
 */
export async function modifyPlanWith(
  client: ClientBase,
  endpoint: typeof ClassicFutures.modifyPlanOrder | typeof ClassicFutures.modifyTpslOrder,
  parameters: Parameters<typeof changePlanWith>[1]['parameters'],
  families: readonly string[],
  /** Pairs of a found plan order's field and the value sent for it. */
  shows: readonly (readonly [keyof FoundPlan & string, string | undefined])[],
  options: ChangeOptions,
): Promise<PlanChanged> {
  requireArgument(endpoint, parameters, 'object')
  const instrument = await instrumentOf(client, parameters.symbol, parameters.productType)
  const request = validateRequest(endpoint, parameters, { instrument })
  return changePlanWith(
    client,
    {
      endpoint,
      request,
      response: planAck,
      parameters,
      families,
      acknowledged: changedAck,
      applied: (found) =>
        found.planStatus === 'live' &&
        shows.every(([field, sent]) => sameDecimal(found[field] as string | null, sent))
          ? changedAck(found)
          : undefined,
    },
    options,
  )
}
