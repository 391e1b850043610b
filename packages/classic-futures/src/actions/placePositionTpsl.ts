import type { PlacementErrorType } from '@tradeline/core'
import {
  type ChangeVerdict,
  clientOidFor,
  OrderNotPlacedError,
  placement,
  runChange,
} from '@tradeline/core'
import { combineSignals, requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import {
  assertTradable,
  type ChangeOptions,
  type ClientBase,
  orderContextOf,
  validateOrder,
} from '../internal/client.js'
import { lookUpPlan } from '../plans/lookup.js'
import { type PlanInput, samePlan } from '../plans/place.js'
import { settingsOf } from '../reconcile.js'
import {
  type PlanHistoryOrder,
  type PlanOrder,
  type PosTpslAck,
  posTpslAcks,
} from '../schemas/plans.js'

type Found = PlanOrder | PlanHistoryOrder
/** What a lookup shows of the legs: each leg's plan order when found. */
type Legs = { readonly profit?: Found | undefined; readonly loss?: Found | undefined }

/**
 * Places the take-profit and the stop-loss of a position at once
 * (POST /api/v2/mix/order/place-pos-tpsl); a leg with a size is a `profit_plan`/`loss_plan`,
 * without one a `pos_profit`/`pos_loss`. Each leg that is set carries a clientOid (generated
 * when absent); an unknown outcome is reconciled by both through the plan lists (done when
 * every leg is found); nothing is sent twice.
 *
 * @example
 * import { createClassicFuturesClient, placePositionTpsl } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await placePositionTpsl(client, { marginCoin: 'USDT', productType: 'USDT-FUTURES', symbol: 'BTCUSDT', holdSide: 'buy', stopSurplusTriggerPrice: '70000', stopSurplusTriggerType: 'mark_price', stopLossTriggerPrice: '60000', stopLossTriggerType: 'mark_price' })
 * // [{ orderId: '1003', stopSurplusClientOid: 'a…', stopLossClientOid: 'b…' }, ...]
 */
export async function placePositionTpsl(
  client: ClientBase,
  parameters: placePositionTpsl.Parameters,
  options: placePositionTpsl.Options = {},
): Promise<placePositionTpsl.ReturnType> {
  requireArgument(ClassicFutures.placePosTpsl, parameters, 'object')
  const endpoint = ClassicFutures.placePosTpsl
  const set = (value: string | undefined) => value !== undefined && /[1-9]/.test(value)
  const input = {
    ...parameters,
    ...(set(parameters.stopSurplusTriggerPrice) && {
      stopSurplusClientOid: clientOidFor(client, parameters.stopSurplusClientOid),
    }),
    ...(set(parameters.stopLossTriggerPrice) && {
      stopLossClientOid: clientOidFor(client, parameters.stopLossClientOid),
    }),
  }
  const reconcile = settingsOf(client, options.reconcile, endpoint)
  const context = await orderContextOf(client, input)
  await assertTradable(client, endpoint, [input])
  // As placeOrder: a mode switched elsewhere since it was read is read again, once (holdSide).
  const request = await validateOrder(client, endpoint, input, context)
  const signal = combineSignals(client.config?.signal, options.signal)
  const leg = (kind: 'profit' | 'loss'): PlanInput | undefined => {
    const prefix = kind === 'profit' ? 'stopSurplus' : 'stopLoss'
    const clientOid = input[`${prefix}ClientOid`]
    const triggerPrice = input[`${prefix}TriggerPrice`]
    if (clientOid === undefined || triggerPrice === undefined) return undefined
    const size = input[`${prefix}Size`]
    return {
      symbol: input.symbol,
      productType: input.productType,
      planType: set(size) ? `${kind}_plan` : `pos_${kind}`,
      triggerPrice,
      size,
      clientOid,
    }
  }
  const legs = { profit: leg('profit'), loss: leg('loss') }
  const first = legs.profit ?? legs.loss
  const lookup = async (s: AbortSignal | undefined): Promise<Legs | undefined> => {
    const find = (l: PlanInput | undefined) =>
      l === undefined ? undefined : lookUpPlan(client, { ...l, planType: l.planType }, s)
    const [profit, loss] = [await find(legs.profit), await find(legs.loss)]
    return profit === undefined && loss === undefined ? undefined : { profit, loss }
  }
  const judge = (found: Legs | undefined): ChangeVerdict<placePositionTpsl.ReturnType> => {
    if (found === undefined) return { kind: 'not-applied', final: false }
    const parts = [
      [legs.profit, found.profit],
      [legs.loss, found.loss],
    ] as const
    if (
      parts.some(
        ([wanted, got]) => wanted !== undefined && got !== undefined && !samePlan(got, wanted),
      )
    )
      return { kind: 'not-applied', final: true }
    if (parts.some(([wanted, got]) => wanted !== undefined && got === undefined))
      return { kind: 'pending' }
    return {
      kind: 'done',
      value: parts.flatMap(([, got]) =>
        got === undefined
          ? []
          : [
              {
                orderId: got.orderId,
                stopSurplusClientOid: legs.profit?.clientOid ?? null,
                stopLossClientOid: legs.loss?.clientOid ?? null,
              },
            ],
      ),
    }
  }
  return runChange(
    client.transport,
    {
      ...placement({
        endpoint,
        request,
        response: posTpslAcks,
        parameters,
        input,
        clientOid: first?.clientOid,
        duplicateCodes: [],
        judge,
        clock: client.transport.clock,
        createdAt: (found: Legs) => (found.profit ?? found.loss)?.cTime,
      }),
      acknowledged: (ack) => ack,
      lookup,
      notApplied: (_, attempts, cause) =>
        new OrderNotPlacedError({
          endpoint: endpoint.id,
          clientOid: first?.clientOid ?? '',
          attempts,
          cause,
        }),
    },
    { reconcile, signal },
  )
}

export declare namespace placePositionTpsl {
  /** Both legs as a caller writes them; each set leg's clientOid is generated when absent. */
  type Parameters = ClassicFutures.placePosTpsl.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** One item per leg placed. */
  type ReturnType = readonly PosTpslAck[]
  /** What the call may throw. */
  type ErrorType = PlacementErrorType<placePositionTpsl.Parameters>
}
