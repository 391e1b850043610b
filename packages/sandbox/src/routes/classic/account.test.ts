import { ClassicFutures } from '@tradeline/rules'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, market, order, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

const btc = { ...pair, marginCoin: 'USDT' }
const account = {
  get: ClassicFutures.getAccount.path,
  list: ClassicFutures.getAccounts.path,
  leverage: ClassicFutures.setLeverage.path,
  marginMode: ClassicFutures.setMarginMode.path,
  positionMode: ClassicFutures.setPositionMode.path,
  maxOpen: ClassicFutures.getMaxOpen.path,
  openCount: ClassicFutures.getOpenCount.path,
}

/** A fresh classic account with `usdt` USDT. */
function funded(usdt: string, mode: 'one_way' | 'hedge' = 'one_way') {
  const a = classicAccount(ctx, mode)
  ctx.sandbox.admin.setBalance('USDT', usdt, a.uid)
  return a
}

describe('GET /api/v2/mix/account/account', () => {
  test('a fresh account: crossed at leverage 1, its posMode, balances as decimal strings', async () => {
    const a = funded('10000', 'hedge')
    const { body } = await a.api.get(account.get, btc)
    expect(body.data).toMatchObject({
      marginCoin: 'USDT',
      available: '10000',
      crossedMaxAvailable: '10000',
      accountEquity: '10000',
      crossedMarginLeverage: '1',
      isolatedLongLever: '1',
      isolatedShortLever: '1',
      marginMode: 'crossed',
      posMode: 'hedge_mode',
    })
  })

  test('an open order lowers what is left to open (crossedMaxAvailable) by its margin', async () => {
    const a = funded('100000')
    await a.api.post(classicPaths.place, order({ size: '1', price: '60000' }))
    const { body } = await a.api.get(account.get, btc)
    expect(body.data).toMatchObject({ available: '100000', crossedMaxAvailable: '40000' })
  })

  test("a margin coin that is not the symbol's: 40017 naming marginCoin", async () => {
    const a = funded('1')
    const { body } = await a.api.get(account.get, { ...btc, marginCoin: 'USDC' })
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('marginCoin')
  })
})

describe('GET /api/v2/mix/account/accounts', () => {
  test('one account per margin coin of the product type', async () => {
    const a = funded('500')
    const { body } = await a.api.get(account.list, { productType: 'USDT-FUTURES' })
    expect(body.data).toEqual([expect.objectContaining({ marginCoin: 'USDT', available: '500' })])
    const coin = await a.api.get(account.list, { productType: 'COIN-FUTURES' })
    expect(coin.body.data.map((item: { marginCoin: string }) => item.marginCoin)).toEqual(['BTC'])
  })

  test('carries the multi-assets fields the documented example holds, zero in single-assets mode', async () => {
    const a = funded('500')
    const { body } = await a.api.get(account.list, { productType: 'USDT-FUTURES' })
    expect(body.data[0]).toMatchObject({
      assetMode: 'single',
      unionTotalMagin: '0',
      unionAvailable: '0',
      unionMm: '0',
      assetList: [],
    })
  })
})

