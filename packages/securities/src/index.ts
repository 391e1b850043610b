// Every export is named here; nothing is re-exported wholesale from internals.
// The error classes a caller catches, from @tradeline/core, so one import serves.
export {
  ApiError,
  BaseError,
  NetworkError,
  RateLimitedError,
  ResponseError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
} from '@tradeline/core'
// securities order management: cancel, modify, order reads, today's executions, reconciliation
export { cancelOrder } from './actions/cancelOrder.js'
// securities market data and option discovery
export { getCandlestick } from './actions/getCandlestick.js'
// Securities money records.
export { getCashFlow } from './actions/getCashFlow.js'
export { getDepth } from './actions/getDepth.js'
export { getExecutions } from './actions/getExecutions.js'
export { getFunds } from './actions/getFunds.js'
export { getHistoryCandlestick } from './actions/getHistoryCandlestick.js'
export { getHistoryOrders } from './actions/getHistoryOrders.js'
export { getIntraday } from './actions/getIntraday.js'
export { getOptionChain } from './actions/getOptionChain.js'
export { getOptionExpiryDates } from './actions/getOptionExpiryDates.js'
export { getOptionQuote } from './actions/getOptionQuote.js'
export { getOptionVolume } from './actions/getOptionVolume.js'
export { getOrderDetail } from './actions/getOrderDetail.js'
export { getPositions } from './actions/getPositions.js'
export { getQuote } from './actions/getQuote.js'
export { getStatic } from './actions/getStatic.js'
export { getTodayExecutions } from './actions/getTodayExecutions.js'
export { getTodayOrders } from './actions/getTodayOrders.js'
export { getTrades } from './actions/getTrades.js'
export { getTransferRecords } from './actions/getTransferRecords.js'
export { ExecutionsOverflowError, iterateExecutions } from './actions/iterateExecutions.js'
export { modifyOrder } from './actions/modifyOrder.js'
export { placeOrder } from './actions/placeOrder.js'
export { transfer } from './actions/transfer.js'
export { createSecuritiesClient, type SecuritiesClient } from './createSecuritiesClient.js'
export { StockOrderOutcomeUnknownError } from './reconcile.js'
export {
  type OptionVolume,
  optionChain,
  optionExpiryDates,
  optionVolume,
  type Quote,
  quote,
  quotes,
  type SessionQuote,
  type StockCandle,
  type StrikePrice,
  sessionQuote,
  stockCandle,
  stockCandles,
  strikePrice,
} from './schemas/market.js'
export {
  type CashFlowRecord,
  cashFlowList,
  cashFlowRecord,
  type TransferRecord,
  transferRecord,
  transferRecords,
} from './schemas/moneyRecords.js'
export {
  type HistoryOrders,
  historyOrders,
  type StockOrder,
  type StockOrderDetail,
  stockOrder,
  stockOrderDetail,
  todayExecutions,
  todayOrders,
} from './schemas/orders.js'
export {
  type Channel,
  type Coded,
  channels,
  contractType,
  type Depth,
  depth,
  type Execution,
  type ExecutionsPage,
  execution,
  executionsPage,
  expiryDate,
  type Funds,
  funds,
  fundsList,
  intraday,
  type Minute,
  minute,
  type OptionQuote,
  type OrderAck,
  optionDirection,
  optionQuote,
  optionQuotes,
  orderAck,
  type Position,
  riskLevel,
  type StaticInfo,
  staticInfo,
  staticList,
  type Trade,
  type TransferAck,
  timestamp,
  trade,
  tradeDirection,
  tradeSession,
  tradeStatus,
  trades,
  tradeType,
  transferAck,
} from './schemas/records.js'
// Public types of the client, outside internal/.
export type { CallOptions, ClientBase, ClientConfig, KnownOrders, LotSizes } from './types.js'
/** The version of this package, written at version time. */
export { version } from './version.js'
