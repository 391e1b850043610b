import * as Strategy from '../Strategy.js'
import { boundsSuite } from '../test/boundsSuite.js'

boundsSuite('strategy orders', Strategy, {
  'strategy.placeStrategyOrder': {
    request: { category: 'SPOT', symbol: 'ETHUSDT', stopLoss: '3000' },
  },
  'strategy.modifyStrategyOrder': { request: { orderId: '1', qty: '1' } },
  'strategy.cancelStrategyOrder': { request: { orderId: '1' } },
  'strategy.getUnfilledStrategyOrders': { request: { category: 'SPOT' } },
  'strategy.getHistoryStrategyOrders': { request: { category: 'SPOT' } },
})
