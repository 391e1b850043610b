/**
 * ccxt's `bitget` exchange in its default (classic account) mode against the sandbox, on the
 * USDT-margined swap `BTC/USDT:USDT`: account settings, balance, ledger, fills, closed orders,
 * trigger and stop-loss orders, candles, the order book and the funding rate, read back as
 * ccxt's unified structures. The recorder shows each /api/v2/mix path ccxt called.
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
  // ccxt picks the unified account when GET /api/v3/account/settings answers, which every
  // sandbox key does: the classic account is chosen explicitly.
  exchange = new ccxt.bitget({
    apiKey,
    secret,
    password: passphrase,
    options: { uta: false, fetchMarkets: { types: ['swap'] } },
  })
  // ccxt keeps one URL per API group (spot, mix, uta, ...): every one goes to the sandbox.
  const api = exchange.urls.api as Record<string, string>
  for (const group of Object.keys(api)) api[group] = recorder.url
  await exchange.loadMarkets()
})

afterAll(async () => {
  await recorder?.close()
  await sandbox?.close()
})

describe('ccxt bitget (classic) account settings against the sandbox', () => {
  test('setPositionMode(false) sets one-way mode (POST /api/v2/mix/account/set-position-mode)', async () => {
    await exchange.setPositionMode(false, swap)
    expect(recorder.sent('/api/v2/mix/account/set-position-mode')).toMatchObject({
      productType: 'USDT-FUTURES',
      posMode: 'one_way_mode',
    })
  })

  test('setMarginMode isolated, then setLeverage 5; fetchLeverage and fetchMarginMode read them back', async () => {
    await exchange.setMarginMode('isolated', swap)
    expect(recorder.sent('/api/v2/mix/account/set-margin-mode')).toMatchObject({
      marginMode: 'isolated',
    })
    await exchange.setLeverage(5, swap)
    expect(recorder.sent('/api/v2/mix/account/set-leverage')).toMatchObject({
      symbol: 'BTCUSDT',
      leverage: '5',
    })
    const leverage = await exchange.fetchLeverage(swap)
    expect(leverage).toMatchObject({
      symbol: swap,
      marginMode: 'isolated',
      longLeverage: 5,
      shortLeverage: 5,
    })
    const margin = await exchange.fetchMarginMode(swap)
    expect(margin).toMatchObject({ symbol: swap, marginMode: 'isolated' })
  })

  test('fetchBalance of type swap reads /api/v2/mix/account/accounts as ccxt balances', async () => {
    const balance = await exchange.fetchBalance({ type: 'swap' })
    const usdt = balance.USDT as { free?: number; used?: number; total?: number } | undefined
    expect(usdt?.total).toBeGreaterThan(0)
    expect(usdt?.free).toBeGreaterThan(0)
    expect(recorder.calls()).toContain('GET /api/v2/mix/account/accounts')
  })
})

describe('ccxt bitget (classic) trading and ledger against the sandbox', () => {
  let buyId: string

  test('a market buy fills; fetchMyTrades reads the fill (GET /api/v2/mix/order/fills) as a ccxt trade', async () => {
    const order = await exchange.createOrder(swap, 'market', 'buy', 0.01, undefined, {
      marginMode: 'isolated',
    })
    buyId = order.id!
    const trades = await exchange.fetchMyTrades(swap)
    expect(trades).toHaveLength(1)
    expect(trades[0]).toMatchObject({
      order: buyId,
      symbol: swap,
      side: 'buy',
      amount: 0.01,
      price: 65000,
      takerOrMaker: 'taker',
    })
    // the sandbox's contracts charge no fee unless one is set: a fee of 0 USDT
    expect(trades[0]?.fee).toMatchObject({ currency: 'USDT', cost: 0 })
  })

  test('fetchClosedOrders reads the filled order (GET /api/v2/mix/order/orders-history)', async () => {
    const orders = await exchange.fetchClosedOrders(swap)
    expect(
      orders.map(({ id, status, filled, average }) => ({ id, status, filled, average })),
    ).toEqual([{ id: buyId, status: 'closed', filled: 0.01, average: 65000 }])
  })

  test('fetchLedger reads the bills (GET /api/v2/mix/account/bill) as ccxt ledger entries', async () => {
    const ledger = await exchange.fetchLedger('USDT', undefined, undefined, { symbol: swap })
    expect(ledger.length).toBeGreaterThan(0)
    for (const entry of ledger) {
      expect(entry.currency).toBe('USDT')
      expect(typeof entry.amount).toBe('number')
      expect(entry.timestamp).toBeGreaterThan(0)
    }
    expect(recorder.sent('/api/v2/mix/account/bill')).toMatchObject({ productType: 'USDT-FUTURES' })
  })

  test('createStopLossOrder places a pos_loss on the position (POST /api/v2/mix/order/place-tpsl-order), its size ignored', async () => {
    const order = await exchange.createStopLossOrder(swap, 'market', 'sell', 0.01, undefined, 60000)
    expect(order.id).toMatch(/^\d+$/)
    expect(recorder.sent('/api/v2/mix/order/place-tpsl-order')).toMatchObject({
      planType: 'pos_loss',
      holdSide: 'buy',
      size: '0.01',
      triggerPrice: '60000',
    })
  })

  test('createTriggerOrder places a normal_plan (POST /api/v2/mix/order/place-plan-order) that triggers when the price crosses', async () => {
    const order = await exchange.createTriggerOrder(swap, 'market', 'buy', 0.01, undefined, 66000, {
      marginMode: 'isolated',
    })
    expect(order.id).toMatch(/^\d+$/)
    // ccxt sends the trigger price as a JSON number and `force` upper-case: the sandbox reads
    // them as the exchange does (see the sandbox's classic reads test)
    expect(recorder.sent('/api/v2/mix/order/place-plan-order')).toMatchObject({
      planType: 'normal_plan',
      triggerPrice: 66000,
      force: 'GTC',
    })
    sandbox.admin.setPrice('BTCUSDT', '66100')
    const closed = await exchange.fetchClosedOrders(swap, undefined, undefined, { trigger: true })
    expect(closed.map(({ id, triggerPrice }) => ({ id, triggerPrice }))).toContainEqual({
      id: order.id,
      triggerPrice: 66000,
    })
  })

  test('fetchPositionsHistory reads a closed position (GET /api/v2/mix/position/history-position)', async () => {
    await exchange.createOrder(swap, 'market', 'sell', 0.02, undefined, {
      marginMode: 'isolated',
      reduceOnly: true,
    })
    const positions = await exchange.fetchPositionsHistory([swap])
    expect(positions).toHaveLength(1)
    expect(positions[0]).toMatchObject({ symbol: swap, side: 'long', marginMode: 'isolated' })
    expect(positions[0]?.lastUpdateTimestamp).toBeGreaterThan(0)
  })
})

describe('ccxt bitget (classic) market data against the sandbox', () => {
  test('fetchOrderBook reads the merged depth (GET /api/v2/mix/market/merge-depth)', async () => {
    const book = await exchange.fetchOrderBook(swap)
    expect(book.asks.length).toBeGreaterThan(0)
    expect(book.bids.length).toBeGreaterThan(0)
    expect(book.asks[0]![0]!).toBeGreaterThan(book.bids[0]![0]!)
    expect(book.timestamp).toBeGreaterThan(0)
  })

  test('fetchFundingRate reads the current rate (GET /api/v2/mix/market/current-fund-rate)', async () => {
    const rate = await exchange.fetchFundingRate(swap)
    expect(rate.symbol).toBe(swap)
    expect(typeof rate.fundingRate).toBe('number')
    expect(rate.fundingTimestamp).toBeGreaterThan(0)
  })

  test('fetchOHLCV reads candles (GET /api/v2/mix/market/candles) built from the tape', async () => {
    sandbox.admin.advanceClock(60_000)
    const candles = await exchange.fetchOHLCV(swap, '1m')
    expect(candles.length).toBeGreaterThan(0)
    for (const candle of candles) expect(candle).toHaveLength(6)
    expect(candles.map((candle) => candle[4])).toContain(66100)
  })

  test('every call reached a served endpoint under /api/v2/mix (the coins of loadMarkets aside) and succeeded', () => {
    expect(recorder.failures()).toEqual([])
    // loadMarkets reads the contracts of all six product types, the demo ones included
    expect([...new Set(recorder.calls())].sort()).toEqual([
      'GET /api/v2/mix/account/account',
      'GET /api/v2/mix/account/accounts',
      'GET /api/v2/mix/account/bill',
      'GET /api/v2/mix/market/candles',
      'GET /api/v2/mix/market/contracts',
      'GET /api/v2/mix/market/current-fund-rate',
      'GET /api/v2/mix/market/merge-depth',
      'GET /api/v2/mix/order/fills',
      'GET /api/v2/mix/order/orders-history',
      'GET /api/v2/mix/order/orders-plan-history',
      'GET /api/v2/mix/position/history-position',
      'GET /api/v2/spot/public/coins',
      'POST /api/v2/mix/account/set-leverage',
      'POST /api/v2/mix/account/set-margin-mode',
      'POST /api/v2/mix/account/set-position-mode',
      'POST /api/v2/mix/order/place-order',
      'POST /api/v2/mix/order/place-plan-order',
      'POST /api/v2/mix/order/place-tpsl-order',
    ])
    expect(
      recorder.exchanges
        .filter(({ path }) => path === '/api/v2/mix/market/contracts')
        .map(({ query }) => new URLSearchParams(query).get('productType'))
        .sort(),
    ).toEqual([
      'COIN-FUTURES',
      'SCOIN-FUTURES',
      'SUSDC-FUTURES',
      'SUSDT-FUTURES',
      'USDC-FUTURES',
      'USDT-FUTURES',
    ])
  })
})
