import * as Securities from '../Securities.js'
import { boundsSuite } from '../test/boundsSuite.js'

const stock = {
  symbol: 'AAPL.US',
  side: 'Buy',
  submittedQuantity: '10',
  timeInForce: 'Day',
  outsideRth: 'RTHOnly',
} as const
const lit = { ...stock, orderType: 'LIT', submittedPrice: '150', triggerPrice: '149' }
const trailing = { ...stock, orderType: 'TSLPAMT', trailingAmount: '1', limitOffset: '0.1' }

boundsSuite('securities', Securities, {
  'securities.placeOrder': {
    request: { ...stock, orderType: 'LO', submittedPrice: '150' },
    requestFor: {
      triggerPrice: lit,
      triggerCount: lit,
      limitOffset: trailing,
      trailingAmount: trailing,
      monitorPrice: trailing,
      limitDepthLevel: { ...trailing, limitOffset: undefined, limitDepthLevel: 1 },
      trailingPercent: { ...stock, orderType: 'TSLPPCT', trailingPercent: '2.5', limitOffset: '1' },
      expireDate: { ...lit, timeInForce: 'GoodTilDate', expireDate: '2026-12-31' },
    },
  },
  'securities.getDepth': { request: { symbol: 'AAPL.US' } },
  'securities.getTrades': { request: { symbol: 'AAPL.US', count: '10' } },
  'securities.getIntraday': { request: { symbol: 'AAPL.US' } },
  'securities.getStatic': { request: { symbol: 'AAPL.US' } },
  'securities.getOptionQuote': { request: { symbol: 'AAPL260116C00150000.US' } },
  'securities.getAccount': { request: {} },
  'securities.getStockPositions': { request: {} },
  'securities.getHistoryExecutions': { request: {} },
  'securities.transfer': { request: { coin: 'USDC', amount: '100', direction: 'in' } },
  // Securities money records.
  'securities.getCashFlow': { request: { startTime: '1767225600', endTime: '1769904000' } },
  'securities.getTransferRecords': { request: {} },
  // securities market data and option discovery
  'securities.getOptionExpiryDates': { request: { symbol: 'AAPL.US' } },
  'securities.getOptionChain': { request: { symbol: 'AAPL.US', expiryDate: '20260717' } },
  'securities.getOptionVolume': { request: { symbol: 'AAPL.US' } },
  'securities.getQuote': { request: { symbol: 'AAPL.US' } },
  'securities.getCandlestick': { request: { symbol: 'AAPL.US', period: 'day' } },
  'securities.getHistoryCandlestick': {
    request: { symbol: 'AAPL.US', period: 'day', forward: false, time: '1782914400000' },
  },
  // securities order management
  'securities.cancelOrder': { request: { symbol: 'AAPL.US', orderId: '1001' } },
  'securities.modifyOrder': { request: { orderId: '1001', quantity: '2', price: '150' } },
  'securities.getOrderDetail': { request: { orderId: '1001' } },
  'securities.getTodayOrders': { request: {} },
  'securities.getHistoryOrders': { request: {} },
  'securities.getTodayExecutions': { request: {} },
})
