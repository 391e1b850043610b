/**
 * Every action declares `ErrorType` as the union of what it can throw: each member has a
 * literal `name` (a plain `BaseError`, whose name is any string, would make it unnarrowable) and
 * the union holds the refusals of bad input and of the exchange. The list holds every action of
 * the actions folder; an action listed without `ErrorType` fails to compile here.
 */
import type { ErrorTypeFailures } from '@tradeline/fuzz/errorTypes'
import { describe, expectTypeOf, test } from 'vitest'
import type * as client from './index.js'

type ErrorTypes = {
  cancelAllOrders: client.cancelAllOrders.ErrorType
  cancelBatch: client.cancelBatch.ErrorType
  cancelOrder: client.cancelOrder.ErrorType
  cancelOrders: client.cancelOrders.ErrorType
  cancelPlanOrder: client.cancelPlanOrder.ErrorType
  closePositions: client.closePositions.ErrorType
  getAccount: client.getAccount.ErrorType
  getAccountBills: client.getAccountBills.ErrorType
  getAccountLongShort: client.getAccountLongShort.ErrorType
  getAccounts: client.getAccounts.ErrorType
  getAdlRank: client.getAdlRank.ErrorType
  getCandles: client.getCandles.ErrorType
  getContracts: client.getContracts.ErrorType
  getDepth: client.getDepth.ErrorType
  getFillHistory: client.getFillHistory.ErrorType
  getFills: client.getFills.ErrorType
  getFundingRate: client.getFundingRate.ErrorType
  getFundingRateHistory: client.getFundingRateHistory.ErrorType
  getFundingTime: client.getFundingTime.ErrorType
  getHistoryCandles: client.getHistoryCandles.ErrorType
  getHistoryIndexCandles: client.getHistoryIndexCandles.ErrorType
  getHistoryMarkCandles: client.getHistoryMarkCandles.ErrorType
  getHistoryTrades: client.getHistoryTrades.ErrorType
  getLiquidationPrice: client.getLiquidationPrice.ErrorType
  getLongShort: client.getLongShort.ErrorType
  getMaxOpen: client.getMaxOpen.ErrorType
  getOpenCount: client.getOpenCount.ErrorType
  getOpenInterest: client.getOpenInterest.ErrorType
  getOrder: client.getOrder.ErrorType
  getOrderHistory: client.getOrderHistory.ErrorType
  getPendingOrders: client.getPendingOrders.ErrorType
  getPendingPlanOrders: client.getPendingPlanOrders.ErrorType
  getPlanOrderHistory: client.getPlanOrderHistory.ErrorType
  getPlanSubOrders: client.getPlanSubOrders.ErrorType
  getPosition: client.getPosition.ErrorType
  getPositionHistory: client.getPositionHistory.ErrorType
  getPositionLongShort: client.getPositionLongShort.ErrorType
  getPositionTier: client.getPositionTier.ErrorType
  getPositions: client.getPositions.ErrorType
  getPrices: client.getPrices.ErrorType
  getTakerBuySell: client.getTakerBuySell.ErrorType
  getTicker: client.getTicker.ErrorType
  getTickers: client.getTickers.ErrorType
  getTradeRate: client.getTradeRate.ErrorType
  getTrades: client.getTrades.ErrorType
  getTransferRecords: client.getTransferRecords.ErrorType
  getVipFeeRates: client.getVipFeeRates.ErrorType
  modifyOrder: client.modifyOrder.ErrorType
  modifyPlanOrder: client.modifyPlanOrder.ErrorType
  modifyTpslOrder: client.modifyTpslOrder.ErrorType
  placeBatch: client.placeBatch.ErrorType
  placeOrder: client.placeOrder.ErrorType
  placeOrders: client.placeOrders.ErrorType
  placePlanOrder: client.placePlanOrder.ErrorType
  placePositionTpsl: client.placePositionTpsl.ErrorType
  placeTpslOrder: client.placeTpslOrder.ErrorType
  reverseOrder: client.reverseOrder.ErrorType
  setAutoMargin: client.setAutoMargin.ErrorType
  setLeverage: client.setLeverage.ErrorType
  setMargin: client.setMargin.ErrorType
  setMarginMode: client.setMarginMode.ErrorType
  setPositionMode: client.setPositionMode.ErrorType
  transfer: client.transfer.ErrorType
}

describe('ErrorType of every action', () => {
  test('is a union of named errors that includes the refusals of bad input and of the exchange', () => {
    expectTypeOf<ErrorTypeFailures<ErrorTypes>>().toBeNever()
  })
})
