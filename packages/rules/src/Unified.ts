// Unified-account endpoints: one module per endpoint under ./unified.
export {
  getAccountAssets,
  getAccountSettings,
  getAdlRank,
  getCurrentPosition,
  getFeeRate,
} from './unified/account.js'
// The account itself: who it is, how much may be withdrawn.
export {
  getAccountInfo,
  getMaxWithdrawal,
  getOpenInterestLimit,
} from './unified/accountInfo.js'
export { batchModifyOrder } from './unified/batchModifyOrder.js'
export { cancelBatch } from './unified/cancelBatch.js'
export { cancelOrder } from './unified/cancelOrder.js'
export { cancelSymbolOrder } from './unified/cancelSymbolOrder.js'
export { countdownCancelAll } from './unified/countdownCancelAll.js'
// Ledger: financial records, position history, close positions.
export {
  closePositions,
  type FinancialRecordType,
  financialRecordTypes,
  getFinancialRecords,
  getPositionHistory,
} from './unified/ledger.js'
// Market data reads (candles, order book, public fills, open interest, risk reserve).
export {
  candleTypes,
  getCandles,
  getHistoryCandles,
  getOpenInterest,
  getOrderBook,
  getPositionTier,
  getPublicFills,
  getRiskReserve,
} from './unified/market.js'
export { modifyOrder } from './unified/modifyOrder.js'
export { placeBatch } from './unified/placeBatch.js'
export { placeOrder } from './unified/placeOrder.js'
export type { OpenOrders } from './unified/placeOrder.rules.js'
export { getFills, getHistoryOrders, getOrderInfo, getUnfilledOrders } from './unified/queries.js'
export { getMarketStates, getRealityFills } from './unified/reality.js'
export { type OpenReduceOnlyOrder, reduceOnlyReplacement } from './unified/rules/reduceOnly.js'
export {
  isUnknownOutcome,
  type UnknownOutcomeCode,
  unknownOutcomeCodes,
} from './unified/rules/unknownOutcome.js'
// Account settings and margin
export {
  getMaxOpenAvailable,
  holdModes,
  marginOperations,
  setHoldMode,
  setLeverage,
  setMargin,
} from './unified/settings.js'
// Funds: transfers in and out of the unified account, the funding account, what may move.
export {
  getFundingAssets,
  getMaxTransferable,
  getTransferableCoins,
  type TransferAccountType,
  transfer,
  transferAccountTypes,
} from './unified/transfer.js'
export {
  marginModes,
  orderTypes,
  posSides,
  rTokenTimeInForces,
  sides,
  stpModes,
  timeInForces,
  triggerBys,
  venues,
  yesNo,
} from './unified/values.js'
// Deposits and withdrawals: deposit address and records, the withdrawal and its records.
export {
  getDepositAddress,
  getDepositRecords,
  getWithdrawalRecords,
  innerToTypes,
  type WithdrawalType,
  withdraw,
  withdrawalTypes,
} from './unified/wallet.js'