describe('the account reads count the open positions at the sandbox price (as the account channel pushes equity)', () => {
  // The sandbox's starting price, which the other tests of the file read.
  afterEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))
  const fields = (data: Record<string, unknown>) =>
    Object.fromEntries(
      [
        'available',
        'accountEquity',
        'usdtEquity',
        'unrealizedPL',
        'crossedUnrealizedPL',
        'isolatedUnrealizedPL',
        'crossedMargin',
        'isolatedMargin',
      ]
        .filter((key) => key in data)
        .map((key) => [key, data[key]]),
    )

  test('crossed long of 0.1 at 65000, price 70000: unrealised 500 in equity; the position margin is crossedMargin', async () => {
    ctx.sandbox.admin.setPrice('BTCUSDT', '65000')
    const a = funded('100000')
    expect((await a.api.post(classicPaths.place, market({ size: '0.1' }))).body.code).toBe('00000')
    ctx.sandbox.admin.setPrice('BTCUSDT', '70000')
    const [listed] = (await a.api.get(account.list, { productType: 'USDT-FUTURES' })).body.data
    expect(fields(listed)).toEqual({
      available: '100000',
      accountEquity: '100500',
      usdtEquity: '100500',
      unrealizedPL: '500',
      crossedUnrealizedPL: '500',
      isolatedUnrealizedPL: '0',
      crossedMargin: '6500',
      isolatedMargin: '0',
    })
    expect(fields((await a.api.get(account.get, btc)).body.data)).toEqual({
      available: '100000',
      accountEquity: '100500',
      usdtEquity: '100500',
      unrealizedPL: '500',
      crossedUnrealizedPL: '500',
      isolatedUnrealizedPL: '0',
    })
  })

  test('isolated short of 0.1 at 65000, price 70000: unrealised -500, isolatedMargin the position margin', async () => {
    ctx.sandbox.admin.setPrice('BTCUSDT', '65000')
    const a = funded('100000')
    const isolated = await a.api.post(account.marginMode, { ...btc, marginMode: 'isolated' })
    expect(isolated.body.code).toBe('00000')
    const placed = await a.api.post(
      classicPaths.place,
      market({ size: '0.1', side: 'sell', marginMode: 'isolated' }),
    )
    expect(placed.body.code).toBe('00000')
    ctx.sandbox.admin.setPrice('BTCUSDT', '70000')
    const [listed] = (await a.api.get(account.list, { productType: 'USDT-FUTURES' })).body.data
    expect(fields(listed)).toMatchObject({
      accountEquity: '99500',
      unrealizedPL: '-500',
      crossedUnrealizedPL: '0',
      isolatedUnrealizedPL: '-500',
      crossedMargin: '0',
      isolatedMargin: '6500',
    })
  })
})

describe('POST /api/v2/mix/account/set-leverage', () => {
  test('crossed: leverage sets crossMarginLeverage, read back through the account', async () => {
    const a = funded('1')
    const { body } = await a.api.post(account.leverage, { ...btc, leverage: '20' })
    expect(body.data).toMatchObject({ crossMarginLeverage: '20', marginMode: 'crossed' })
    expect((await a.api.get(account.get, btc)).body.data.crossedMarginLeverage).toBe('20')
  })

  test('isolated hedge: one side with holdSide; without holdSide 40017', async () => {
    const a = funded('1', 'hedge')
    await a.api.post(account.marginMode, { ...btc, marginMode: 'isolated' })
    const long = await a.api.post(account.leverage, { ...btc, leverage: '5', holdSide: 'long' })
    expect(long.body.data).toMatchObject({ longLeverage: '5', shortLeverage: '1' })
    const none = await a.api.post(account.leverage, { ...btc, leverage: '5' })
    expect(none.body.code).toBe('40017')
    expect(none.body.msg).toContain('holdSide')
    const both = await a.api.post(account.leverage, {
      ...btc,
      longLeverage: '7',
      shortLeverage: '9',
    })
    expect(both.body.data).toMatchObject({ longLeverage: '7', shortLeverage: '9' })
    expect((await a.api.get(account.get, btc)).body.data).toMatchObject({
      marginMode: 'isolated',
      isolatedLongLever: '7',
      isolatedShortLever: '9',
    })
  })

  test('isolated one-way: leverage sets both sides', async () => {
    const a = funded('1')
    await a.api.post(account.marginMode, { ...btc, marginMode: 'isolated' })
    const { body } = await a.api.post(account.leverage, { ...btc, leverage: '3' })
    expect(body.data).toMatchObject({ longLeverage: '3', shortLeverage: '3' })
  })

  test("above the instrument's maximum (125 by default): 40797, nothing changes", async () => {
    const a = funded('1')
    const { body } = await a.api.post(account.leverage, { ...btc, leverage: '126' })
    expect(body).toMatchObject({ code: '40797' })
    expect((await a.api.get(account.get, btc)).body.data.crossedMarginLeverage).toBe('1')
  })

  test('the contract and the instrument records give the maximum set-leverage takes (125, not 1)', async () => {
    const a = funded('1')
    const contract = await a.api.get('/api/v2/mix/market/contracts', pair)
    expect(contract.body.data[0]).toMatchObject({ minLever: '1', maxLever: '125' })
    const instrument = await a.api.get('/api/v3/market/instruments', {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
    })
    expect(instrument.body.code, JSON.stringify(instrument.body)).toBe('00000')
    expect(instrument.body.data[0]).toMatchObject({ minLeverage: '1', maxLeverage: '125' })
    const atMax = await a.api.post(account.leverage, { ...btc, leverage: '125' })
    expect(atMax.body.code).toBe('00000')
  })
})

