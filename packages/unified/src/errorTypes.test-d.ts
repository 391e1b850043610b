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
  cancelStrategyOrder: client.cancelStrategyOrder.ErrorType
  closePositions: client.closePositions.ErrorType
  getAccountAssets: client.getAccountAssets.ErrorType
  getAccountInfo: client.getAccountInfo.ErrorType
  getAccountSettings: client.getAccountSettings.ErrorType
  getAdlRank: client.getAdlRank.ErrorType
  getCandles: client.getCandles.ErrorType
  getCurrentPosition: client.getCurrentPosition.ErrorType
  getDepositAddress: client.getDepositAddress.ErrorType
  getDepositRecords: client.getDepositRecords.ErrorType
  getFeeRate: client.getFeeRate.ErrorType
  getFills: client.getFills.ErrorType
  getFinancialRecords: client.getFinancialRecords.ErrorType
  getFundingAssets: client.getFundingAssets.ErrorType
  getFundingRate: client.getFundingRate.ErrorType
  getFundingRateHistory: client.getFundingRateHistory.ErrorType
  getHistoryCandles: client.getHistoryCandles.ErrorType
  getInstruments: client.getInstruments.ErrorType
  getMarketStates: client.getMarketStates.ErrorType
  getMaxOpenAvailable: client.getMaxOpenAvailable.ErrorType
  getMaxTransferable: client.getMaxTransferable.ErrorType
  getMaxWithdrawal: client.getMaxWithdrawal.ErrorType
  getOpenInterest: client.getOpenInterest.ErrorType
  getOpenInterestLimit: client.getOpenInterestLimit.ErrorType
  getOpenOrders: client.getOpenOrders.ErrorType
  getOpenStrategyOrders: client.getOpenStrategyOrders.ErrorType
  getOrderBook: client.getOrderBook.ErrorType
  getOrderHistory: client.getOrderHistory.ErrorType
  getOrderInfo: client.getOrderInfo.ErrorType
  getPositionHistory: client.getPositionHistory.ErrorType
  getPositionTier: client.getPositionTier.ErrorType
  getPublicFills: client.getPublicFills.ErrorType
  getRealityFills: client.getRealityFills.ErrorType
  getRiskReserve: client.getRiskReserve.ErrorType
  getStrategyOrderHistory: client.getStrategyOrderHistory.ErrorType
  getTickers: client.getTickers.ErrorType
  getTransferableCoins: client.getTransferableCoins.ErrorType
  getWithdrawalRecords: client.getWithdrawalRecords.ErrorType
  modifyBatch: client.modifyBatch.ErrorType
  modifyOrder: client.modifyOrder.ErrorType
  modifyOrders: client.modifyOrders.ErrorType
  modifyStrategyOrder: client.modifyStrategyOrder.ErrorType
  placeBatch: client.placeBatch.ErrorType
  placeOrder: client.placeOrder.ErrorType
  placeOrders: client.placeOrders.ErrorType
  placeStrategyOrder: client.placeStrategyOrder.ErrorType
  setCountdown: client.setCountdown.ErrorType
  setHoldMode: client.setHoldMode.ErrorType
  setLeverage: client.setLeverage.ErrorType
  setMargin: client.setMargin.ErrorType
  transfer: client.transfer.ErrorType
  withdraw: client.withdraw.ErrorType
}

describe('ErrorType of every action', () => {
  test('is a union of named errors that includes the refusals of bad input and of the exchange', () => {
    expectTypeOf<ErrorTypeFailures<ErrorTypes>>().toBeNever()
  })
})
