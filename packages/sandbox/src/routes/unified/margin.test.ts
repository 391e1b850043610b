// POST /api/v3/account/set-margin and GET /api/v3/account/fee-rate on a strict sandbox over real
// HTTP: the margin really moves between the isolated position and the available balance (read
// back from current-position and assets), each refusal answers its code, and fee-rate answers
// the rates the fills charge.
import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { btc, paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
let fees: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
  fees = await start({
    fees: {
      maker: '0.0002',
      taker: '0.0006',
      symbols: { ETHPERP: { maker: '0', taker: '0.0005' } },
    },
  })
})
afterAll(async () => {
  await ctx.sandbox.close()
  await fees.sandbox.close()
})

const margin = Unified.setMargin.path
const feeRate = Unified.getFeeRate.path
const usdt = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }

let accounts = 0
/** A fresh account (one-way unless asked) with 100000 USDT and BTCUSDT leverage 10. */
async function account(mode: 'one_way' | 'hedge' = 'one_way') {
  const uid = String(8_900_000_000 + ++accounts)
  const { admin } = ctx.sandbox
  const api = ctx.as(admin.addKey({ uid }))
  admin.setPositionMode(mode, { uid })
  admin.setBalance('USDT', '100000', uid)
  await api.post(Unified.setLeverage.path, { ...usdt, leverage: '10' })
  return { uid, api }
}
type Account = Awaited<ReturnType<typeof account>>

/** Opens 1 BTC at the sandbox price 65000 with a market order (isolated unless `crossed`). */
async function open(a: Account, overrides: Record<string, unknown> = {}) {
  const order = btc({ orderType: 'market', price: undefined, qty: '1', ...overrides })
  const { body } = await a.api.post(paths.place, { marginMode: 'isolated', ...order })
  expect(body.code).toBe('00000')
}

/** The position's margin and the account's available and locked USDT. */
async function balances(a: Account, posSide = 'long') {
  const { list } = (await a.api.get(paths.position, { ...usdt, posSide })).body.data
  const assets = (await a.api.get(paths.assets)).body.data.assets
  const coin = assets.find((item: { coin: string }) => item.coin === 'USDT')
  return {
    marginMode: list[0]?.marginMode,
    positionBalance: list[0]?.positionBalance,
    available: coin.available,
    locked: coin.locked,
  }
}

const body = (overrides: Record<string, unknown> = {}) => ({
  ...usdt,
  posSide: 'long',
  operation: 'add',
  amount: '500',
  ...overrides,
})

