/**
 * The classic plan orders as the exchange answers them: the items of orders-plan-pending and
 * orders-plan-history (https://www.bitget.com/api-doc/contract/plan/get-orders-plan-pending,
 * .../orders-plan-history), of the private stream's `orders-algo` channel, and the orders a
 * triggered plan placed (plan-sub-order, .../Plan-Sub-Orders).
 */
import { Big } from '@tradeline/rules/big'
import type { PlanOrder } from '../exchange/plans.js'
import type { Fill } from '../exchange/types.js'
import type { Order } from '../orders.js'

/** The source of a take-profit/stop-loss order (`orderSource`), by type and execution. */
function sourceOf(plan: PlanOrder): string {
  const how = plan.orderType === 'limit' ? 'limit' : 'market'
  switch (plan.planType) {
    case 'profit_plan':
      return `profit_${how}`
    case 'loss_plan':
      return `loss_${how}`
    case 'pos_profit':
      return `pos_profit_${how}`
    case 'pos_loss':
      return `pos_loss_${how}`
    case 'normal_plan':
      return 'normal'
    default:
      return 'market'
  }
}

/**
 * A plan order as an item of orders-plan-pending (`history: false`) or orders-plan-history
 * (`history: true`, with `executeOrderId`, `priceAvg` and `baseVolume` of the order it placed):
 * `planStatus` `live` while pending, `price`/`executePrice` the execute price (`""` for a market
 * execution), `callbackRatio` `""` unless trailing, times as text.
 *
 * @example
 * import { planRecord } from './records/plans.js'
 * planRecord({ orderId: '1', clientOid: 'c', uid: 'u', category: 'USDT-FUTURES', symbol: 'BTCUSDT', planType: 'normal_plan', marginCoin: 'USDT', marginMode: 'crossed', side: 'buy', bookSide: 'buy', posSide: 'net', size: '0.01', orderType: 'market', triggerPrice: '66000', triggerType: 'mark_price', direction: 'up', presets: {}, status: 'live', createdTime: 1, updatedTime: 1 }).planStatus // 'live'
 */
export function planRecord(
  plan: PlanOrder,
  options: { history?: boolean | undefined; fills?: readonly Fill[] | undefined } = {},
): Record<string, unknown> {
  const p = plan.presets
  const record: Record<string, unknown> = {
    planType: plan.planType,
    symbol: plan.symbol,
    size: plan.size,
    orderId: plan.orderId,
    clientOid: plan.clientOid,
    price: plan.price ?? '',
    executePrice: plan.price ?? '',
    callbackRatio: plan.callbackRatio ?? '',
    triggerPrice: plan.triggerPrice,
    triggerType: plan.triggerType,
    planStatus: plan.status,
    side: plan.side,
    posSide: plan.posSide,
    marginCoin: plan.marginCoin,
    marginMode: plan.marginMode,
    enterPointSource: 'api',
    tradeSide: plan.tradeSide ?? (plan.side === 'buy' ? 'buy_single' : 'sell_single'),
    posMode: plan.posSide === 'net' ? 'one_way_mode' : 'hedge_mode',
    orderType: plan.orderType,
    orderSource: sourceOf(plan),
    cTime: String(plan.createdTime),
    uTime: String(plan.updatedTime),
    stopSurplusExecutePrice: p.stopSurplusExecutePrice ?? '',
    stopSurplusTriggerPrice: p.stopSurplusTriggerPrice ?? '',
    stopSurplusTriggerType: p.stopSurplusTriggerType ?? '',
    stopLossExecutePrice: p.stopLossExecutePrice ?? '',
    stopLossTriggerPrice: p.stopLossTriggerPrice ?? '',
    stopLossTriggerType: p.stopLossTriggerType ?? '',
  }
  if (!options.history) return record
  const own = (options.fills ?? []).filter((fill) => fill.orderId === plan.executeOrderId)
  const volume = own.reduce((sum, fill) => sum.plus(fill.qty), new Big(0))
  const value = own.reduce((sum, fill) => sum.plus(new Big(fill.qty).times(fill.price)), new Big(0))
  return {
    ...record,
    executeOrderId: plan.executeOrderId ?? '',
    priceAvg: volume.isZero() ? '' : value.div(volume).toDecimalPlaces(8).toFixed(),
    baseVolume: volume.toFixed(),
  }
}

