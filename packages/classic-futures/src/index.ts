// Every export is named here; nothing is re-exported wholesale from internals.
// The error classes a caller catches, from @tradeline/core (and rules), so one import serves.
export {
  ApiError,
  BaseError,
  createClientOid,
  NetworkError,
  OrderIdUnresolvedError,
  OrderNotChangedError,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
  OrderReplacedError,
  RateLimitedError,
  ResponseError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
} from '@tradeline/core'
export { cancelAllOrders } from './actions/cancelAllOrders.js'
export { cancelBatch } from './actions/cancelBatch.js'
export { cancelOrder } from './actions/cancelOrder.js'
export { type CancelItem, cancelOrders } from './actions/cancelOrders.js'
// classic plan (trigger) and take-profit/stop-loss orders
export { cancelPlanOrder } from './actions/cancelPlanOrder.js'
export { closePositions } from './actions/closePositions.js'
// account settings and margin
export { getAccount } from './actions/getAccount.js'
// Ledger: bills, fill history, single and historical positions, funding rates.
export { getAccountBills } from './actions/getAccountBills.js'
export { getAccountLongShort } from './actions/getAccountLongShort.js'
export { getAccounts } from './actions/getAccounts.js'
export { getAdlRank } from './actions/getAdlRank.js'
// Market data reads.
export { getCandles } from './actions/getCandles.js'
export { getContracts } from './actions/getContracts.js'
export { getDepth } from './actions/getDepth.js'
export { getFillHistory } from './actions/getFillHistory.js'
export { getFills } from './actions/getFills.js'
export { getFundingRate } from './actions/getFundingRate.js'
export { getFundingRateHistory } from './actions/getFundingRateHistory.js'
export { getFundingTime } from './actions/getFundingTime.js'
export { getHistoryCandles } from './actions/getHistoryCandles.js'
export { getHistoryIndexCandles } from './actions/getHistoryIndexCandles.js'
export { getHistoryMarkCandles } from './actions/getHistoryMarkCandles.js'
export { getHistoryTrades } from './actions/getHistoryTrades.js'
export { getLiquidationPrice } from './actions/getLiquidationPrice.js'
export { getLongShort } from './actions/getLongShort.js'
export { getMaxOpen } from './actions/getMaxOpen.js'
export { getOpenCount } from './actions/getOpenCount.js'
export { getOpenInterest } from './actions/getOpenInterest.js'
export { getOrder } from './actions/getOrder.js'
export { getOrderHistory } from './actions/getOrderHistory.js'
export { getPendingOrders } from './actions/getPendingOrders.js'
export { getPendingPlanOrders } from './actions/getPendingPlanOrders.js'
export { getPlanOrderHistory } from './actions/getPlanOrderHistory.js'
export { getPlanSubOrders } from './actions/getPlanSubOrders.js'
export { getPosition } from './actions/getPosition.js'
export { getPositionHistory } from './actions/getPositionHistory.js'
export { getPositionLongShort } from './actions/getPositionLongShort.js'
export { getPositions } from './actions/getPositions.js'
export { getPositionTier } from './actions/getPositionTier.js'
export { getPrices } from './actions/getPrices.js'
export { getTakerBuySell } from './actions/getTakerBuySell.js'
export { getTicker } from './actions/getTicker.js'
export { getTickers } from './actions/getTickers.js'
export { getTradeRate } from './actions/getTradeRate.js'
export { getTrades } from './actions/getTrades.js'
export { getTransferRecords } from './actions/getTransferRecords.js'
export { getVipFeeRates } from './actions/getVipFeeRates.js'
export { modifyOrder, NewOrderNotFoundError } from './actions/modifyOrder.js'
export { modifyPlanOrder } from './actions/modifyPlanOrder.js'
export { modifyTpslOrder } from './actions/modifyTpslOrder.js'
export { placeBatch } from './actions/placeBatch.js'
export { placeOrder } from './actions/placeOrder.js'
export { type BatchOrder, placeOrders } from './actions/placeOrders.js'
export { placePlanOrder } from './actions/placePlanOrder.js'
export { placePositionTpsl } from './actions/placePositionTpsl.js'
export { placeTpslOrder } from './actions/placeTpslOrder.js'
export { reverseOrder } from './actions/reverseOrder.js'
export { setAutoMargin } from './actions/setAutoMargin.js'
export { setLeverage } from './actions/setLeverage.js'
export { setMargin } from './actions/setMargin.js'
export { setMarginMode } from './actions/setMarginMode.js'
export { setPositionMode } from './actions/setPositionMode.js'
export { TransferFailedError, transfer } from './actions/transfer.js'
export {
  type ClassicFuturesClient,
  createClassicFuturesClient,
} from './createClassicFuturesClient.js'
export {
  candleIntervals,
  classicMarketStreamUrl,
  createClassicMarketStream,
  marketProductTypes,
} from './market/createClassicMarketStream.js'
export { lookUpPlan, type PlanQuery } from './plans/lookup.js'
export { lookUpOrder, type OrderQuery, sameOrder } from './reconcile.js'
export {
  type AccountListItem,
  accountList,
  accountListItem,
  assetRecord,
  type LeverageSettings,
  type LiquidationPriceResult,
  leverageSettings,
  liquidationPriceResult,
  type MaxOpenResult,
  maxOpenResult,
  type OpenCountResult,
  openCountResult,
  type PositionModeResult,
  positionModeResult,
  type SetAutoMarginResult,
  type SetMarginResult,
  type SingleAccountRecord,
  setAutoMarginResult,
  setMarginResult,
  singleAccountRecord,
  type TradeRateResult,
  tradeRateResult,
} from './schemas/account.js'
export {
  type AccountLongShortRecord,
  accountLongShortRecord,
  accountLongShortRecords,
  type LongShortRecord,
  longShortRecord,
  longShortRecords,
  type PositionLongShortRecord,
  positionLongShortRecord,
  positionLongShortRecords,
  type TakerVolumeRecord,
  takerVolumeRecord,
  takerVolumeRecords,
  type VipFeeRateRecord,
  vipFeeRateRecord,
  vipFeeRateRecords,
} from './schemas/analytics.js'
export { toInstrument, untradableStatuses } from './schemas/instrument.js'
export {
  type AdlRankRecord,
  adlRankRecord,
  adlRanks,
  type BillPage,
  type BillRecord,
  billPage,
  billRecord,
  type ClosedPositionPage,
  type ClosedPositionRecord,
  closedPositionPage,
  closedPositionRecord,
  type FundingHistoryRecord,
  type FundingRateRecord,
  fundingHistoryRecord,
  fundingHistoryRecords,
  fundingRateRecord,
  fundingRateRecords,
  type TransferAck,
  type TransferRecord,
  transferAck,
  transferRecord,
  transferRecords,
} from './schemas/ledger.js'
export {
  type CandleRow,
  candleRows,
  type FundingTime,
  fundingTime,
  fundingTimes,
  type MergeDepth,
  mergeDepth,
  type OpenInterest,
  openInterest,
  type PositionTier,
  positionTier,
  positionTiers,
  type SymbolPrice,
  symbolPrice,
  symbolPrices,
  type TickerRecord,
  type TradeRecord,
  tickerRecord,
  tickerRecords,
  tradeRecord,
  tradeRecords,
} from './schemas/market.js'
export {
  type CancelPlanResult,
  cancelPlanResult,
  type PlanAck,
  type PlanHistoryOrder,
  type PlanHistoryPage,
  type PlanOrder,
  type PlanPage,
  type PlanSubOrder,
  type PosTpslAck,
  planAck,
  planHistoryOrder,
  planHistoryPage,
  planOrder,
  planPage,
  planSubOrder,
  planSubOrders,
  posTpslAck,
  posTpslAcks,
} from './schemas/plans.js'
export {
  type BatchResult,
  batchResult,
  type ContractRecord,
  contractRecord,
  contractRecords,
  type FillPage,
  type FillRecord,
  fillFee,
  fillPage,
  fillRecord,
  type HistoryOrder,
  type HistoryPage,
  historyOrder,
  historyPage,
  type OrderAck,
  type OrderDetail,
  orderAck,
  orderDetail,
  type PendingOrder,
  type PendingPage,
  type PositionRecord,
  pendingOrder,
  pendingPage,
  positionRecord,
  positionRecords,
  type SettledBatchResult,
} from './schemas/records.js'
export {
  type ClassicFuturesStream,
  type ClassicStreamEventMeta,
  type ClassicStreamReadOptions,
  classicStreamUrl,
  createClassicFuturesStream,
} from './stream/createClassicFuturesStream.js'
export {
  type AccountRecord,
  accountRecord,
  asOrderDetail,
  closedPosition,
  type PlanOrderRecord,
  planOrderRecord,
  readClassicPush,
  type Topic as ClassicStreamTopic,
  type Topics as ClassicStreamTopics,
} from './stream/records.js'
// Public types of the client (configuration, ClientBase, modes, call and batch options), outside internal/.
export type {
  AccountModes,
  BatchOptions,
  BatchOutcome,
  BatchProgress,
  CallOptions,
  ChangeOptions,
  ClientBase,
  ClientConfig,
  Instruments,
  PositionModes,
} from './types.js'
/** The version of this package, written at version time. */
export { version } from './version.js'