describe('POST /api/v3/account/set-margin', () => {
  test('a unified order sent with marginMode isolated opens an isolated position', async () => {
    const a = await account()
    await open(a)
    expect(await balances(a)).toEqual({
      marginMode: 'isolated',
      positionBalance: '6500',
      available: '93500',
      locked: '6500',
    })
  })

  test('"add": the position holds 500 more, the available balance 500 less; answers "success"', async () => {
    const a = await account()
    await open(a)
    const { body: answer } = await a.api.post(margin, body())
    expect(answer).toMatchObject({ code: '00000', data: 'success' })
    expect(await balances(a)).toEqual({
      marginMode: 'isolated',
      positionBalance: '7000',
      available: '93000',
      locked: '7000',
    })
    // The margin left for new orders shrank with it: max-open-available counts it.
    const max = await a.api.post(Unified.getMaxOpenAvailable.path, {
      ...usdt,
      orderType: 'market',
      side: 'buy',
    })
    expect(max.body.data.available).toBe('93000')
  })

  test('"remove": gives back at most what was added (25242 naming it); the rest moves back', async () => {
    const a = await account()
    await open(a)
    await a.api.post(margin, body())
    const over = await a.api.post(margin, body({ operation: 'remove', amount: '500.01' }))
    expect(over.body).toMatchObject({
      code: '25242',
      msg: 'The maximum reducible amount is 500USDT.',
    })
    expect((await balances(a)).positionBalance).toBe('7000')
    const back = await a.api.post(margin, body({ operation: 'remove', amount: '200' }))
    expect(back.body.data).toBe('success')
    expect(await balances(a)).toMatchObject({ positionBalance: '6800', available: '93200' })
  })

  test('"remove" with nothing added: 25242, the margin the leverage needs stays', async () => {
    const a = await account()
    await open(a)
    const { body: answer } = await a.api.post(margin, body({ operation: 'remove', amount: '1' }))
    expect(answer.code).toBe('25242')
    expect(await balances(a)).toMatchObject({ positionBalance: '6500', available: '93500' })
  })

  test('"add" more than the available balance: 25202 Insufficient balance; nothing moves', async () => {
    const a = await account()
    await open(a)
    const { body: answer } = await a.api.post(margin, body({ amount: '93500.01' }))
    expect(answer).toMatchObject({ code: '25202', msg: 'Insufficient balance' })
    expect(await balances(a)).toMatchObject({ positionBalance: '6500', available: '93500' })
    expect((await a.api.post(margin, body({ amount: '93500' }))).body.code).toBe('00000')
    expect(await balances(a)).toMatchObject({ positionBalance: '100000', available: '0' })
  })

  test('no position on that side: 25227; a crossed position: 25240; neither moves anything', async () => {
    const a = await account()
    await open(a)
    const short = await a.api.post(margin, body({ posSide: 'short' }))
    expect(short.body).toMatchObject({ code: '25227', msg: 'No position available to close' })
    const crossed = await account()
    await open(crossed, { marginMode: 'crossed' })
    const refused = await crossed.api.post(margin, body())
    expect(refused.body).toMatchObject({
      code: '25240',
      msg: 'Crossed margin position does not support this operation',
    })
    expect(await balances(crossed)).toEqual({
      marginMode: 'crossed',
      positionBalance: '6500',
      available: '93500',
      locked: '6500',
    })
    const flat = await account()
    expect((await flat.api.post(margin, body())).body.code).toBe('25227')
  })

  test('hedge mode: only the side named moves', async () => {
    const a = await account('hedge')
    await open(a, { posSide: 'long' })
    await open(a, { side: 'sell', posSide: 'short' })
    expect((await a.api.post(margin, body({ posSide: 'short', amount: '100' }))).body.code).toBe(
      '00000',
    )
    expect((await balances(a, 'short')).positionBalance).toBe('6600')
    expect((await balances(a, 'long')).positionBalance).toBe('6500')
    expect((await balances(a, 'long')).available).toBe('86900')
  })

  test('COIN-FUTURES: the amount is in the base coin, the margin coin of the contract', async () => {
    const uid = String(8_900_000_000 + ++accounts)
    const { admin } = ctx.sandbox
    const api = ctx.as(admin.addKey({ uid }))
    admin.setBalance('BTC', '10', uid)
    admin.setPrice('BTCUSD_CM', '65000.0')
    const cm = { category: 'COIN-FUTURES', symbol: 'BTCUSD_CM' }
    const placed = await api.post(paths.place, {
      ...cm,
      side: 'buy',
      orderType: 'market',
      qty: '65000',
      marginMode: 'isolated',
    })
    expect(placed.body.code).toBe('00000')
    const added = await api.post(margin, {
      ...cm,
      posSide: 'long',
      operation: 'add',
      amount: '0.5',
    })
    expect(added.body.code).toBe('00000')
    const { list } = (await api.get(paths.position, cm)).body.data
    expect(list[0]).toMatchObject({ marginCoin: 'BTC', positionBalance: '1.5' })
    const over = await api.post(margin, {
      ...cm,
      posSide: 'long',
      operation: 'remove',
      amount: '1',
    })
    expect(over.body.msg).toBe('The maximum reducible amount is 0.5BTC.')
  })

  test('the rules check the body first: each bad field is named in a 40017, nothing moves', async () => {
    const a = await account()
    await open(a)
    const cases: [Record<string, unknown>, string][] = [
      [body({ posSide: undefined }), 'posSide'],
      [body({ operation: 'reduce' }), 'operation'],
      [body({ amount: '-500' }), 'amount'],
      [body({ amount: '0' }), 'amount'],
      [body({ category: 'SPOT', symbol: 'ETHUSDT' }), 'category'],
    ]
    for (const [request, field] of cases) {
      const { body: answer } = await a.api.post(margin, request)
      expect(answer.code, field).toBe('40017')
      expect(answer.msg, field).toContain(field)
    }
    expect(await balances(a)).toMatchObject({ positionBalance: '6500', available: '93500' })
    const unknown = await a.api.post(margin, body({ symbol: 'DOGEUSDT' }))
    expect(unknown.body.code).toBe('40034')
  })
})