describe('leverage changes the margin an order and a position hold', () => {
  test('leverage 10: an order of 1 BTC at 60000 holds 6000 USDT', async () => {
    const a = funded('100000')
    await a.api.post(account.leverage, { ...btc, leverage: '10' })
    await a.api.post(classicPaths.place, order({ size: '1', price: '60000' }))
    expect((await a.api.get(account.get, btc)).body.data.crossedMaxAvailable).toBe('94000')
  })

  test('the position record shows the leverage and the margin at it', async () => {
    const a = funded('100000')
    await a.api.post(account.leverage, { ...btc, leverage: '5' })
    a.hold('net', '1')
    const [position] = (await a.api.get(classicPaths.positions, { productType: 'USDT-FUTURES' }))
      .body.data
    expect(position).toMatchObject({ leverage: '5', marginSize: '13000', marginMode: 'crossed' })
  })
})

describe('GET /api/v2/mix/account/max-open agrees with the 40762 refusal', () => {
  test.each([
    ['1', 'crossed', undefined],
    ['5', 'crossed', undefined],
    ['7', 'isolated', 'long'],
  ] as const)(
    'leverage %s %s: the max is accepted, one lot more is refused with 40762',
    async (leverage, marginMode, holdSide) => {
      const a = funded('1000', holdSide === undefined ? 'one_way' : 'hedge')
      await a.api.post(account.marginMode, { ...btc, marginMode })
      await a.api.post(account.leverage, { ...btc, leverage, ...(holdSide && { holdSide }) })
      const { body } = await a.api.get(account.maxOpen, {
        ...btc,
        posSide: 'long',
        orderType: 'limit',
        openPrice: '60000',
      })
      const max = body.data.maxOpen as string
      // 1000 USDT x leverage / 60000, in lots of 0.001
      expect(max).toBe((Math.floor((1000 * Number(leverage)) / 60) / 1000).toString())
      const tradeSide = holdSide === undefined ? {} : { tradeSide: 'open' }
      const over = (Number(max) + 0.001).toFixed(3)
      const refused = await a.api.post(
        classicPaths.place,
        order({ size: over, price: '60000', marginMode, ...tradeSide }),
      )
      expect(refused.body.code).toBe('40762')
      const accepted = await a.api.post(
        classicPaths.place,
        order({ size: max, price: '60000', marginMode, ...tradeSide }),
      )
      expect(accepted.body.code).toBe('00000')
      const after = await a.api.get(account.maxOpen, {
        ...btc,
        posSide: 'long',
        orderType: 'limit',
        openPrice: '60000',
      })
      expect(after.body.data.maxOpen).toBe('0')
    },
  )

  test('a market order is estimated at the last price', async () => {
    const a = funded('6500')
    const { body } = await a.api.get(account.maxOpen, {
      ...btc,
      posSide: 'short',
      orderType: 'market',
    })
    expect(body.data.maxOpen).toBe('0.1')
    const placed = await a.api.post(classicPaths.place, market({ side: 'sell', size: '0.1' }))
    expect(placed.body.code).toBe('00000')
  })
})

describe('GET /api/v2/mix/account/open-count', () => {
  test('"the estimated openable quantity does not include current positions": margin x leverage / price, in lots', async () => {
    const a = funded('1')
    const { body } = await a.api.get(account.openCount, {
      ...btc,
      openAmount: '5000',
      openPrice: '23189.5',
      leverage: '20',
    })
    expect(body.data).toEqual({ size: '4.312' })
    const byDefault = await a.api.get(account.openCount, {
      ...btc,
      openAmount: '5000',
      openPrice: '23189.5',
    })
    expect(byDefault.body.data).toEqual({ size: '4.312' })
  })
})

