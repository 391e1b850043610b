// Strategy-order endpoints of the unified account: one module per endpoint
// under ./strategy.
export { cancelStrategyOrder } from './strategy/cancelStrategyOrder.js'
export { getHistoryStrategyOrders } from './strategy/getHistoryStrategyOrders.js'
export { getUnfilledStrategyOrders } from './strategy/getUnfilledStrategyOrders.js'
export { modifyStrategyOrder } from './strategy/modifyStrategyOrder.js'
export { placeStrategyOrder } from './strategy/placeStrategyOrder.js'
