/**
 * ccxt's `bitget` exchange in its default (classic account) mode against the sandbox, on the
 * USDT-margined swap `BTC/USDT:USDT`: account settings, balance, ledger, fills, closed orders,
 * trigger and stop-loss orders, candles, the order book and the funding rate, read back as
 * ccxt's unified structures. The recorder shows each /api/v2/mix path ccxt called.
 */
import { describe, expect, test } from 'vitest'
import { ccxtAgainstSandbox, sharedReads } from './test/ccxt.js'

// The sandbox's key is a classic account's (ccxtAgainstSandbox without `uta: true`), so ccxt's
// probe of GET /api/v3/account/settings gets 40084; the classic account is also chosen
// explicitly, and only swap markets loaded.
const ctx = ccxtAgainstSandbox(
  { uta: false, fetchMarkets: { types: ['swap'] } },
  { loadMarkets: true },
)

const swap = 'BTC/USDT:USDT'

describe('ccxt bitget (classic) account settings against the sandbox', () => {
  test('setPositionMode(false) sets one-way mode (POST /api/v2/mix/account/set-position-mode)', async () => {
    await ctx.exchange.setPositionMode(false, swap)
    expect(ctx.recorder.sent('/api/v2/mix/account/set-position-mode')).toMatchObject({
      productType: 'USDT-FUTURES',
      posMode: 'one_way_mode',
    })
  })

  test('setMarginMode isolated, then setLeverage 5; fetchLeverage and fetchMarginMode read them back', async () => {
    await ctx.exchange.setMarginMode('isolated', swap)
    expect(ctx.recorder.sent('/api/v2/mix/account/set-margin-mode')).toMatchObject({
      marginMode: 'isolated',
    })
    await ctx.exchange.setLeverage(5, swap)
    expect(ctx.recorder.sent('/api/v2/mix/account/set-leverage')).toMatchObject({
      symbol: 'BTCUSDT',
      leverage: '5',
    })
    const leverage = await ctx.exchange.fetchLeverage(swap)
    expect(leverage).toMatchObject({
      symbol: swap,
      marginMode: 'isolated',
      longLeverage: 5,
      shortLeverage: 5,
    })
    const margin = await ctx.exchange.fetchMarginMode(swap)
    expect(margin).toMatchObject({ symbol: swap, marginMode: 'isolated' })
  })

  test('fetchBalance of type swap reads /api/v2/mix/account/accounts as ccxt balances', async () => {
    const balance = await ctx.exchange.fetchBalance({ type: 'swap' })
    const usdt = balance.USDT as { free?: number; used?: number; total?: number } | undefined
    expect(usdt?.total).toBeGreaterThan(0)
    expect(usdt?.free).toBeGreaterThan(0)
    expect(ctx.recorder.calls()).toContain('GET /api/v2/mix/account/accounts')
  })
})

describe('ccxt bitget (classic) trading and ledger against the sandbox', () => {
  let buyId: string

  test('a market buy fills; fetchMyTrades reads the fill (GET /api/v2/mix/order/fills) as a ccxt trade', async () => {
    buyId = await sharedReads.marketBuyTraded(ctx.exchange, swap, { marginMode: 'isolated' })
    // the sandbox's contracts charge no fee unless one is set: a fee of 0 USDT
    const [trade] = await ctx.exchange.fetchMyTrades(swap)
    expect(trade?.fee).toMatchObject({ currency: 'USDT', cost: 0 })
  })

  test('fetchClosedOrders reads the filled order (GET /api/v2/mix/order/orders-history)', async () => {
    const orders = await ctx.exchange.fetchClosedOrders(swap)
    expect(
      orders.map(({ id, status, filled, average }) => ({ id, status, filled, average })),
    ).toEqual([{ id: buyId, status: 'closed', filled: 0.01, average: 65000 }])
  })

  test('fetchLedger reads the bills (GET /api/v2/mix/account/bill) as ccxt ledger entries', async () => {
    await sharedReads.ledger(ctx.exchange, swap)
    expect(ctx.recorder.sent('/api/v2/mix/account/bill')).toMatchObject({
      productType: 'USDT-FUTURES',
    })
  })

  test('createStopLossOrder places a pos_loss on the position (POST /api/v2/mix/order/place-tpsl-order), its size ignored', async () => {
    await sharedReads.stopLoss(ctx.exchange, swap, 60000)
    expect(ctx.recorder.sent('/api/v2/mix/order/place-tpsl-order')).toMatchObject({
      planType: 'pos_loss',
      holdSide: 'buy',
      size: '0.01',
      triggerPrice: '60000',
    })
  })

  test('createTriggerOrder places a normal_plan (POST /api/v2/mix/order/place-plan-order) that triggers when the price crosses', async () => {
    const order = await ctx.exchange.createTriggerOrder(
      swap,
      'market',
      'buy',
      0.01,
      undefined,
      66000,
      {
        marginMode: 'isolated',
      },
    )
    expect(order.id).toMatch(/^\d+$/)
    // ccxt sends the trigger price as a JSON number and `force` upper-case: the sandbox reads
    // them as the exchange does (see the sandbox's classic reads test)
    expect(ctx.recorder.sent('/api/v2/mix/order/place-plan-order')).toMatchObject({
      planType: 'normal_plan',
      triggerPrice: 66000,
      force: 'GTC',
    })
    ctx.sandbox.admin.setPrice('BTCUSDT', '66100')
    const closed = await ctx.exchange.fetchClosedOrders(swap, undefined, undefined, {
      trigger: true,
    })
    expect(closed.map(({ id, triggerPrice }) => ({ id, triggerPrice }))).toContainEqual({
      id: order.id,
      triggerPrice: 66000,
    })
  })

  test('fetchPositionsHistory reads a closed position (GET /api/v2/mix/position/history-position)', async () => {
    await ctx.exchange.createOrder(swap, 'market', 'sell', 0.02, undefined, {
      marginMode: 'isolated',
      reduceOnly: true,
    })
    const positions = await ctx.exchange.fetchPositionsHistory([swap])
    expect(positions).toHaveLength(1)
    expect(positions[0]).toMatchObject({ symbol: swap, side: 'long', marginMode: 'isolated' })
    expect(positions[0]?.lastUpdateTimestamp).toBeGreaterThan(0)
  })
})

describe('ccxt bitget (classic) market data against the sandbox', () => {
  test('fetchOrderBook reads the merged depth (GET /api/v2/mix/market/merge-depth)', async () => {
    const book = await sharedReads.book(ctx.exchange, swap)
    expect(book.timestamp).toBeGreaterThan(0)
  })

  test('fetchFundingRate reads the current rate (GET /api/v2/mix/market/current-fund-rate)', async () => {
    await sharedReads.fundingRate(ctx.exchange, swap)
  })

  test('fetchOHLCV reads candles (GET /api/v2/mix/market/candles) built from the tape', async () => {
    ctx.sandbox.admin.advanceClock(60_000)
    await sharedReads.candlesClosingAt(ctx.exchange, swap, 66100)
  })

  test('every call reached a served endpoint under /api/v2/mix (the coins of loadMarkets aside) and succeeded', () => {
    expect(ctx.recorder.failures()).toEqual([])
    // loadMarkets reads the contracts of all six product types, the demo ones included
    expect([...new Set(ctx.recorder.calls())].sort()).toEqual([
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
      ctx.recorder.exchanges
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
