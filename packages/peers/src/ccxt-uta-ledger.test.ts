/**
 * ccxt's `bitget` exchange in unified-account mode (`options.uta`) against the sandbox, on the
 * swap `BTC/USDT:USDT`: hold mode and leverage, a fill read back as trade, closed order, ledger
 * entry and position history, a stop-loss strategy order, candles, the order book, the funding
 * rate and its history, and open interest: ccxt's unified structures, from /api/v3 paths only.
 */
import { describe, expect, test } from 'vitest'
import { ccxtAgainstSandbox, sharedReads } from './test/ccxt.js'

const ctx = ccxtAgainstSandbox({ uta: true }, { loadMarkets: true })

const swap = 'BTC/USDT:USDT'

describe('ccxt bitget (uta) settings against the sandbox', () => {
  test('setPositionMode(false) sets the one-way hold mode (POST /api/v3/account/set-hold-mode); the settings read it back', async () => {
    await ctx.exchange.setPositionMode(false, swap)
    expect(ctx.recorder.sent('/api/v3/account/set-hold-mode')).toEqual({ holdMode: 'one_way_mode' })
    const settings = await ctx.exchange.privateUtaGetV3AccountSettings()
    expect(settings.data.holdMode).toBe('one_way_mode')
  })

  test('setLeverage 5 (POST /api/v3/account/set-leverage) holds for the symbol in the settings', async () => {
    await ctx.exchange.setLeverage(5, swap)
    expect(ctx.recorder.sent('/api/v3/account/set-leverage')).toMatchObject({
      symbol: 'BTCUSDT',
      leverage: '5',
      category: 'USDT-FUTURES',
    })
    const settings = await ctx.exchange.privateUtaGetV3AccountSettings()
    expect(settings.data.symbolConfigList).toContainEqual(
      expect.objectContaining({ symbol: 'BTCUSDT', leverage: '5' }),
    )
  })
})

describe('ccxt bitget (uta) trading and ledger against the sandbox', () => {
  let buyId: string

  test('a market buy fills; fetchMyTrades reads it (GET /api/v3/trade/fills) as a ccxt trade', async () => {
    buyId = await sharedReads.marketBuyTraded(ctx.exchange, swap)
  })

  test('fetchClosedOrders reads the filled order (GET /api/v3/trade/history-orders)', async () => {
    const orders = await ctx.exchange.fetchClosedOrders(swap)
    expect(
      orders.map(({ id, status, filled, amount }) => ({ id, status, filled, amount })),
    ).toEqual([{ id: buyId, status: 'closed', filled: 0.01, amount: 0.01 }])
    // ccxt's parseOrder reads the average price from `priceAvg` (the v2 key); a v3 order sends
    // `avgPrice`, so ccxt leaves `average` undefined on the exchange as here.
    expect(orders[0]?.average).toBeUndefined()
    expect(orders[0]?.info).toMatchObject({ avgPrice: '65000' })
  })

  test('fetchLedger reads the financial records (GET /api/v3/account/financial-records) as ccxt ledger entries', async () => {
    const ledger = await sharedReads.ledger(ctx.exchange, swap)
    for (const entry of ledger) expect(entry.after).toEqual(expect.any(Number))
  })

  test('createStopLossOrder places a strategy order (POST /api/v3/trade/place-strategy-order) that unfilled strategy orders list', async () => {
    const order = await sharedReads.stopLoss(ctx.exchange, swap, 60000)
    expect(ctx.recorder.sent('/api/v3/trade/place-strategy-order')).toMatchObject({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      stopLoss: '60000',
    })
    const pending = await ctx.exchange.privateUtaGetV3TradeUnfilledStrategyOrders({
      category: 'USDT-FUTURES',
    })
    // a bare array, as the exchange answers this read
    expect(pending.data.map((item: { orderId: string }) => item.orderId)).toContain(order.id)
  })

  test('fetchPositionsHistory reads the closed position (GET /api/v3/position/history-position)', async () => {
    await ctx.exchange.createOrder(swap, 'market', 'sell', 0.01, undefined, { reduceOnly: true })
    const positions = await ctx.exchange.fetchPositionsHistory([swap])
    expect(positions).toHaveLength(1)
    expect(positions[0]).toMatchObject({ symbol: swap, side: 'long', entryPrice: 65000 })
  })
})

describe('ccxt bitget (uta) market data against the sandbox', () => {
  test('fetchOrderBook reads GET /api/v3/market/orderbook', async () => {
    await sharedReads.book(ctx.exchange, swap)
  })

  test('fetchFundingRate reads GET /api/v3/market/current-fund-rate', async () => {
    await sharedReads.fundingRate(ctx.exchange, swap)
  })

  test('fetchOpenInterest reads GET /api/v3/market/open-interest', async () => {
    const interest = await ctx.exchange.fetchOpenInterest(swap)
    expect(interest.symbol).toBe(swap)
    expect(typeof interest.openInterestAmount).toBe('number')
  })

  test('fetchOHLCV reads GET /api/v3/market/candles built from the tape; fetchFundingRateHistory reads a settled rate', async () => {
    ctx.sandbox.admin.setPrice('BTCUSDT', '65100')
    ctx.sandbox.admin.advanceClock(60_000)
    await sharedReads.candlesClosingAt(ctx.exchange, swap, 65100)
    ctx.sandbox.admin.advanceClock(8 * 3_600_000)
    const history = await ctx.exchange.fetchFundingRateHistory(swap)
    expect(history.length).toBeGreaterThan(0)
    expect(history[0]).toMatchObject({ symbol: swap, fundingRate: expect.any(Number) })
  })

  test('every call went to /api/v3 (the coins of loadMarkets aside) and succeeded', () => {
    expect(ctx.recorder.failures()).toEqual([])
    expect(
      ctx.recorder
        .calls()
        .filter((call) => !call.includes('/api/v3/'))
        .sort(),
    ).toEqual(['GET /api/v2/spot/public/coins'])
  })
})
