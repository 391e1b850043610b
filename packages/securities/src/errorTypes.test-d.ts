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
  cancelOrder: client.cancelOrder.ErrorType
  getCandlestick: client.getCandlestick.ErrorType
  getCashFlow: client.getCashFlow.ErrorType
  getDepth: client.getDepth.ErrorType
  getExecutions: client.getExecutions.ErrorType
  getFunds: client.getFunds.ErrorType
  getHistoryCandlestick: client.getHistoryCandlestick.ErrorType
  getHistoryOrders: client.getHistoryOrders.ErrorType
  getIntraday: client.getIntraday.ErrorType
  getOptionChain: client.getOptionChain.ErrorType
  getOptionExpiryDates: client.getOptionExpiryDates.ErrorType
  getOptionQuote: client.getOptionQuote.ErrorType
  getOptionVolume: client.getOptionVolume.ErrorType
  getOrderDetail: client.getOrderDetail.ErrorType
  getPositions: client.getPositions.ErrorType
  getQuote: client.getQuote.ErrorType
  getStatic: client.getStatic.ErrorType
  getTodayExecutions: client.getTodayExecutions.ErrorType
  getTodayOrders: client.getTodayOrders.ErrorType
  getTrades: client.getTrades.ErrorType
  getTransferRecords: client.getTransferRecords.ErrorType
  iterateExecutions: client.iterateExecutions.ErrorType
  modifyOrder: client.modifyOrder.ErrorType
  placeOrder: client.placeOrder.ErrorType
  transfer: client.transfer.ErrorType
}

describe('ErrorType of every action', () => {
  test('is a union of named errors that includes the refusals of bad input and of the exchange', () => {
    expectTypeOf<ErrorTypeFailures<ErrorTypes>>().toBeNever()
  })
})
