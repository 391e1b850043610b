import { ClassicFutures } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

const btc = { ...pair, marginCoin: 'USDT' }
const paths = {
  account: ClassicFutures.getAccount.path,
  marginMode: ClassicFutures.setMarginMode.path,
  leverage: ClassicFutures.setLeverage.path,
  margin: ClassicFutures.setMargin.path,
  liq: ClassicFutures.getLiquidationPrice.path,
}

/** A fresh one-way account with 100000 USDT and an isolated long of 1 BTC at 65000, leverage 10. */
async function isolatedLong() {
  const a = classicAccount(ctx)
  ctx.sandbox.admin.setBalance('USDT', '100000', a.uid)
  await a.api.post(paths.marginMode, { ...btc, marginMode: 'isolated' })
  await a.api.post(paths.leverage, { ...btc, leverage: '10' })
  a.hold('net', '1', { marginMode: 'isolated' })
  return a
}

const free = async (a: Awaited<ReturnType<typeof isolatedLong>>) =>
  (await a.api.get(paths.account, btc)).body.data.crossedMaxAvailable
const marginSize = async (a: Awaited<ReturnType<typeof isolatedLong>>) =>
  (await a.api.get(classicPaths.positions, { productType: 'USDT-FUTURES' })).body.data[0].marginSize

describe('POST /api/v2/mix/account/set-margin', () => {
  test('"positive means increase": the position holds more, the account has less to open with', async () => {
    const a = await isolatedLong()
    expect([await free(a), await marginSize(a)]).toEqual(['93500', '6500'])
    const { body } = await a.api.post(paths.margin, { ...btc, holdSide: 'long', amount: '500' })
    expect(body).toMatchObject({ code: '00000', data: '' })
    expect([await free(a), await marginSize(a)]).toEqual(['93000', '7000'])
  })

  test('"negative means decrease": at most what was added; the margin the leverage needs stays', async () => {
    const a = await isolatedLong()
    await a.api.post(paths.margin, { ...btc, holdSide: 'long', amount: '500' })
    const over = await a.api.post(paths.margin, { ...btc, holdSide: 'long', amount: '-501' })
    expect(over.body.code).toBe('40017')
    expect(over.body.msg).toContain('amount')
    const back = await a.api.post(paths.margin, { ...btc, holdSide: 'long', amount: '-200' })
    expect(back.body.code).toBe('00000')
    expect(await marginSize(a)).toBe('6800')
  })

  test('more than the available balance: 40762', async () => {
    const a = await isolatedLong()
    const { body } = await a.api.post(paths.margin, { ...btc, holdSide: 'long', amount: '93501' })
    expect(body.code).toBe('40762')
  })

  test('"only for isolated margin mode": a crossed position or none on that side is 40017 naming holdSide', async () => {
    const a = await isolatedLong()
    const short = await a.api.post(paths.margin, { ...btc, holdSide: 'short', amount: '1' })
    expect(short.body.code).toBe('40017')
    expect(short.body.msg).toContain('holdSide')
    const crossed = classicAccount(ctx)
    crossed.hold('net', '1')
    const refused = await crossed.api.post(paths.margin, { ...btc, holdSide: 'long', amount: '1' })
    expect(refused.body.code).toBe('40017')
  })
})

describe('GET /api/v2/mix/account/liq-price', () => {
  test('where the loss equals the margin: 1 - 1/leverage long, 1 + 1/leverage short', async () => {
    const a = classicAccount(ctx)
    await a.api.post(paths.leverage, { ...btc, leverage: '10' })
    const query = { ...btc, orderType: 'limit', openPrice: '60000', openAmount: '50' }
    const long = await a.api.get(paths.liq, { ...query, posSide: 'long' })
    expect(long.body.data).toEqual({ liqPrice: '54000' })
    const short = await a.api.get(paths.liq, { ...query, posSide: 'short' })
    expect(short.body.data).toEqual({ liqPrice: '66000' })
    const market = await a.api.get(paths.liq, {
      ...btc,
      posSide: 'long',
      orderType: 'market',
      openAmount: '50',
    })
    expect(market.body.data).toEqual({ liqPrice: '58500' })
  })
})

describe('POST /api/v2/mix/account/set-auto-margin', () => {
  const autoMargin = ClassicFutures.setAutoMargin.path
  const body = { symbol: 'BTCUSDT', marginCoin: 'USDT', holdSide: 'long' }
  const shown = async (a: Awaited<ReturnType<typeof isolatedLong>>) =>
    (await a.api.get(classicPaths.positions, { productType: 'USDT-FUTURES' })).body.data[0]
      .autoMargin

  test('"on" is kept on the isolated position and shown as its autoMargin; "off" turns it back', async () => {
    const a = await isolatedLong()
    expect(await shown(a)).toBe('off')
    const on = await a.api.post(autoMargin, { ...body, autoMargin: 'on' })
    expect(on.body).toMatchObject({ code: '00000', data: 'success' })
    expect(await shown(a)).toBe('on')
    const single = await a.api.get(ClassicFutures.getSinglePosition.path, btc)
    expect(single.body.data[0].autoMargin).toBe('on')
    await a.api.post(autoMargin, { ...body, autoMargin: 'off' })
    expect(await shown(a)).toBe('off')
  })

  test('a position opened again starts "off"', async () => {
    const a = await isolatedLong()
    await a.api.post(autoMargin, { ...body, autoMargin: 'on' })
    a.hold('net', '0', { marginMode: 'isolated' })
    ctx.sandbox.admin.advanceClock(1000)
    a.hold('net', '1', { marginMode: 'isolated' })
    expect(await shown(a)).toBe('off')
  })

  test('a crossed position: 22011 "not allowed ... in cross mode", nothing changes', async () => {
    const crossed = classicAccount(ctx)
    crossed.hold('net', '1')
    const { body: refused } = await crossed.api.post(autoMargin, { ...body, autoMargin: 'on' })
    expect(refused).toMatchObject({
      code: '22011',
      msg: 'It is not allowed to set auto add margin in cross mode',
    })
    const positions = await crossed.read.positions()
    expect(positions.long?.autoMargin).toBe('off')
  })

  test('no isolated position on that side: 40017 naming holdSide; validation names the field', async () => {
    const a = await isolatedLong()
    const short = await a.api.post(autoMargin, { ...body, holdSide: 'short', autoMargin: 'on' })
    expect(short.body.code).toBe('40017')
    expect(short.body.msg).toContain('holdSide')
    const bad = await a.api.post(autoMargin, { ...body, autoMargin: 'yes' })
    expect(bad.body.code).toBe('40017')
    expect(bad.body.msg).toContain('autoMargin')
    const coin = await a.api.post(autoMargin, { ...body, marginCoin: 'USDC', autoMargin: 'on' })
    expect(coin.body.code).toBe('40017')
    expect(coin.body.msg).toContain('marginCoin')
    const unknown = await a.api.post(autoMargin, { ...body, symbol: 'ETHUSDT', autoMargin: 'on' })
    expect(unknown.body.code).toBe('40034')
  })
})
