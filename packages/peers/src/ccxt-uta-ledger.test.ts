/**
 * ccxt's `bitget` exchange in unified-account mode (`options.uta`) against the sandbox, on the
 * swap `BTC/USDT:USDT`: hold mode and leverage, a fill read back as trade, closed order, ledger
 * entry and position history, a stop-loss strategy order, candles, the order book, the funding
 * rate and its history, and open interest: ccxt's unified structures, from /api/v3 paths only.
 */
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import ccxt from 'ccxt'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startRecorder } from './test/recorder.js'

let sandbox: RunningSandbox
let recorder: Awaited<ReturnType<typeof startRecorder>>
let exchange: InstanceType<typeof ccxt.bitget>

const swap = 'BTC/USDT:USDT'

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false })
  recorder = await startRecorder(sandbox.url)
  const { apiKey, secret, passphrase } = sandbox.credentials
  exchange = new ccxt.bitget({ apiKey, secret, password: passphrase, options: { uta: true } })
  const api = exchange.urls.api as Record<string, string>
  for (const group of Object.keys(api)) api[group] = recorder.url
  await exchange.loadMarkets()
})

afterAll(async () => {
  await recorder?.close()
  await sandbox?.close()
})

describe('ccxt bitget (uta) settings against the sandbox', () => {
  test('setPositionMode(false) sets the one-way hold mode (POST /api/v3/account/set-hold-mode); the settings read it back', async () => {
    await exchange.setPositionMode(false, swap)
    expect(recorder.sent('/api/v3/account/set-hold-mode')).toEqual({ holdMode: 'one_way_mode' })
    const settings = await exchange.privateUtaGetV3AccountSettings()
    expect(settings.data.holdMode).toBe('one_way_mode')
  })

  test('setLeverage 5 (POST /api/v3/account/set-leverage) holds for the symbol in the settings', async () => {
    await exchange.setLeverage(5, swap)
    expect(recorder.sent('/api/v3/account/set-leverage')).toMatchObject({
      symbol: 'BTCUSDT',
      leverage: '5',
      category: 'USDT-FUTURES',
    })
    const settings = await exchange.privateUtaGetV3AccountSettings()
    expect(settings.data.symbolConfigList).toContainEqual(
      expect.objectContaining({ symbol: 'BTCUSDT', leverage: '5' }),
    )
  })
})

describe('ccxt bitget (uta) trading and ledger against the sandbox', () => {
  let buyId: string

  test('a market buy fills; fetchMyTrades reads it (GET /api/v3/trade/fills) as a ccxt trade', async () => {
    const order = await exchange.createOrder(swap, 'market', 'buy', 0.01)
    buyId = order.id!
    const trades = await exchange.fetchMyTrades(swap)
    expect(trades).toHaveLength(1)
    expect(trades[0]).toMatchObject({
      order: buyId,
      symbol: swap,
      side: 'buy',
      amount: 0.01,
      price: 65000,
      cost: 650,
      takerOrMaker: 'taker',
    })
  })

  test('fetchClosedOrders reads the filled order (GET /api/v3/trade/history-orders)', async () => {
    const orders = await exchange.fetchClosedOrders(swap)
    expect(
      orders.map(({ id, status, filled, amount }) => ({ id, status, filled, amount })),
    ).toEqual([{ id: buyId, status: 'closed', filled: 0.01, amount: 0.01 }])
    // ccxt's parseOrder reads the average price from `priceAvg` (the v2 key); a v3 order sends
    // `avgPrice`, so ccxt leaves `average` undefined on the exchange as here.
    expect(orders[0]?.average).toBeUndefined()
    expect(orders[0]?.info).toMatchObject({ avgPrice: '65000' })
  })

  test('fetchLedger reads the financial records (GET /api/v3/account/financial-records) as ccxt ledger entries', async () => {
    const ledger = await exchange.fetchLedger('USDT', undefined, undefined, { symbol: swap })
    expect(ledger.length).toBeGreaterThan(0)
    for (const entry of ledger) {
      expect(entry.currency).toBe('USDT')
      expect(entry.timestamp).toBeGreaterThan(0)
      expect(typeof entry.after).toBe('number')
    }
  })

  test('createStopLossOrder places a strategy order (POST /api/v3/trade/place-strategy-order) that unfilled strategy orders list', async () => {
    const order = await exchange.createStopLossOrder(swap, 'market', 'sell', 0.01, undefined, 60000)
    expect(order.id).toMatch(/^\d+$/)
    expect(recorder.sent('/api/v3/trade/place-strategy-order')).toMatchObject({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      stopLoss: '60000',
    })
    const pending = await exchange.privateUtaGetV3TradeUnfilledStrategyOrders({
      category: 'USDT-FUTURES',
    })
    // a bare array, as the exchange answers this read
    expect(pending.data.map((item: { orderId: string }) => item.orderId)).toContain(order.id)
  })

  test('fetchPositionsHistory reads the closed position (GET /api/v3/position/history-position)', async () => {
    await exchange.createOrder(swap, 'market', 'sell', 0.01, undefined, { reduceOnly: true })
    const positions = await exchange.fetchPositionsHistory([swap])
    expect(positions).toHaveLength(1)
    expect(positions[0]).toMatchObject({ symbol: swap, side: 'long', entryPrice: 65000 })
  })
})

describe('ccxt bitget (uta) market data against the sandbox', () => {
  test('fetchOrderBook reads GET /api/v3/market/orderbook', async () => {
    const book = await exchange.fetchOrderBook(swap)
    expect(book.asks.length).toBeGreaterThan(0)
    expect(book.bids.length).toBeGreaterThan(0)
    expect(book.asks[0]![0]!).toBeGreaterThan(book.bids[0]![0]!)
  })

  test('fetchFundingRate reads GET /api/v3/market/current-fund-rate', async () => {
    const rate = await exchange.fetchFundingRate(swap)
    expect(rate.symbol).toBe(swap)
    expect(typeof rate.fundingRate).toBe('number')
    expect(rate.fundingTimestamp).toBeGreaterThan(0)
  })

  test('fetchOpenInterest reads GET /api/v3/market/open-interest', async () => {
    const interest = await exchange.fetchOpenInterest(swap)
    expect(interest.symbol).toBe(swap)
    expect(typeof interest.openInterestAmount).toBe('number')
  })

  test('fetchOHLCV reads GET /api/v3/market/candles built from the tape; fetchFundingRateHistory reads a settled rate', async () => {
    sandbox.admin.setPrice('BTCUSDT', '65100')
    sandbox.admin.advanceClock(60_000)
    const candles = await exchange.fetchOHLCV(swap, '1m')
    expect(candles.length).toBeGreaterThan(0)
    for (const candle of candles) expect(candle).toHaveLength(6)
    expect(candles.map((candle) => candle[4])).toContain(65100)
    sandbox.admin.advanceClock(8 * 3_600_000)
    const history = await exchange.fetchFundingRateHistory(swap)
    expect(history.length).toBeGreaterThan(0)
    expect(history[0]).toMatchObject({ symbol: swap, fundingRate: expect.any(Number) })
  })

  test('every call went to /api/v3 (the coins of loadMarkets aside) and succeeded', () => {
    expect(recorder.failures()).toEqual([])
    expect(
      recorder
        .calls()
        .filter((call) => !call.includes('/api/v3/'))
        .sort(),
    ).toEqual(['GET /api/v2/spot/public/coins'])
  })
})
