/**
 * Strategy orders as the exchange answers them (docs/records.md): `status` `pending`,
 * `success`, `failed` or `cancelled`, the take-profit/stop-loss and trigger fields `""` when
 * unset. The sandbox keeps its own state; this shapes it at the route boundary.
 */
import type { StrategyOrder } from '../exchange/types.js'

/** The fields of the exchange's strategy record that are `""` when the order does not set them. */
const legFields = [
  'tpTriggerBy',
  'slTriggerBy',
  'takeProfit',
  'stopLoss',
  'tpOrderType',
  'slOrderType',
  'tpLimitPrice',
  'slLimitPrice',
  'triggerBy',
  'triggerPrice',
  'triggerOrderType',
  'triggerOrderPrice',
] as const

/**
 * The exchange's status of a strategy order: `pending` while it waits, `success` once it
 * triggered and placed its order, `failed` when it triggered but placed none (no position left
 * to close, or the order was refused), `cancelled`.
 *
 * @example
 * import { strategyStatusOf } from '@tradeline/sandbox'
 * strategyStatusOf({ status: 'live' }) // 'pending'
 */
export function strategyStatusOf(
  s: Pick<StrategyOrder, 'status' | 'orderIds'>,
): 'pending' | 'success' | 'failed' | 'cancelled' {
  if (s.status === 'live') return 'pending'
  if (s.status === 'cancelled') return 'cancelled'
  return (s.orderIds?.length ?? 0) > 0 ? 'success' : 'failed'
}

/**
 * A strategy order as unfilled-strategy-orders and history-strategy-orders answer it: the
 * exchange's fields (`""` when unset), the type's fields as sent, and the sandbox's own
 * `type`, `triggeredLeg` and `orderIds` (the orders it placed); `triggerType` names the leg of
 * a tpsl that triggered. Times are millisecond strings.
 *
 * @example
 * import { strategyRecord } from '@tradeline/sandbox'
 * strategyRecord({ orderId: '1', clientOid: null, uid: 'u', category: 'SPOT', symbol: 'ETHUSDT', type: 'trigger', status: 'live', params: { triggerPrice: '3000' }, placedAt: '3200', createdTime: 1, updatedTime: 1 }).status // 'pending'
 */
export function strategyRecord(s: StrategyOrder): Record<string, unknown> {
  const params = { ...s.params }
  if (typeof params.reduceOnly === 'string') params.reduceOnly = params.reduceOnly.toUpperCase()
  const leg = s.triggeredLeg
  return {
    orderId: s.orderId,
    clientOid: s.clientOid ?? '',
    category: s.category,
    symbol: s.symbol,
    qty: s.qty ?? '',
    posSide: s.posSide ?? '',
    status: strategyStatusOf(s),
    type: s.type,
    ...(s.side !== undefined && { side: s.side }),
    ...Object.fromEntries(legFields.map((field) => [field, ''])),
    ...params,
    ...(s.type === 'tpsl' && (leg === 'takeProfit' || leg === 'stopLoss') && { triggerType: leg }),
    ...(leg !== undefined && { triggeredLeg: leg }),
    ...(s.orderIds !== undefined && { orderIds: s.orderIds }),
    createdTime: String(s.createdTime),
    updatedTime: String(s.updatedTime),
  }
}
