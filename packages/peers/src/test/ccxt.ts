/** Test helper: a sandbox behind a recorder, and ccxt's `bitget` exchange of its key pointed at it. */
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import ccxt from 'ccxt'
import { afterAll, beforeAll, expect } from 'vitest'
import { startRecorder } from './recorder.js'

/**
 * Starts a sandbox and a recorder in front of it before the file's tests and makes ccxt's
 * `bitget` of the sandbox's key with `options` (e.g. `{ uta: true }`), every API group of it sent
 * to the recorder; loads the markets when `loadMarkets` is set. Stops both after the tests. The
 * returned object is filled in `beforeAll`. The key's account is unified with `uta: true` and
 * classic without (`accountMode` overrides it), as a live key that ccxt's path works with.
 */
export function ccxtAgainstSandbox(
  options: Record<string, unknown>,
  {
    loadMarkets = false,
    accountMode = options.uta === true ? 'unified' : 'classic',
  }: { loadMarkets?: boolean; accountMode?: 'unified' | 'classic' } = {},
) {
  const ctx = {} as {
    sandbox: RunningSandbox
    recorder: Awaited<ReturnType<typeof startRecorder>>
    exchange: InstanceType<typeof ccxt.bitget>
  }
  beforeAll(async () => {
    ctx.sandbox = await startSandbox({ port: 0, rateLimits: false, accountMode })
    ctx.recorder = await startRecorder(ctx.sandbox.url)
    const { apiKey, secret, passphrase } = ctx.sandbox.credentials
    ctx.exchange = new ccxt.bitget({ apiKey, secret, password: passphrase, options })
    // ccxt keeps one URL per API group (spot, mix, uta, ...): every one goes to the sandbox.
    const api = ctx.exchange.urls.api as Record<string, string>
    for (const group of Object.keys(api)) api[group] = ctx.recorder.url
    if (loadMarkets) await ctx.exchange.loadMarkets()
  })
  afterAll(async () => {
    await ctx.recorder?.close()
    await ctx.sandbox?.close()
  })
  return ctx
}

type Bitget = InstanceType<typeof ccxt.bitget>

/**
 * The ccxt reads both lines answer alike, each checked as ccxt's unified structure: a market buy
 * of 0.01 at the admin price 65000 read back by `fetchMyTrades`, the ledger, the order book, the
 * funding rate and candles.
 */
export const sharedReads = {
  /** Places a market buy of 0.01 of `symbol` (with `params`) and reads its one trade; its order id. */
  async marketBuyTraded(exchange: Bitget, symbol: string, params: Record<string, unknown> = {}) {
    const order = await exchange.createOrder(symbol, 'market', 'buy', 0.01, undefined, params)
    const trades = await exchange.fetchMyTrades(symbol)
    expect(trades).toHaveLength(1)
    expect(trades[0]).toMatchObject({
      order: order.id,
      symbol,
      side: 'buy',
      amount: 0.01,
      price: 65000,
      cost: 650,
      takerOrMaker: 'taker',
    })
    return order.id!
  },
  /** The USDT ledger of `symbol`: entries with an amount, a time and the balance after. */
  async ledger(exchange: Bitget, symbol: string) {
    const ledger = await exchange.fetchLedger('USDT', undefined, undefined, { symbol })
    expect(ledger.length).toBeGreaterThan(0)
    for (const entry of ledger)
      expect(entry).toMatchObject({
        currency: 'USDT',
        amount: expect.any(Number),
        timestamp: expect.any(Number),
      })
    return ledger
  },
  /** Places a market stop-loss selling 0.01 of `symbol` when the price falls to `trigger`. */
  async stopLoss(exchange: Bitget, symbol: string, trigger: number) {
    const order = await exchange.createStopLossOrder(
      symbol,
      'market',
      'sell',
      0.01,
      undefined,
      trigger,
    )
    expect(order.id).toMatch(/^\d+$/)
    return order
  },
  /** The book of `symbol`: both sides, the best ask above the best bid. */
  async book(exchange: Bitget, symbol: string) {
    const book = await exchange.fetchOrderBook(symbol)
    expect(book.asks.length).toBeGreaterThan(0)
    expect(book.bids.length).toBeGreaterThan(0)
    expect(book.asks[0]![0]!).toBeGreaterThan(book.bids[0]![0]!)
    return book
  },
  /** The current funding rate of `symbol`, with the time of the next settlement. */
  async fundingRate(exchange: Bitget, symbol: string) {
    const rate = await exchange.fetchFundingRate(symbol)
    expect(rate).toMatchObject({ symbol, fundingRate: expect.any(Number) })
    expect(rate.fundingTimestamp).toBeGreaterThan(0)
  },
  /** One-minute candles of `symbol` as ccxt's six numbers, one of them closing at `close`. */
  async candlesClosingAt(exchange: Bitget, symbol: string, close: number) {
    const candles = await exchange.fetchOHLCV(symbol, '1m')
    expect(candles.length).toBeGreaterThan(0)
    for (const candle of candles) expect(candle).toHaveLength(6)
    expect(candles.map((candle) => candle[4])).toContain(close)
  },
}