/**
 * A plan order as the `orders-algo` channel pushes it: `status` `live`, `executed`,
 * `fail_execute` or `cancelled`, `triggerTime` when it executed, `actualSize` filled by the
 * order it placed.
 */
export function wsPlanRecord(plan: PlanOrder, fills: readonly Fill[]): Record<string, unknown> {
  const own = fills.filter((fill) => fill.orderId === plan.executeOrderId)
  const actual = own.reduce((sum, fill) => sum.plus(fill.qty), new Big(0))
  return {
    instId: plan.symbol,
    orderId: plan.orderId,
    clientOid: plan.clientOid,
    triggerPrice: plan.triggerPrice,
    triggerType: plan.triggerType,
    triggerTime: plan.status === 'executed' ? String(plan.updatedTime) : '',
    planType: plan.planType,
    price: plan.price ?? '',
    size: plan.size,
    actualSize: actual.toFixed(),
    orderType: plan.orderType,
    side: plan.side,
    tradeSide: plan.tradeSide ?? (plan.side === 'buy' ? 'buy_single' : 'sell_single'),
    posSide: plan.posSide,
    marginCoin: plan.marginCoin,
    status: plan.status,
    posMode: plan.posSide === 'net' ? 'one_way_mode' : 'hedge_mode',
    enterPointSource: 'api',
    stopSurplusTriggerType: plan.presets.stopSurplusTriggerType ?? '',
    stopLossTriggerType: plan.presets.stopLossTriggerType ?? '',
    cTime: String(plan.createdTime),
    uTime: String(plan.updatedTime),
  }
}

/** An item of plan-sub-order: a futures order a plan's trigger placed or tried to place. */
export type PlanSubOrderRecord = {
  readonly orderId: string
  readonly price: string
  readonly type: 'limit' | 'market'
  readonly status: 'success' | 'fail'
}

/**
 * The answer of plan-sub-order for a plan order: the futures orders its trigger placed. An
 * executed plan answers its order (`placed`): `orderId`, `price` as the order's record shows it
 * (`"0"` for a market order), `type`, status `success`; a plan whose order was refused when it
 * triggered answers one item with status `fail` and `orderId` `""` (no order exists), its
 * execute price (`"0"` for market) and type; a live plan (a trailing stop that is following
 * the price included) or a cancelled one never triggered: `[]`.
 *
 * @example
 * import { planSubOrderRecords } from './records/plans.js'
 * planSubOrderRecords({ orderId: '1', clientOid: 'c', uid: 'u', category: 'USDT-FUTURES', symbol: 'BTCUSDT', planType: 'normal_plan', marginCoin: 'USDT', marginMode: 'crossed', side: 'buy', bookSide: 'buy', posSide: 'net', size: '0.01', orderType: 'market', triggerPrice: '66000', triggerType: 'mark_price', direction: 'up', presets: {}, status: 'live', createdTime: 1, updatedTime: 1 }, undefined) // []
 */
export function planSubOrderRecords(
  plan: PlanOrder,
  placed: Order | undefined,
): PlanSubOrderRecord[] {
  if (plan.status === 'executed')
    return [
      {
        orderId: plan.executeOrderId ?? '',
        price: (placed ? placed.price : plan.price) ?? '0',
        type: placed?.orderType ?? plan.orderType,
        status: 'success',
      },
    ]
  if (plan.status === 'fail_execute')
    return [{ orderId: '', price: plan.price ?? '0', type: plan.orderType, status: 'fail' }]
  return []
}
