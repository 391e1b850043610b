/**
 * The four tickets, one per product line. Fields and allowed values come from each endpoint's
 * request JSON Schema (generated from the valibot schema its rules check with); what a ticket adds is which fields come first, its starting values and its panels.
 */
import {
  ClassicFutures,
  Securities,
  Strategy,
  type StrategySupport,
  Unified,
} from '@tradeline/rules'
import classicPlaceOrder from '@tradeline/rules/schemas/requests/classic.placeOrder.json' with {
  type: 'json',
}
import securitiesPlaceOrder from '@tradeline/rules/schemas/requests/securities.placeOrder.json' with {
  type: 'json',
}
import placeStrategyOrder from '@tradeline/rules/schemas/requests/strategy.placeStrategyOrder.json' with {
  type: 'json',
}
import unifiedPlaceOrder from '@tradeline/rules/schemas/requests/unified.placeOrder.json' with {
  type: 'json',
}
import { type Example, instrumentPanel, modePanel, supportPanel } from './panels.js'
import type { Spec } from './ticket.js'

const futures: readonly Example[] = [
  ['BTCUSDT', '0.1', '1', '0.001', '0.001'],
  ['ETHUSDT', '0.01', '2', '0.01', '0.01'],
  ['SOLUSDT', '0.001', '3', '0.1', '0.1'],
]

/** Unified account, place-order: spot, margin and futures. */
export const unified: Spec = {
  id: 'unified',
  title: 'Unified account',
  endpoint: Unified.placeOrder,
  schema: unifiedPlaceOrder,
  main: 'category symbol side orderType qty price timeInForce posSide reduceOnly marginMode clientOid',
  values: {
    category: 'USDT-FUTURES',
    side: 'buy',
    orderType: 'limit',
    qty: '0.01',
    price: '65000.5',
    timeInForce: 'gtc',
    posSide: 'long',
  },
  panels: [instrumentPanel(futures), modePanel('unified')],
}

/** Classic futures, place-order. */
export const classic: Spec = {
  id: 'classic',
  title: 'Classic futures',
  endpoint: ClassicFutures.placeOrder,
  schema: classicPlaceOrder,
  main: 'symbol productType marginMode marginCoin side tradeSide orderType size price force reduceOnly clientOid',
  values: {
    productType: 'USDT-FUTURES',
    marginMode: 'crossed',
    marginCoin: 'USDT',
    side: 'buy',
    tradeSide: 'open',
    orderType: 'limit',
    size: '0.01',
    price: '65000.5',
    force: 'gtc',
  },
  panels: [instrumentPanel(futures), modePanel('classic')],
}

const dependent: readonly string[] = Securities.orderTypeDependentFields

/** Securities and options, place-order: each order type shows the fields it requires or accepts. */
export const securities: Spec = {
  id: 'securities',
  title: 'Securities',
  endpoint: Securities.placeOrder,
  schema: securitiesPlaceOrder,
  main: 'symbol orderType side submittedQuantity timeInForce submittedPrice triggerPrice trailingAmount trailingPercent limitOffset outsideRth expireDate',
  values: {
    symbol: 'AAPL.US',
    orderType: 'LO',
    side: 'Buy',
    submittedQuantity: '10',
    timeInForce: 'Day',
    submittedPrice: '150.25',
    outsideRth: 'RTHOnly',
  },
  visible: (key, values) => {
    if (!dependent.includes(key)) return true
    const fields = Securities.orderTypeFields[values.orderType as Securities.OrderType]
    return fields !== undefined && [...fields.required, ...fields.optional].includes(key as never)
  },
}

/** The fields of each strategy type besides the common ones (the parameter lists by name). */
const own: Record<StrategySupport.Type, string> = {
  tpsl: 'tpslMode reduceOnly tpTriggerBy slTriggerBy takeProfit stopLoss tpOrderType slOrderType tpLimitPrice slLimitPrice',
  trigger: 'reduceOnly triggerBy triggerPrice triggerOrderType triggerOrderPrice',
  oco: 'ocoParams',
  trailing_stop: 'trailingStopParams',
  iceberg: 'icebergParams',
  twap: 'twapParams',
}
const common = 'category symbol type side posSide qty clientOid'

/** Strategy orders of the unified account: the type's own fields, and the support matrix. */
export const strategy: Spec = {
  id: 'strategy',
  title: 'Strategy orders',
  endpoint: Strategy.placeStrategyOrder,
  schema: placeStrategyOrder,
  main: `${common} ${Object.values(own).join(' ')}`,
  values: { category: 'USDT-FUTURES', type: 'tpsl', posSide: 'long', stopLoss: '60000' },
  visible: (key, values) => {
    const name = key.split('.')[0]!
    const type = (values.type || 'tpsl') as StrategySupport.Type
    return common.split(' ').includes(name) || (own[type] ?? '').split(' ').includes(name)
  },
  panels: [instrumentPanel(futures), modePanel('unified'), supportPanel],
}
