/**
 * Every action declares `ErrorType` as the union of what it can throw: each member has a
 * literal `name` (a plain `BaseError`, whose name is any string, would make it unnarrowable).
 * Generated from the actions folder; a new action without `ErrorType` fails to compile here.
 */
import type { UnnamedErrorTypes, WithoutRefusals } from '@tradeline/fuzz/errorTypes'
import { describe, expectTypeOf, test } from 'vitest'
import type {
  cancelOrder,
  getCandlestick,
  getCashFlow,
  getDepth,
  getExecutions,
  getFunds,
  getHistoryCandlestick,
  getHistoryOrders,
  getIntraday,
  getOptionChain,
  getOptionExpiryDates,
  getOptionQuote,
  getOptionVolume,
  getOrderDetail,
  getPositions,
  getQuote,
  getStatic,
  getTodayExecutions,
  getTodayOrders,
  getTrades,
  getTransferRecords,
  iterateExecutions,
  modifyOrder,
  placeOrder,
  transfer,
} from './index.js'

type Names = {
  cancelOrder: cancelOrder.ErrorType['name']
  getCandlestick: getCandlestick.ErrorType['name']
  getCashFlow: getCashFlow.ErrorType['name']
  getDepth: getDepth.ErrorType['name']
  getExecutions: getExecutions.ErrorType['name']
  getFunds: getFunds.ErrorType['name']
  getHistoryCandlestick: getHistoryCandlestick.ErrorType['name']
  getHistoryOrders: getHistoryOrders.ErrorType['name']
  getIntraday: getIntraday.ErrorType['name']
  getOptionChain: getOptionChain.ErrorType['name']
  getOptionExpiryDates: getOptionExpiryDates.ErrorType['name']
  getOptionQuote: getOptionQuote.ErrorType['name']
  getOptionVolume: getOptionVolume.ErrorType['name']
  getOrderDetail: getOrderDetail.ErrorType['name']
  getPositions: getPositions.ErrorType['name']
  getQuote: getQuote.ErrorType['name']
  getStatic: getStatic.ErrorType['name']
  getTodayExecutions: getTodayExecutions.ErrorType['name']
  getTodayOrders: getTodayOrders.ErrorType['name']
  getTrades: getTrades.ErrorType['name']
  getTransferRecords: getTransferRecords.ErrorType['name']
  iterateExecutions: iterateExecutions.ErrorType['name']
  modifyOrder: modifyOrder.ErrorType['name']
  placeOrder: placeOrder.ErrorType['name']
  transfer: transfer.ErrorType['name']
}

describe('ErrorType of every action', () => {
  test('is a union of named errors that includes the refusals of bad input and of the exchange', () => {
    expectTypeOf<UnnamedErrorTypes<Names>>().toBeNever()
    expectTypeOf<WithoutRefusals<Names>>().toBeNever()
  })
})
