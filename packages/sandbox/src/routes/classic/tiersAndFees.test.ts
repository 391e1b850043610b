import { ClassicFutures } from '@tradeline/rules'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, market, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  // 0.02 % maker, 0.06 % taker, and BTCUSD_CM's own rates.
  ctx = await start({
    fees: {
      maker: '0.0002',
      taker: '0.0006',
      symbols: { BTCUSD_CM: { maker: '0.0001', taker: '0.0005' } },
    },
  })
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

const rate = ClassicFutures.getTradeRate.path
const tier = ClassicFutures.getPositionTier.path

describe('GET /api/v2/common/trade-rate', () => {
  test('mix: the rates the fills charge; a market buy of 1 BTC at 65000 pays the taker 39', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.get(rate, { symbol: 'BTCUSDT', businessType: 'mix' })
    expect(body).toMatchObject({
      code: '00000',
      data: { makerFeeRate: '0.0002', takerFeeRate: '0.0006' },
    })
    await a.api.post('/api/v2/mix/order/place-order', market({ size: '1' }))
    const fills = await a.api.get('/api/v2/mix/order/fills', { productType: 'USDT-FUTURES' })
    // 1 x 65000 at the taker rate 0.0006.
    expect(fills.body.data.fillList[0].feeDetail[0].totalFee).toBe('-39')
  })

  test("a symbol's own rates; spot and margin charge nothing in the sandbox", async () => {
    const a = classicAccount(ctx)
    const cm = await a.api.get(rate, { symbol: 'BTCUSD_CM', businessType: 'mix' })
    expect(cm.body.data).toEqual({ makerFeeRate: '0.0001', takerFeeRate: '0.0005' })
    for (const businessType of ['spot', 'margin']) {
      const spot = await a.api.get(rate, { symbol: 'ETHUSDT', businessType })
      expect(spot.body.data).toEqual({ makerFeeRate: '0', takerFeeRate: '0' })
    }
  })

  test('a symbol the business type does not list: 40034; a business type off the list names it', async () => {
    const a = classicAccount(ctx)
    const spotAsMix = await a.api.get(rate, { symbol: 'ETHUSDT', businessType: 'mix' })
    expect(spotAsMix.body.code).toBe('40034')
    const futuresAsSpot = await a.api.get(rate, { symbol: 'BTCUSDT', businessType: 'spot' })
    expect(futuresAsSpot.body.code).toBe('40034')
    const other = await a.api.get(rate, { symbol: 'BTCUSDT', businessType: 'contract' })
    expect(other.body.code).toBe('40017')
    expect(other.body.msg).toContain('businessType')
  })

  test('signed: without a key the exchange answers 40001-40012', async () => {
    const { body } = await ctx.api.get(rate, { symbol: 'BTCUSDT', businessType: 'mix' })
    expect(body.code).toBe('00000')
    const anonymous = await fetch(`${ctx.sandbox.url}${rate}?symbol=BTCUSDT&businessType=mix`)
    expect(((await anonymous.json()) as { code: string }).code).toMatch(/^400(0\d|1[0-2])$/)
  })
})

describe('GET /api/v2/mix/market/query-position-lever', () => {
  test("one tier: up to the contract's maxLever, maintenance margin rate 0 as the positions show", async () => {
    const { body } = await ctx.api.get(tier, pair)
    expect(body.code).toBe('00000')
    const contracts = await ctx.api.get(ClassicFutures.getContracts.path, pair)
    expect(body.data).toEqual([
      {
        symbol: 'BTCUSDT',
        level: '1',
        startUnit: '0',
        endUnit: '',
        leverage: contracts.body.data[0].maxLever,
        keepMarginRate: '0',
      },
    ])
    const a = classicAccount(ctx)
    a.hold('net', '1')
    const positions = await a.read.positions()
    expect(positions.long?.keepMarginRate).toBe(body.data[0].keepMarginRate)
  })

  test("the tier's leverage is the largest set-leverage takes: one more is 40797", async () => {
    const { body } = await ctx.api.get(tier, pair)
    const top = body.data[0].leverage as string
    const a = classicAccount(ctx)
    const account = { ...pair, marginCoin: 'USDT' }
    const at = await a.api.post(ClassicFutures.setLeverage.path, { ...account, leverage: top })
    expect(at.body.code).toBe('00000')
    const over = String(Number(top) + 1)
    const above = await a.api.post(ClassicFutures.setLeverage.path, { ...account, leverage: over })
    expect(above.body.code).toBe('40797')
  })

  test('public; a symbol the product type does not list is 40034; symbol is required', async () => {
    const anonymous = await fetch(
      `${ctx.sandbox.url}${tier}?symbol=BTCUSDT&productType=USDT-FUTURES`,
    )
    expect(((await anonymous.json()) as { code: string }).code).toBe('00000')
    const other = await ctx.api.get(tier, { symbol: 'BTCUSDT', productType: 'COIN-FUTURES' })
    expect(other.body.code).toBe('40034')
    const missing = await ctx.api.get(tier, { productType: 'USDT-FUTURES' })
    expect(missing.body.code).toBe('40017')
    expect(missing.body.msg).toContain('symbol')
  })
})
