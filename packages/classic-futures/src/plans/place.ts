/**
 * The placement path of plan orders (place-plan-order, place-tpsl-order): checked before it is
 * sent, always with a `clientOid`, and run by core's change engine, so an unknown outcome is
 * reconciled by `clientOid` through the plan lists and nothing is sent twice.
 */
import {
  type ChangeVerdict,
  clientOidFor,
  OrderIdUnresolvedError,
  OrderNotPlacedError,
  placement,
  runChange,
} from '@tradeline/core'
import { combineSignals, requireArgument } from '@tradeline/core/internal'
import type { ClassicFutures } from '@tradeline/rules/classic-futures'
import { Decimal } from '@tradeline/rules/shared'
import { classicDuplicateCodes } from '../actions/placeOrder.js'
import {
  assertTradable,
  type ChangeOptions,
  type ClientBase,
  orderContextOf,
  validateOrder,
} from '../internal/client.js'
import { settingsOf } from '../reconcile.js'
import { type PlanHistoryOrder, type PlanOrder, planAck } from '../schemas/plans.js'
import { lookUpPlan } from './lookup.js'

/** The acknowledgement of a plan placement: the plan order's id and `clientOid`. */
export type PlanPlaced = { readonly orderId: string; readonly clientOid: string }

/** What a placement sends: its contract, plan type, trigger, size and `clientOid`. */
export type PlanInput = {
  readonly symbol: string
  readonly productType: string
  readonly marginCoin?: string | undefined
  readonly planType: string
  readonly triggerPrice: string
  readonly size?: string | undefined
  readonly clientOid: string
}

/**
 * Whether a plan order found by `clientOid` is the one `input` describes (same symbol, plan
 * type, trigger price and size when given): otherwise the clientOid was another's.
 */
export function samePlan(found: PlanOrder | PlanHistoryOrder, input: PlanInput): boolean {
  const equal = (a: string | null, b: string | undefined) =>
    b === undefined ||
    b === '' ||
    (a !== null && Decimal.isDecimal(a) && Decimal.isDecimal(b) && Decimal.compare(a, b) === 0)
  return (
    found.symbol?.toUpperCase() === input.symbol.toUpperCase() &&
    found.planType === input.planType &&
    equal(found.triggerPrice, input.triggerPrice) &&
    equal(found.size, input.size)
  )
}

/**
 * Places a plan order of `endpoint` through the change engine, with the caller's `clientOid` or
 * a generated one.
 */
export async function placePlanWith(
  client: ClientBase,
  endpoint: typeof ClassicFutures.placePlanOrder | typeof ClassicFutures.placeTpslOrder,
  /** The parameters as the caller passed them (a `retryWith` is marked as a retry). */
  parameters: Omit<PlanInput, 'clientOid'> & { readonly clientOid?: string | undefined },
  options: ChangeOptions,
): Promise<PlanPlaced> {
  requireArgument(endpoint, parameters, 'object')
  const clientOid = clientOidFor(client, parameters.clientOid)
  const input: PlanInput = { ...parameters, clientOid }
  const reconcile = settingsOf(client, options.reconcile, endpoint)
  const context = await orderContextOf(client, input)
  await assertTradable(client, endpoint, [input])
  // As placeOrder: a mode switched elsewhere since it was read is read again, once.
  const request = await validateOrder(client, endpoint, input, context)
  const signal = combineSignals(client.config?.signal, options.signal)
  const query = {
    productType: input.productType,
    symbol: input.symbol,
    planType: input.planType,
    clientOid,
  }
  return runChange(
    client.transport,
    {
      ...placement({
        endpoint,
        request,
        response: planAck,
        parameters,
        input,
        clientOid,
        duplicateCodes: classicDuplicateCodes,
        judge: (found: PlanOrder | PlanHistoryOrder | undefined): ChangeVerdict<PlanPlaced> =>
          found === undefined
            ? { kind: 'not-applied', final: false }
            : samePlan(found, input)
              ? { kind: 'done', value: { orderId: found.orderId, clientOid } }
              : { kind: 'not-applied', final: true },
        clock: client.transport.clock,
        createdAt: (found) => found.cTime,
      }),
      acknowledged: async (ack, s) => {
        if (ack.orderId !== null)
          return { orderId: ack.orderId, clientOid: ack.clientOid ?? clientOid }
        const found = await lookUpPlan(client, query, s)
        if (found) return { orderId: found.orderId, clientOid }
        throw new OrderIdUnresolvedError({ clientOid })
      },
      lookup: (s) => lookUpPlan(client, query, s),
      notApplied: (_, attempts, cause) =>
        new OrderNotPlacedError({ endpoint: endpoint.id, clientOid, attempts, cause }),
    },
    { reconcile, signal },
  )
}
