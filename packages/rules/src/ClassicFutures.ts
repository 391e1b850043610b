// Classic-account futures endpoints: one module per endpoint under ./classic,
// the enumerated values, and the exchange's position rules as pure functions under
// ./classic/rules (shared by the sandbox and clients).

// Account settings and margin
export {
  getAccount,
  getAccounts,
  getMaxOpen,
  getOpenCount,
  leverage,
  setLeverage,
  setMarginMode,
  setPositionMode,
} from './classic/account.js'
// Market analytics: long/short ratios, taker volume, the VIP fee schedule.
export {
  analyticsPeriods,
  getAccountLongShort,
  getLongShort,
  getPositionLongShort,
  getTakerBuySell,
  getVipFeeRate,
  longShortPeriods,
} from './classic/analytics.js'
export { batchCancelOrders } from './classic/batchCancelOrders.js'
export { batchPlaceOrder } from './classic/batchPlaceOrder.js'
export { cancelAllOrders } from './classic/cancelAllOrders.js'
export { cancelOrder } from './classic/cancelOrder.js'
export { clickBackhand } from './classic/clickBackhand.js'
export { closePositions } from './classic/closePositions.js'
// Ledger: bills, fill history, single and historical positions, funding rates.
export { getCurrentFundRate, getHistoryFundRate } from './classic/funding.js'
export { getFills } from './classic/getFills.js'
export { getOrderDetail } from './classic/getOrderDetail.js'
export { getOrdersHistory } from './classic/getOrdersHistory.js'
export { getOrdersPending } from './classic/getOrdersPending.js'
export {
  type BillBusinessType,
  billBusinessTypes,
  getAccountBill,
  getFillHistory,
} from './classic/ledger.js'
export { getLiquidationPrice, setAutoMargin, setMargin } from './classic/margin.js'
export { getAllPositions, getContracts, getPositionTier, getTicker } from './classic/market.js'
// Market data reads (tickers, candles, depth, trades, open interest, prices).
export {
  candleGranularities,
  depthLimits,
  depthPrecisions,
  getCandles,
  getHistoryCandles,
  getHistoryTrades,
  getMergeDepth,
  getOpenInterest,
  getRecentTrades,
  getSymbolPrice,
  getTickers,
  kLineTypes,
} from './classic/marketData.js'
export {
  getFundingTime,
  getHistoryIndexCandles,
  getHistoryMarkCandles,
} from './classic/marketPrices.js'
export { modifyOrder } from './classic/modifyOrder.js'
// classic plan (trigger) and take-profit/stop-loss orders
export { modifyPlanOrder, modifyTpslOrder } from './classic/modifyPlanOrder.js'
export type { OrderContext } from './classic/orderChecks.js'
export { placeOrder } from './classic/placeOrder.js'
export { placePlanOrder } from './classic/placePlanOrder.js'
export { placePosTpsl } from './classic/placePosTpsl.js'
export { placeTpslOrder } from './classic/placeTpslOrder.js'
export type { PlanContext } from './classic/planFields.js'
export {
  cancelPlanOrder,
  getOrdersPlanHistory,
  getOrdersPlanPending,
  getPlanSubOrder,
  maxCancelPlanIds,
} from './classic/planQueries.js'
export {
  type CancelPlanType,
  cancelPlanTypes,
  maxCallbackRatio,
  type PlanQueryType,
  type PlanStatus,
  type PlanType,
  planQueryTypes,
  planStatuses,
  planTypes,
  type TpslHoldSide,
  type TpslPlanType,
  type TriggerType,
  tpslHoldSides,
  tpslPlanTypes,
  triggerTypes,
} from './classic/planValues.js'
export { getAdlRank, getHistoryPosition, getSinglePosition } from './classic/positionReads.js'
export { batchPresetEffect } from './classic/rules/batchPreset.js'
export { type CloseOrder, settleHedgeClose } from './classic/rules/hedgeClose.js'
export {
  type Modification,
  type ModifiedOrder,
  modifyEffect,
} from './classic/rules/modifyEffect.js'
export { type ReduceOnlyOrder, settleReduceOnly } from './classic/rules/reduceOnly.js'
export { type Positions, reverse } from './classic/rules/reversal.js'
export { getTradeRate } from './classic/tradeRate.js'
export {
  type AccountType,
  accountTypes,
  getTransferRecords,
  transfer,
} from './classic/transfer.js'
export {
  type AutoMargin,
  autoMargins,
  type Force,
  forces,
  type HoldSide,
  holdSides,
  type MarginMode,
  marginModes,
  type OrderType,
  orderTypes,
  type PendingStatus,
  type PosMode,
  type ProductType,
  pendingStatuses,
  posModes,
  productTypes,
  type ReduceOnly,
  reduceOnlyValues,
  type Side,
  type StpMode,
  sides,
  stpModes,
  type TradeRateBusinessType,
  type TradeSide,
  tradeRateBusinessTypes,
  tradeSides,
} from './classic/values.js'
