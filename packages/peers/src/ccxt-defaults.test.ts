/**
 * ccxt's `bitget` exactly as a user makes it, `new ccxt.bitget({ apiKey, secret, password })`
 * with no options, against the sandbox with a classic key: its default market load (spot and
 * swap, so the public margin pairs too), hedged orders (`tradeSide` `Open`/`Close`), `editOrder`
 * (a 36-character UUID `newClientOid`), the default (spot) balance and ledger, and the swap
 * balance with an open position.
 */
import { describe, expect, test } from 'vitest'
import { ccxtAgainstSandbox } from './test/ccxt.js'

const ctx = ccxtAgainstSandbox({}, { loadMarkets: true })
const swap = 'BTC/USDT:USDT'

describe('ccxt bitget with default options against the sandbox (classic key)', () => {
  test('the default market load reads GET /api/v2/margin/currencies; fetchPositions then works', async () => {
    expect(ctx.recorder.calls()).toContain('GET /api/v2/margin/currencies')
    expect(ctx.exchange.symbols).toContain(swap)
    expect(ctx.exchange.symbols).toContain('ETH/USDT')
    // The sandbox lends nothing: no spot pair is a margin pair.
    expect(ctx.exchange.market('ETH/USDT').margin).toBe(false)
    expect(await ctx.exchange.fetchPositions([swap])).toEqual([])
  })

  test('hedge mode: createOrder with hedged sends tradeSide "Open", then "Close" with reduceOnly; both fill', async () => {
    ctx.sandbox.admin.setPrice('BTCUSDT', '65000')
    await ctx.exchange.setPositionMode(true, swap)
    await ctx.exchange.createOrder(swap, 'market', 'buy', 0.01, undefined, { hedged: true })
    expect(ctx.recorder.sent('/api/v2/mix/order/place-order')).toMatchObject({ tradeSide: 'Open' })
    const [long] = await ctx.exchange.fetchPositions([swap])
    expect(long).toMatchObject({ side: 'long', contracts: 0.01 })
    await ctx.exchange.createOrder(swap, 'market', 'sell', 0.01, undefined, {
      hedged: true,
      reduceOnly: true,
    })
    expect(ctx.recorder.sent('/api/v2/mix/order/place-order')).toMatchObject({ tradeSide: 'Close' })
    expect(await ctx.exchange.fetchPositions([swap])).toEqual([])
    await ctx.exchange.setPositionMode(false, swap)
  })

  test('editOrder sends a 36-character UUID newClientOid; the new order is read and cancelled by it', async () => {
    const placed = await ctx.exchange.createOrder(swap, 'limit', 'buy', 0.01, 60000)
    await ctx.exchange.editOrder(placed.id!, swap, 'limit', 'buy', 0.02, 59000)
    const { newClientOid } = ctx.recorder.sent('/api/v2/mix/order/modify-order')
    expect(String(newClientOid)).toMatch(/^[0-9a-f-]{36}$/)
    const [open] = await ctx.exchange.fetchOpenOrders(swap)
    expect(open).toMatchObject({ clientOrderId: newClientOid, amount: 0.02, price: 59000 })
    await ctx.exchange.cancelOrder('', swap, { clientOrderId: newClientOid })
    expect(await ctx.exchange.fetchOpenOrders(swap)).toEqual([])
  })

  test('transfer to spot; the default fetchBalance (spot) and fetchLedger read the spot wallet', async () => {
    await ctx.exchange.transfer('USDT', 10, 'swap', 'spot')
    const balance = await ctx.exchange.fetchBalance()
    expect(balance.USDT).toMatchObject({ free: 10, used: 0, total: 10 })
    const [entry] = await ctx.exchange.fetchLedger('USDT')
    expect(entry).toMatchObject({ currency: 'USDT', direction: 'in', amount: 10, after: 10 })
    expect(ctx.recorder.calls()).toContain('GET /api/v2/spot/account/assets')
    expect(ctx.recorder.calls()).toContain('GET /api/v2/spot/account/bills')
  })

  test('fetchBalance of type swap counts an open position at the price (accountEquity)', async () => {
    ctx.sandbox.admin.setPrice('BTCUSDT', '65000')
    const before = (await ctx.exchange.fetchBalance({ type: 'swap' })).USDT as { total: number }
    await ctx.exchange.createOrder(swap, 'market', 'buy', 0.1)
    ctx.sandbox.admin.setPrice('BTCUSDT', '70000')
    const after = (await ctx.exchange.fetchBalance({ type: 'swap' })).USDT as { total: number }
    expect(after.total - before.total).toBe(500)
  })

  test("every call succeeded but ccxt's probe of the unified account (40084 to a classic key)", () => {
    const failed = ctx.recorder.failures().map(({ method, path }) => `${method} ${path}`)
    expect(failed).toEqual(['GET /api/v3/account/settings'])
  })
})