describe('POST /api/v2/mix/account/set-margin-mode', () => {
  test('"cannot be used when the users have an open position or an order": 45117', async () => {
    const a = funded('100000')
    await a.api.post(classicPaths.place, order({ clientOid: 'mm-1' }))
    const refused = await a.api.post(account.marginMode, { ...btc, marginMode: 'isolated' })
    expect(refused.body.code).toBe('45117')
    await a.api.post(classicPaths.cancel, { ...pair, clientOid: 'mm-1' })
    a.hold('net', '1')
    expect(
      (await a.api.post(account.marginMode, { ...btc, marginMode: 'isolated' })).body.code,
    ).toBe('45117')
    a.hold('net', '0')
    const done = await a.api.post(account.marginMode, { ...btc, marginMode: 'isolated' })
    expect(done.body.data).toMatchObject({ marginMode: 'isolated', symbol: 'BTCUSDT' })
  })
})

describe('POST /api/v2/mix/account/set-position-mode', () => {
  test("sets the product type's posMode; the order rules follow it", async () => {
    const a = funded('100000')
    const { body } = await a.api.post(account.positionMode, {
      productType: 'USDT-FUTURES',
      posMode: 'hedge_mode',
    })
    expect(body.data).toEqual({ posMode: 'hedge_mode' })
    expect((await a.api.get(account.get, btc)).body.data.posMode).toBe('hedge_mode')
    // Hedge mode needs tradeSide: an order without it is refused with 40774.
    expect((await a.api.post(classicPaths.place, order())).body.code).toBe('40774')
  })

  test('refused with 40920 while a position or order is open in the product type', async () => {
    const a = funded('100000')
    a.hold('net', '1')
    const refused = await a.api.post(account.positionMode, {
      productType: 'USDT-FUTURES',
      posMode: 'hedge_mode',
    })
    expect(refused.body.code).toBe('40920')
    // Another product type is free to change.
    const other = await a.api.post(account.positionMode, {
      productType: 'USDC-FUTURES',
      posMode: 'hedge_mode',
    })
    expect(other.body.code).toBe('00000')
  })

  test('the admin route keeps working alongside it', async () => {
    const a = funded('1')
    await a.api.post(account.positionMode, { productType: 'USDT-FUTURES', posMode: 'hedge_mode' })
    ctx.sandbox.admin.setClassicPositionMode('one_way', { uid: a.uid })
    expect((await a.api.get(account.get, btc)).body.data.posMode).toBe('one_way_mode')
  })
})

describe('a reversal frees the margin the closed side held at its leverage', () => {
  test('hedge isolated, long 1 at 5x (13000 held), short side at 2x, 10000 free: reversing needs 32500 for the short, 23000 is there: 40762, nothing changes', async () => {
    const a = funded('23000', 'hedge')
    await a.api.post(account.marginMode, { ...btc, marginMode: 'isolated' })
    await a.api.post(account.leverage, { ...btc, leverage: '5', holdSide: 'long' })
    await a.api.post(account.leverage, { ...btc, leverage: '2', holdSide: 'short' })
    a.hold('long', '1', { marginMode: 'isolated' })
    const held = (await a.api.get(account.get, btc)).body.data
    expect(held.isolatedMaxAvailable).toBe('10000')
    const reversal = { ...btc, side: 'buy', tradeSide: 'open', size: '1' }
    const { body } = await a.api.post(classicPaths.reverse, reversal)
    expect(body.code).toBe('40762')
    expect(await a.read.sizes()).toEqual({ long: '1', short: '0' })
  })

  test('the same at 2x on the long side (32500 held): the freed margin pays for the short, reversed', async () => {
    const a = funded('42500', 'hedge')
    await a.api.post(account.marginMode, { ...btc, marginMode: 'isolated' })
    await a.api.post(account.leverage, { ...btc, leverage: '2', holdSide: 'long' })
    await a.api.post(account.leverage, { ...btc, leverage: '2', holdSide: 'short' })
    a.hold('long', '1', { marginMode: 'isolated' })
    const reversal = { ...btc, side: 'buy', tradeSide: 'open', size: '1' }
    expect((await a.api.post(classicPaths.reverse, reversal)).body.code).toBe('00000')
    expect(await a.read.sizes()).toEqual({ long: '0', short: '1' })
  })
})
