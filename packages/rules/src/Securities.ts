// Securities and options endpoints (`/api/v3/stockplus`): one module per endpoint
// under ./securities, with the symbol form, the order vocabulary and the response codes.

// securities order management: cancel, modify, order reads, today's executions
export { cancelOrder } from './securities/cancelOrder.js'
// securities market data and option discovery (option expiries, chain, volume, quote, candles)
export {
  type AdjustType,
  adjustTypes,
  type CandlePeriod,
  type CandleSessions,
  candleCountMax,
  candlePeriodMs,
  candlePeriods,
  candleSessions,
} from './securities/candles.js'
export { accountCurrencies, getAccount } from './securities/getAccount.js'
export { getCandlestick } from './securities/getCandlestick.js'
// Securities money records (cash flow, transfer records).
export { cashFlowBusinessTypes, cashFlowPaging, getCashFlow } from './securities/getCashFlow.js'
export { getDepth } from './securities/getDepth.js'
export { getHistoryCandlestick } from './securities/getHistoryCandlestick.js'
export {
  executionsWindow,
  getHistoryExecutions,
  resolveExecutionsWindow,
} from './securities/getHistoryExecutions.js'
export { getHistoryOrders } from './securities/getHistoryOrders.js'
export { getIntraday } from './securities/getIntraday.js'
export { getOptionChain } from './securities/getOptionChain.js'
export { getOptionExpiryDates } from './securities/getOptionExpiryDates.js'
export { getOptionQuote } from './securities/getOptionQuote.js'
export { getOptionVolume } from './securities/getOptionVolume.js'
export { getOrderDetail } from './securities/getOrderDetail.js'
export { getQuote } from './securities/getQuote.js'
export { getStatic } from './securities/getStatic.js'
export { getStockPositions } from './securities/getStockPositions.js'
export { getTodayExecutions } from './securities/getTodayExecutions.js'
export { getTodayOrders } from './securities/getTodayOrders.js'
export { getTrades } from './securities/getTrades.js'
export { getTransferRecords, transferRecordsPaging } from './securities/getTransferRecords.js'
export { modifyFieldIssues } from './securities/modifyFields.js'
export { modifyOrder } from './securities/modifyOrder.js'
export {
  isTrailing,
  type OrderType,
  type OrderTypeDependentField,
  type OrderTypeFields,
  type OutsideRth,
  orderTypeDependentFields,
  orderTypeFields,
  orderTypes,
  outsideRthValues,
  type Side,
  sides,
  type TimeInForce,
  timesInForce,
} from './securities/order.js'
export {
  finalOrderStatuses,
  isLiveOrderStatus,
  markets,
  type OrderStatus,
  orderStatuses,
  type StockMarket,
} from './securities/orderQueries.js'
export { placeOrder } from './securities/placeOrder.js'
export {
  isOptionSymbol,
  isSymbol,
  isUsSymbol,
  optionTickerPattern,
  regionOf,
  symbolPattern,
  tickerOf,
} from './securities/symbol.js'
// the price tick (Reg NMS Rule 612), shared by the client's checks and the sandbox
export {
  finestTickOf,
  priceTicks,
  type TickGroup,
  tickedPrices,
  tickIssues,
  tickOf,
} from './securities/tick.js'
export { transfer, transferCoins, transferDirections } from './securities/transfer.js'
export {
  type ContractType,
  contractTypeName,
  contractTypes,
  isTradeDirection,
  isTradeSession,
  normalizeExpiryDate,
  type OptionDirection,
  optionDirectionName,
  optionDirections,
  type RiskLevel,
  type RiskLevelName,
  riskLevelName,
  riskLevels,
  type TradeDirection,
  type TradeSession,
  type TradeStatus,
  type TradeStatusName,
  type TradeType,
  type TradeTypeName,
  tradeDirections,
  tradeSessions,
  tradeStatuses,
  tradeStatusName,
  tradeTypeName,
  tradeTypes,
} from './securities/values.js'
