// Every export is named here; nothing is re-exported wholesale from internals.
// The error classes a caller catches, from @tradeline/core (and rules), so one import serves.
export {
  ApiError,
  BaseError,
  InvalidPrivateKeyError,
  MissingCredentialsError,
  NetworkError,
  RateLimitedError,
  ResponseError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
} from '@tradeline/core'
export { cancelAllOrders } from './actions/cancelAllOrders.js'
export { cancelBatch } from './actions/cancelBatch.js'
export { cancelOrder } from './actions/cancelOrder.js'
export { cancelOrders } from './actions/cancelOrders.js'
export { cancelStrategyOrder } from './actions/cancelStrategyOrder.js'
// Ledger: financial records, position history, close positions, funding rates.
export { closePositions } from './actions/closePositions.js'
export { getAccountAssets } from './actions/getAccountAssets.js'
export { getAccountInfo } from './actions/getAccountInfo.js'
export { getAccountSettings } from './actions/getAccountSettings.js'
export { getAdlRank } from './actions/getAdlRank.js'
// Market data reads.
export { getCandles } from './actions/getCandles.js'
export { getCurrentPosition } from './actions/getCurrentPosition.js'
export { getDepositAddress } from './actions/getDepositAddress.js'
export { getDepositRecords } from './actions/getDepositRecords.js'
export { getFeeRate } from './actions/getFeeRate.js'
export { getFills } from './actions/getFills.js'
export { getFinancialRecords } from './actions/getFinancialRecords.js'
export { getFundingAssets } from './actions/getFundingAssets.js'
export { getFundingRate } from './actions/getFundingRate.js'
export { getFundingRateHistory } from './actions/getFundingRateHistory.js'
export { getHistoryCandles } from './actions/getHistoryCandles.js'
export { getInstruments } from './actions/getInstruments.js'
export { getMarketStates } from './actions/getMarketStates.js'
// account settings and margin
export { getMaxOpenAvailable } from './actions/getMaxOpenAvailable.js'
export { getMaxTransferable } from './actions/getMaxTransferable.js'
export { getMaxWithdrawal } from './actions/getMaxWithdrawal.js'
export { getOpenInterest } from './actions/getOpenInterest.js'
export { getOpenInterestLimit } from './actions/getOpenInterestLimit.js'
export { getOpenOrders } from './actions/getOpenOrders.js'
export { getOpenStrategyOrders } from './actions/getOpenStrategyOrders.js'
export { getOrderBook } from './actions/getOrderBook.js'
export { getOrderHistory } from './actions/getOrderHistory.js'
export { getOrderInfo } from './actions/getOrderInfo.js'
export { getPositionHistory } from './actions/getPositionHistory.js'
export { getPositionTier } from './actions/getPositionTier.js'
export { getPublicFills } from './actions/getPublicFills.js'
export { getRealityFills } from './actions/getRealityFills.js'
export { getRiskReserve } from './actions/getRiskReserve.js'
export { getStrategyOrderHistory } from './actions/getStrategyOrderHistory.js'
export { getTickers } from './actions/getTickers.js'
export { getTransferableCoins } from './actions/getTransferableCoins.js'
export { getWithdrawalRecords } from './actions/getWithdrawalRecords.js'
export { modifyBatch } from './actions/modifyBatch.js'
export { modifyOrder } from './actions/modifyOrder.js'
export { modifyOrders } from './actions/modifyOrders.js'
export { modifyStrategyOrder } from './actions/modifyStrategyOrder.js'
export { placeBatch } from './actions/placeBatch.js'
export { placeOrder } from './actions/placeOrder.js'
export { placeOrders } from './actions/placeOrders.js'
export { placeStrategyOrder } from './actions/placeStrategyOrder.js'
export { armCountdown, disarmCountdown, setCountdown } from './actions/setCountdown.js'
export { setHoldMode } from './actions/setHoldMode.js'
export { setLeverage } from './actions/setLeverage.js'
export { setMargin } from './actions/setMargin.js'
export { transfer } from './actions/transfer.js'
export {
  WithdrawalFailedError,
  WithdrawalOutcomeUnknownError,
  withdraw,
} from './actions/withdraw.js'
export { createClientOid } from './clientOid.js'
export {
  createUnifiedBaseClient,
  type UnifiedBaseClient,
} from './createUnifiedBaseClient.js'
export { createUnifiedClient, type UnifiedClient } from './createUnifiedClient.js'
export {
  DeadManSwitch,
  type DeadManSwitchEvents,
  type DeadManSwitchState,
  type DeadManSwitchTimers,
  HeartbeatTimeoutError,
} from './DeadManSwitch.js'
export {
  createUnifiedMarketStream,
  klineIntervals,
  type MarketStreamCategory,
  marketStreamCategories,
  marketStreamUrl,
} from './market/createUnifiedMarketStream.js'
export {
  defaultReconcile,
  duplicateClientOidCodes,
  lookUpOrder,
  lookUpStrategyOrder,
  OrderClosedOutcomeUnknownError,
  OrderIdUnresolvedError,
  OrderNotChangedError,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
  orderAbsentCodes,
  StrategyLookupIncompleteError,
} from './reconcile.js'
export {
  type AccountAssets,
  type AccountSettings,
  accountAssets,
  accountSettings,
  assetRecord,
  type FeeRate,
  feeRate,
  type RealityFill,
  realityFill,
  realityFills,
} from './schemas/account.js'
export {
  type AccountInfo,
  accountInfo,
  type MaxWithdrawal,
  maxWithdrawal,
  type OpenInterestLimit,
  openInterestLimit,
} from './schemas/accountInfo.js'
export {
  type BatchItemResult,
  batchItemResult,
  batchModifyResults,
  batchResults,
  countdownResponse,
  type OrderAck,
  orderAck,
  type ResolvedAck,
  type SettledBatchItemResult,
} from './schemas/ack.js'
export { decimal, integer, list, text } from './schemas/fields.js'
export {
  type FundingAsset,
  type FundingAssets,
  fundingAsset,
  fundingAssets,
  type MaxTransferable,
  maxTransferable,
  type TransferableCoins,
  type TransferResult,
  transferableCoins,
  transferResult,
} from './schemas/funds.js'
export {
  type InstrumentRecord,
  instrumentRecord,
  instrumentRecords,
  toInstrument,
  untradableStatuses,
} from './schemas/instrument.js'
export {
  type CloseResult,
  type CloseResults,
  closeResult,
  closeResults,
  type FinancialRecord,
  type FinancialRecordPage,
  type FundingHistoryPage,
  type FundingHistoryRecord,
  type FundingRateRecord,
  financialRecord,
  financialRecordPage,
  fundingHistoryPage,
  fundingHistoryRecord,
  fundingRateRecord,
  fundingRateRecords,
  type PositionHistoryPage,
  type PositionHistoryRecord,
  positionHistoryPage,
  positionHistoryRecord,
} from './schemas/ledger.js'
export {
  type MarketStates,
  marketStates,
  marketStatesResponse,
  sessionState,
} from './schemas/market.js'
export {
  type CandleRow,
  candleRows,
  type OpenInterest,
  type OrderBook,
  openInterest,
  orderBook,
  type PositionTier,
  type PublicFill,
  positionTier,
  positionTiers,
  publicFill,
  publicFills,
  type RiskReserve,
  riskReserve,
} from './schemas/marketData.js'
export {
  decimalish,
  type FillPage,
  type FillRecord,
  feeDetail,
  fillPage,
  fillRecord,
  type OrderPage,
  type OrderRecord,
  orderPage,
  orderRecord,
} from './schemas/order.js'
export {
  type AdlRankRecord,
  adlRankRecord,
  adlRanks,
  type PositionRecord,
  positionList,
  positionRecord,
  type TickerRecord,
  tickerRecord,
  tickerRecords,
} from './schemas/position.js'
export {
  type MaxOpenAvailable,
  maxOpenAvailable,
  type SettingsAck,
  settingsAck,
} from './schemas/settings.js'
export {
  type StrategyOrderPage,
  type StrategyOrderRecord,
  strategyOrderPage,
  strategyOrderRecord,
} from './schemas/strategy.js'
export {
  type DepositAddress,
  type DepositRecord,
  type DepositRecords,
  depositAddress,
  depositRecord,
  depositRecords,
  type WithdrawalRecord,
  type WithdrawalRecords,
  type WithdrawResult,
  withdrawalRecord,
  withdrawalRecords,
  withdrawResult,
} from './schemas/wallet.js'
export {
  createUnifiedStream,
  type StreamEventMeta,
  type StreamReadOptions,
  streamUrl,
  type UnifiedStream,
} from './stream/createUnifiedStream.js'
export { type Missed, streamCategories } from './stream/ledger.js'
export { readPush, type Topic, type Topics } from './stream/records.js'
// Public types of the client (configuration, ClientBase, call and batch options), outside internal/.
export type {
  BatchOptions,
  BatchOutcome,
  BatchProgress,
  CallOptions,
  ChangeOptions,
  ClientBase,
  ClientConfig,
  Instruments,
  PositionModes,
  ReconcileOptions,
} from './types.js'
/** The version of this package, written at version time. */
export { version } from './version.js'
