// Every export is named here; nothing is re-exported wholesale from internals.
export { getMarketStates } from './actions/getMarketStates.js'
export { getOpenOrders } from './actions/getOpenOrders.js'
export { createUnifiedClient, type UnifiedClient } from './createUnifiedClient.js'
export type { CallOptions, ClientBase } from './internal/call.js'
export {
  type MarketStates,
  marketStates,
  marketStatesResponse,
  sessionState,
} from './schemas/market.js'
export {
  decimalish,
  type OrderPage,
  type OrderRecord,
  orderPage,
  orderRecord,
} from './schemas/order.js'
