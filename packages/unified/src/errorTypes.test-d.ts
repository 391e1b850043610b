/**
 * Every action declares `ErrorType` as the union of what it can throw: each member has a
 * literal `name` (a plain `BaseError`, whose name is any string, would make it unnarrowable).
 * Generated from the actions folder; a new action without `ErrorType` fails to compile here.
 */
import type { UnnamedErrorTypes, WithoutRefusals } from '@tradeline/fuzz/errorTypes'
import { describe, expectTypeOf, test } from 'vitest'
import type {
  cancelAllOrders,
  cancelBatch,
  cancelOrder,
  cancelOrders,
  cancelStrategyOrder,
  closePositions,
  getAccountAssets,
  getAccountSettings,
  getCandles,
  getCurrentPosition,
  getFills,
  getFinancialRecords,
  getFundingRate,
  getFundingRateHistory,
  getHistoryCandles,
  getInstruments,
  getMarketStates,
  getMaxOpenAvailable,
  getOpenInterest,
  getOpenOrders,
  getOpenStrategyOrders,
  getOrderBook,
  getOrderHistory,
  getOrderInfo,
  getPositionHistory,
  getPositionTier,
  getPublicFills,
  getRealityFills,
  getRiskReserve,
  getStrategyOrderHistory,
  getTickers,
  modifyBatch,
  modifyOrder,
  modifyOrders,
  modifyStrategyOrder,
  placeBatch,
  placeOrder,
  placeOrders,
  placeStrategyOrder,
  setCountdown,
  setHoldMode,
  setLeverage,
} from './index.js'

type Names = {
  cancelAllOrders: cancelAllOrders.ErrorType['name']
  cancelBatch: cancelBatch.ErrorType['name']
  cancelOrder: cancelOrder.ErrorType['name']
  cancelOrders: cancelOrders.ErrorType['name']
  cancelStrategyOrder: cancelStrategyOrder.ErrorType['name']
  closePositions: closePositions.ErrorType['name']
  getAccountAssets: getAccountAssets.ErrorType['name']
  getAccountSettings: getAccountSettings.ErrorType['name']
  getCandles: getCandles.ErrorType['name']
  getCurrentPosition: getCurrentPosition.ErrorType['name']
  getFills: getFills.ErrorType['name']
  getFinancialRecords: getFinancialRecords.ErrorType['name']
  getFundingRate: getFundingRate.ErrorType['name']
  getFundingRateHistory: getFundingRateHistory.ErrorType['name']
  getHistoryCandles: getHistoryCandles.ErrorType['name']
  getInstruments: getInstruments.ErrorType['name']
  getMarketStates: getMarketStates.ErrorType['name']
  getMaxOpenAvailable: getMaxOpenAvailable.ErrorType['name']
  getOpenInterest: getOpenInterest.ErrorType['name']
  getOpenOrders: getOpenOrders.ErrorType['name']
  getOpenStrategyOrders: getOpenStrategyOrders.ErrorType['name']
  getOrderBook: getOrderBook.ErrorType['name']
  getOrderHistory: getOrderHistory.ErrorType['name']
  getOrderInfo: getOrderInfo.ErrorType['name']
  getPositionHistory: getPositionHistory.ErrorType['name']
  getPositionTier: getPositionTier.ErrorType['name']
  getPublicFills: getPublicFills.ErrorType['name']
  getRealityFills: getRealityFills.ErrorType['name']
  getRiskReserve: getRiskReserve.ErrorType['name']
  getStrategyOrderHistory: getStrategyOrderHistory.ErrorType['name']
  getTickers: getTickers.ErrorType['name']
  modifyBatch: modifyBatch.ErrorType['name']
  modifyOrder: modifyOrder.ErrorType['name']
  modifyOrders: modifyOrders.ErrorType['name']
  modifyStrategyOrder: modifyStrategyOrder.ErrorType['name']
  placeBatch: placeBatch.ErrorType['name']
  placeOrder: placeOrder.ErrorType['name']
  placeOrders: placeOrders.ErrorType['name']
  placeStrategyOrder: placeStrategyOrder.ErrorType['name']
  setCountdown: setCountdown.ErrorType['name']
  setHoldMode: setHoldMode.ErrorType['name']
  setLeverage: setLeverage.ErrorType['name']
}

describe('ErrorType of every action', () => {
  test('is a union of named errors that includes the refusals of bad input and of the exchange', () => {
    expectTypeOf<UnnamedErrorTypes<Names>>().toBeNever()
    expectTypeOf<WithoutRefusals<Names>>().toBeNever()
  })
})
