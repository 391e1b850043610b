import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { boundsSuite, megabyte } from '../test/boundsSuite.js'
import * as Unified from '../Unified.js'

const order = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '1',
  price: '3000',
} as const
const items = (...keys: string[]) => keys.map((key) => [0, key])

boundsSuite(
  'unified account',
  Unified,
  {
    'unified.placeOrder': { request: order },
    'unified.modifyOrder': { request: { orderId: '1', price: '3000' } },
    'unified.cancelOrder': { request: { orderId: '1' } },
    'unified.countdownCancelAll': { request: { countdown: '10' } },
    'unified.placeBatch': {
      request: [order],
      paths: items(
        'category',
        'symbol',
        'qty',
        'side',
        'orderType',
        'price',
        'timeInForce',
        'posSide',
        'clientOid',
        'stpMode',
        'pxAmendType',
      ),
    },
    'unified.batchModifyOrder': {
      request: [{ orderId: '1', price: '3000' }],
      paths: items(
        'orderId',
        'clientOid',
        'qty',
        'price',
        'requestId',
        'autoCancel',
        'category',
        'symbol',
        'pxAmendType',
      ),
    },
    'unified.cancelBatch': {
      request: [{ category: 'SPOT', symbol: 'ETHUSDT', orderId: '1' }],
      paths: items('category', 'symbol', 'orderId', 'clientOid'),
    },
    'unified.cancelSymbolOrder': { request: { category: 'SPOT' } },
    'unified.getOrderInfo': { request: { orderId: '1' } },
    'unified.getAccountSettings': { request: {} },
    'unified.getAccountAssets': { request: {} },
    'unified.getFeeRate': { request: { category: 'SPOT', symbol: 'BTCUSDT' } },
    'unified.getCurrentPosition': { request: { category: 'USDT-FUTURES' } },
    'unified.getAdlRank': { request: {} },
    'unified.getUnfilledOrders': { request: {} },
    'unified.getHistoryOrders': { request: { category: 'SPOT' } },
    'unified.getFills': { request: {} },
    'unified.getMarketStates': { request: {} },
    'unified.getRealityFills': { request: {} },
    // Market data reads.
    'unified.getCandles': { request: { category: 'SPOT', symbol: 'ETHUSDT', interval: '1m' } },
    'unified.getHistoryCandles': {
      request: { category: 'SPOT', symbol: 'ETHUSDT', interval: '1m' },
    },
    'unified.getOrderBook': { request: { category: 'SPOT', symbol: 'ETHUSDT' } },
    'unified.getPublicFills': { request: { category: 'SPOT', symbol: 'ETHUSDT' } },
    'unified.getOpenInterest': { request: { category: 'USDT-FUTURES' } },
    'unified.getRiskReserve': { request: { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } },
    'unified.getPositionTier': { request: { category: 'USDT-FUTURES' } },
    // Ledger: financial records, position history, close positions.
    'unified.getFinancialRecords': { request: { category: 'USDT-FUTURES' } },
    'unified.getPositionHistory': { request: { category: 'USDT-FUTURES' } },
    'unified.closePositions': { request: { category: 'USDT-FUTURES' } },
    // Funds: transfers, funding assets, max transferable.
    'unified.transfer': {
      request: { fromType: 'uta', toType: 'spot', amount: '10', coin: 'USDT' },
    },
    'unified.getFundingAssets': { request: {} },
    'unified.getMaxTransferable': { request: { coin: 'USDT' } },
    'unified.getAccountInfo': { request: {} },
    'unified.getMaxWithdrawal': { request: { coin: 'USDT' } },
    'unified.getOpenInterestLimit': { request: { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } },
    'unified.getTransferableCoins': { request: { fromType: 'uta', toType: 'spot' } },
    // Deposits and withdrawals.
    'unified.getDepositAddress': { request: { coin: 'USDT' } },
    'unified.getDepositRecords': {
      request: { startTime: '1700561435000', endTime: '1703153435933' },
    },
    'unified.withdraw': {
      request: {
        coin: 'USDT',
        transferType: 'internal_transfer',
        address: '234234242',
        size: '100',
      },
    },
    'unified.getWithdrawalRecords': {
      request: { startTime: '1700561435000', endTime: '1703153435933' },
    },
    // account settings and margin
    'unified.setLeverage': {
      request: { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '10' },
    },
    'unified.setHoldMode': { request: { holdMode: 'hedge_mode' } },
    'unified.getMaxOpenAvailable': {
      request: { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'market', side: 'buy' },
    },
    'unified.setMargin': {
      request: {
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        posSide: 'long',
        operation: 'add',
        amount: '10',
      },
    },
  },
  {
    'unified.modifyOrder requestId': {
      type: 'format',
      why: 'requestId keeps its own 18-digit pattern (owned by another change); it is bounded by it',
    },
    'unified.batchModifyOrder 0.requestId': {
      type: 'format',
      why: 'requestId keeps its own 18-digit pattern (owned by another change); it is bounded by it',
    },
  },
)

describe('absurd values are refused before any work on them', () => {
  const instrument = {
    symbol: 'ETHUSDT',
    priceMultiplier: '0.01',
    pricePrecision: 2,
    sizeMultiplier: '0.001',
    minOrderAmount: '0.001',
  }

  test('a quantity of a million digits is refused by its length alone: no decimal parsing, no tick or lot arithmetic (its cost is in bounds.bench.ts)', () => {
    const qty = '1'.repeat(1_000_000)
    const result = Endpoint.check(Unified.placeOrder, { ...order, qty }, { instrument })
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "at most 40 characters",
          "message": "qty: expected at most 40 characters, received "11111111111111111111111111111111…" (1000000 characters)",
          "path": [
            "qty",
          ],
          "received": ""11111111111111111111111111111111…" (1000000 characters)",
          "type": "length",
        },
      ]
    `)
  })

  test('a 1 MB symbol and a 1 MB orderId: one issue each, naming the field and the rule, without echoing the value', () => {
    expect(
      Endpoint.check(Unified.placeOrder, { ...order, symbol: megabyte }).issues,
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "at most 32 characters",
          "message": "symbol: expected at most 32 characters, received "11111111111111111111111111111111…" (1048576 characters)",
          "path": [
            "symbol",
          ],
          "received": ""11111111111111111111111111111111…" (1048576 characters)",
          "type": "length",
        },
      ]
    `)
    expect(
      Endpoint.check(Unified.cancelOrder, { orderId: megabyte }).issues?.[0]?.message,
    ).toMatchInlineSnapshot(
      `"orderId: expected at most 32 characters, received "11111111111111111111111111111111…" (1048576 characters)"`,
    )
  })
})
