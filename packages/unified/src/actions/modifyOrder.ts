import type { ChangeErrorType } from '@tradeline/core'
import {
  type ChangeVerdict,
  isRetry,
  OrderClosedOutcomeUnknownError,
  runChange,
  validateRequest,
} from '@tradeline/core'
import { combineSignals, modificationRefusal } from '@tradeline/core/internal'
import { Unified } from '@tradeline/rules/unified'
import { type ChangeOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { defined, instrumentOf } from '../internal/context.js'
import { type Lookup, sameDecimal, settingsOf, showsValue } from '../internal/settle.js'
import { lookUpOrder, OrderNotChangedError } from '../reconcile.js'
import { orderAck, type ResolvedAck } from '../schemas/ack.js'
import { resolveOrderId } from './placeOrder.js'

/**
 * Modifies the price or quantity of an order that is not fully filled
 * (POST /api/v3/trade/modify-order). The request is checked before it is sent (the tick, lot
 * and minimum rules where the client knows the instrument). An unknown outcome is reconciled by
 * reading the order: the acknowledgement is returned when the order shows the new values, and
 * `OrderNotChangedError` is thrown when it provably kept the old ones; nothing is sent twice.
 *
 * @example
 * import { createUnifiedClient, modifyOrder } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await modifyOrder(client, { orderId: '1001', symbol: 'BTCUSDT', category: 'SPOT', price: '60100' })
 * // { orderId: '1001', clientOid: 'Jc3m_0q9ZyXb-4TtUu1wQe8K' }
 */
export async function modifyOrder(
  client: ClientBase,
  parameters: modifyOrder.Parameters,
  options: modifyOrder.Options = {},
): Promise<modifyOrder.ReturnType> {
  requireArgument(Unified.modifyOrder, parameters, 'object', 'parameters')
  // The call's own reconciliation settings are checked before anything is sent.
  const reconcile = settingsOf(client, options.reconcile, Unified.modifyOrder)
  const instrument = await instrumentOf(client, parameters.symbol, parameters.category)
  const request = validateRequest(Unified.modifyOrder, parameters, defined({ instrument }))
  const signal = combineSignals(client.config?.signal, options.signal)
  const query = defined({ orderId: parameters.orderId, clientOid: parameters.clientOid })
  // A refusal may meet this call's own first attempt only when it is the retry of an unknown
  // outcome (`retryWith`): a modification still awaiting its result (43021) may be that attempt
  // (reconciled), and any other refusal is checked against the order.
  const retry = isRetry(parameters)
  const judge = (found: Lookup) => judgeModify(found, parameters, Unified.modifyOrder)
  return runChange(
    client.transport,
    {
      endpoint: Unified.modifyOrder,
      request,
      response: orderAck,
      retryWith: parameters,
      retry,
      clientOid: parameters.clientOid,
      acknowledged: (ack, s) => {
        const orderId = ack.orderId ?? parameters.orderId
        const clientOid = ack.clientOid ?? parameters.clientOid ?? null
        if (orderId !== undefined) return { orderId, clientOid }
        return resolveOrderId(client, clientOid ?? '', s)
      },
      lookup: (s) => lookUpOrder(client, query, s),
      judge,
      refusal: (error) => modificationRefusal(retry, error),
      notApplied: (order, attempts, cause) =>
        new OrderNotChangedError({
          endpoint: Unified.modifyOrder.id,
          order,
          status: order?.orderStatus,
          attempts,
          cause,
        }),
    },
    { signal, reconcile },
  )
}

/** The take-profit and stop-loss fields a modification may change, by leg. */
const presetLegs = [
  { price: 'takeProfit', limit: 'tpLimitPrice', texts: ['tpTriggerBy', 'tpOrderType'] },
  { price: 'stopLoss', limit: 'slLimitPrice', texts: ['slTriggerBy', 'slOrderType'] },
] as const

/** The parts of a modification an order is judged by. */
type Asked = {
  readonly [field in
    | 'price'
    | 'qty'
    | 'takeProfit'
    | 'stopLoss'
    | 'tpLimitPrice'
    | 'slLimitPrice'
    | 'tpTriggerBy'
    | 'tpOrderType'
    | 'slTriggerBy'
    | 'slOrderType']?: string | undefined
}

/**
 * Whether an order shows what a modification asked: its price and quantity, and each
 * take-profit or stop-loss field sent with a value (`0` removes a leg, whose other fields then
 * go with it; `""` keeps).
 */
function showsModification(found: NonNullable<Lookup>, asked: Asked): boolean {
  if (!sameDecimal(found.price, asked.price) || !sameDecimal(found.qty, asked.qty)) return false
  // `""` keeps a field: not compared.
  const sent = (value: string | undefined) => (value === '' ? undefined : value)
  for (const leg of presetLegs) {
    const price = sent(asked[leg.price])
    if (!showsValue(found[leg.price], price)) return false
    // A leg removed: its other fields are not compared.
    if (price !== undefined && sameDecimal(price, '0')) continue
    if (!showsValue(found[leg.limit], sent(asked[leg.limit]))) return false
    for (const text of leg.texts) {
      const value = asked[text]
      if (value !== undefined && value !== '' && found[text] !== value) return false
    }
  }
  return true
}

/**
 * What an order shows of a modification: done when it shows the requested price and quantity,
 * and each take-profit or stop-loss field sent with a value; not applied for good when it does
 * not exist; when it closed (filled or cancelled) with other values, the outcome cannot be
 * learned (another modification may have applied after this one):
 * `OrderClosedOutcomeUnknownError`; otherwise not applied yet.
 */
export function judgeModify(
  found: Lookup,
  parameters: Asked,
  endpoint: { readonly id: string; readonly method: 'GET' | 'POST'; readonly path: string },
): ChangeVerdict<ResolvedAck> {
  if (found === undefined) return { kind: 'not-applied', final: true }
  if (showsModification(found, parameters))
    return { kind: 'done', value: { orderId: found.orderId, clientOid: found.clientOid } }
  if (found.orderStatus === 'filled' || found.orderStatus === 'cancelled')
    return {
      kind: 'error',
      error: new OrderClosedOutcomeUnknownError({
        endpoint: endpoint.id,
        method: endpoint.method,
        path: endpoint.path,
        status: found.orderStatus,
      }),
    }
  return { kind: 'not-applied', final: false }
}

export declare namespace modifyOrder {
  /** The modification as a caller writes it. */
  type Parameters = Unified.modifyOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** The acknowledgement. */
  type ReturnType = ResolvedAck
  /** What the call may throw. */
  type ErrorType = ChangeErrorType<modifyOrder.Parameters>
}
