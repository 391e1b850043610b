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
  cancelPlanOrder,
  closePositions,
  getAccount,
  getAccountBills,
  getAccounts,
  getCandles,
  getContracts,
  getDepth,
  getFillHistory,
  getFills,
  getFundingRate,
  getFundingRateHistory,
  getFundingTime,
  getHistoryCandles,
  getHistoryIndexCandles,
  getHistoryMarkCandles,
  getHistoryTrades,
  getLiquidationPrice,
  getMaxOpen,
  getOpenCount,
  getOpenInterest,
  getOrder,
  getOrderHistory,
  getPendingOrders,
  getPendingPlanOrders,
  getPlanOrderHistory,
  getPosition,
  getPositionHistory,
  getPositions,
  getPrices,
  getTicker,
  getTickers,
  getTrades,
  getTransferRecords,
  modifyOrder,
  modifyPlanOrder,
  modifyTpslOrder,
  placeBatch,
  placeOrder,
  placeOrders,
  placePlanOrder,
  placePositionTpsl,
  placeTpslOrder,
  reverseOrder,
  setLeverage,
  setMargin,
  setMarginMode,
  setPositionMode,
  transfer,
} from './index.js'

type Names = {
  cancelAllOrders: cancelAllOrders.ErrorType['name']
  cancelBatch: cancelBatch.ErrorType['name']
  cancelOrder: cancelOrder.ErrorType['name']
  cancelOrders: cancelOrders.ErrorType['name']
  cancelPlanOrder: cancelPlanOrder.ErrorType['name']
  closePositions: closePositions.ErrorType['name']
  getAccount: getAccount.ErrorType['name']
  getAccountBills: getAccountBills.ErrorType['name']
  getAccounts: getAccounts.ErrorType['name']
  getCandles: getCandles.ErrorType['name']
  getContracts: getContracts.ErrorType['name']
  getDepth: getDepth.ErrorType['name']
  getFillHistory: getFillHistory.ErrorType['name']
  getFills: getFills.ErrorType['name']
  getFundingRate: getFundingRate.ErrorType['name']
  getFundingRateHistory: getFundingRateHistory.ErrorType['name']
  getFundingTime: getFundingTime.ErrorType['name']
  getHistoryCandles: getHistoryCandles.ErrorType['name']
  getHistoryIndexCandles: getHistoryIndexCandles.ErrorType['name']
  getHistoryMarkCandles: getHistoryMarkCandles.ErrorType['name']
  getHistoryTrades: getHistoryTrades.ErrorType['name']
  getLiquidationPrice: getLiquidationPrice.ErrorType['name']
  getMaxOpen: getMaxOpen.ErrorType['name']
  getOpenCount: getOpenCount.ErrorType['name']
  getOpenInterest: getOpenInterest.ErrorType['name']
  getOrder: getOrder.ErrorType['name']
  getOrderHistory: getOrderHistory.ErrorType['name']
  getPendingOrders: getPendingOrders.ErrorType['name']
  getPendingPlanOrders: getPendingPlanOrders.ErrorType['name']
  getPlanOrderHistory: getPlanOrderHistory.ErrorType['name']
  getPosition: getPosition.ErrorType['name']
  getPositionHistory: getPositionHistory.ErrorType['name']
  getPositions: getPositions.ErrorType['name']
  getPrices: getPrices.ErrorType['name']
  getTicker: getTicker.ErrorType['name']
  getTickers: getTickers.ErrorType['name']
  getTrades: getTrades.ErrorType['name']
  getTransferRecords: getTransferRecords.ErrorType['name']
  modifyOrder: modifyOrder.ErrorType['name']
  modifyPlanOrder: modifyPlanOrder.ErrorType['name']
  modifyTpslOrder: modifyTpslOrder.ErrorType['name']
  placeBatch: placeBatch.ErrorType['name']
  placeOrder: placeOrder.ErrorType['name']
  placeOrders: placeOrders.ErrorType['name']
  placePlanOrder: placePlanOrder.ErrorType['name']
  placePositionTpsl: placePositionTpsl.ErrorType['name']
  placeTpslOrder: placeTpslOrder.ErrorType['name']
  reverseOrder: reverseOrder.ErrorType['name']
  setLeverage: setLeverage.ErrorType['name']
  setMargin: setMargin.ErrorType['name']
  setMarginMode: setMarginMode.ErrorType['name']
  setPositionMode: setPositionMode.ErrorType['name']
  transfer: transfer.ErrorType['name']
}

describe('ErrorType of every action', () => {
  test('is a union of named errors that includes the refusals of bad input and of the exchange', () => {
    expectTypeOf<UnnamedErrorTypes<Names>>().toBeNever()
    expectTypeOf<WithoutRefusals<Names>>().toBeNever()
  })
})