describe('GET /api/v3/account/fee-rate', () => {
  test('a fresh sandbox charges nothing: "0" and "0"', async () => {
    const { body: answer } = await ctx.api.get(feeRate, usdt)
    expect(answer).toMatchObject({ code: '00000', data: { makerFeeRate: '0', takerFeeRate: '0' } })
  })

  test("futures: the fee model's rates, per symbol where set; a fill pays the taker rate it answers", async () => {
    const btcRates = (await fees.api.get(feeRate, usdt)).body.data
    expect(btcRates).toEqual({ makerFeeRate: '0.0002', takerFeeRate: '0.0006' })
    const eth = await fees.api.get(feeRate, { category: 'USDC-FUTURES', symbol: 'ETHPERP' })
    expect(eth.body.data).toEqual({ makerFeeRate: '0', takerFeeRate: '0.0005' })
    fees.sandbox.admin.setBalance('USDT', '100000')
    const placed = await fees.api.post(
      paths.place,
      btc({ orderType: 'market', price: undefined, qty: '1' }),
    )
    expect(placed.body.code).toBe('00000')
    const { list } = (await fees.api.get(paths.fills, { category: 'USDT-FUTURES' })).body.data
    expect(list[0].tradeScope).toBe('taker')
    // 1 BTC at 65000 x 0.0006.
    expect(list[0].feeDetail[0].fee).toBe('39')
  })

  test('spot and margin fills pay no fee in the sandbox: "0"', async () => {
    for (const category of ['SPOT', 'MARGIN']) {
      const { body: answer } = await fees.api.get(feeRate, { category, symbol: 'ETHUSDT' })
      expect(answer.data).toEqual({ makerFeeRate: '0', takerFeeRate: '0' })
    }
  })

  test('symbol and category are required (40017 naming the field); an unlisted symbol is 40034', async () => {
    const noSymbol = await ctx.api.get(feeRate, { category: 'SPOT' })
    expect(noSymbol.body.code).toBe('40017')
    expect(noSymbol.body.msg).toContain('symbol')
    const noCategory = await ctx.api.get(feeRate, { symbol: 'BTCUSDT' })
    expect(noCategory.body.code).toBe('40017')
    expect(noCategory.body.msg).toContain('category')
    const unknown = await ctx.api.get(feeRate, { category: 'SPOT', symbol: 'BTCUSDT' })
    expect(unknown.body.code).toBe('40034')
  })
})

describe('MARGIN borrowing in the assets read and the account push', () => {
  test('decision: a MARGIN sell beyond what the account holds borrows the rest: the coin\'s balance and equity go below zero and the assets read shows the borrowed amount as debt, nothing available or locked (debt was "0" while the balance read -400)', async () => {
    const uid = String(8_900_000_000 + ++accounts)
    const { admin } = ctx.sandbox
    const api = ctx.as(admin.addKey({ uid }))
    admin.setBalance('ETH', '100', uid)
    const sell = {
      category: 'MARGIN',
      symbol: 'ETHUSDT',
      side: 'sell',
      orderType: 'market',
      qty: '500',
    }
    const { body } = await api.post(paths.place, sell)
    expect(body.code).toBe('00000')
    const assets = (await api.get(paths.assets)).body.data.assets
    const eth = assets.find((item: { coin: string }) => item.coin === 'ETH')
    expect(eth).toMatchObject({
      balance: '-400',
      equity: '-400',
      debt: '400',
      available: '0',
      locked: '0',
    })
    const usdt = assets.find((item: { coin: string }) => item.coin === 'USDT')
    expect(usdt.debt).toBe('0')
    expect(Number(usdt.balance)).toBeGreaterThan(0)
  })
})
