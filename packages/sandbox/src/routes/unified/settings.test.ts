import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { btc, paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

const settingsPaths = {
  leverage: Unified.setLeverage.path,
  holdMode: Unified.setHoldMode.path,
  maxOpen: Unified.getMaxOpenAvailable.path,
}

let accounts = 0
/** A fresh unified account with `usdt` USDT. */
function account(usdt: string) {
  const uid = String(8_800_000_000 + ++accounts)
  const { admin } = ctx.sandbox
  const api = ctx.as(admin.addKey({ uid }))
  admin.setBalance('USDT', usdt, uid)
  return { uid, api }
}

const symbolConfig = async (api: ReturnType<typeof account>['api']) =>
  (await api.get(paths.settings)).body.data.symbolConfigList.find(
    (item: { symbol: string }) => item.symbol === 'BTCUSDT',
  )

describe('POST /api/v3/account/set-leverage', () => {
  test('answers "success"; the account settings show the new leverage', async () => {
    const a = account('1')
    const { body } = await a.api.post(settingsPaths.leverage, {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      leverage: '10',
    })
    expect(body).toMatchObject({ code: '00000', data: 'success' })
    expect(await symbolConfig(a.api)).toMatchObject({ marginMode: 'crossed', leverage: '10' })
  })

  test("a margin coin's leverage shows in coinConfigList", async () => {
    const a = account('1')
    await a.api.post(settingsPaths.leverage, { category: 'MARGIN', coin: 'USDT', leverage: '3' })
    const { coinConfigList } = (await a.api.get(paths.settings)).body.data
    expect(coinConfigList).toContainEqual({ coin: 'USDT', leverage: '3' })
  })

  test('above the maximum: 25223 "Exceeds Max. leverage"; an unlisted symbol: 40034', async () => {
    const a = account('1')
    const over = await a.api.post(settingsPaths.leverage, {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      leverage: '200',
    })
    expect(over.body.code).toBe('25223')
    const unknown = await a.api.post(settingsPaths.leverage, {
      category: 'USDT-FUTURES',
      symbol: 'ETHPERP',
      leverage: '2',
    })
    expect(unknown.body.code).toBe('40034')
  })

  test('leverage 10 lets an order of ten times the margin through; the position shows it', async () => {
    const a = account('6500')
    const order = btc({ orderType: 'market', price: undefined, qty: '1' })
    expect((await a.api.post(paths.place, order)).body.code).toBe('40762')
    await a.api.post(settingsPaths.leverage, {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      leverage: '10',
    })
    expect((await a.api.post(paths.place, order)).body.code).toBe('00000')
    const { list } = (await a.api.get(paths.position, { category: 'USDT-FUTURES' })).body.data
    expect(list[0]).toMatchObject({ leverage: '10', positionBalance: '6500', total: '1' })
  })
})

describe('POST /api/v3/account/set-leverage with marginMode (the newer page)', () => {
  test('marginMode isolated sets the isolated sides, longLeverage and shortLeverage over leverage; the crossed leverage stays', async () => {
    const a = account('100000')
    const { body } = await a.api.post(settingsPaths.leverage, {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      leverage: '3',
      marginMode: 'isolated',
      longLeverage: '5',
      shortLeverage: '7',
    })
    expect(body).toMatchObject({ code: '00000', data: 'success' })
    expect(await symbolConfig(a.api)).toMatchObject({ marginMode: 'crossed', leverage: '1' })
    const isolated = { orderType: 'market', price: undefined, qty: '0.1', marginMode: 'isolated' }
    expect((await a.api.post(paths.place, btc(isolated))).body.code).toBe('00000')
    const { list } = (await a.api.get(paths.position, { category: 'USDT-FUTURES' })).body.data
    expect(list[0]).toMatchObject({ marginMode: 'isolated', leverage: '5' })
  })

  test('a longLeverage above the maximum is refused 25223 like leverage', async () => {
    const a = account('1')
    const over = await a.api.post(settingsPaths.leverage, {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      leverage: '3',
      marginMode: 'isolated',
      longLeverage: '200',
    })
    expect(over.body.code).toBe('25223')
  })
})

describe('POST /api/v3/account/set-hold-mode', () => {
  test('sets holdMode in the settings', async () => {
    const a = account('100000')
    const { body } = await a.api.post(settingsPaths.holdMode, { holdMode: 'hedge_mode' })
    expect(body.data).toBe('success')
    expect((await a.api.get(paths.settings)).body.data.holdMode).toBe('hedge_mode')
  })

  test('refused with 25010 while a futures order is open', async () => {
    const a = account('100000')
    const placed = await a.api.post(paths.place, btc())
    expect(placed.body.code).toBe('00000')
    const { body } = await a.api.post(settingsPaths.holdMode, { holdMode: 'hedge_mode' })
    expect(body.code).toBe('25010')
    expect((await a.api.get(paths.settings)).body.data.holdMode).toBe('one_way_mode')
  })
})

describe('POST /api/v3/account/max-open-available', () => {
  test('futures: maxBuyOpen is what place-order accepts; one lot more is 40762', async () => {
    const a = account('1000')
    await a.api.post(settingsPaths.leverage, {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      leverage: '3',
    })
    const { body } = await a.api.post(settingsPaths.maxOpen, {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      orderType: 'limit',
      side: 'buy',
      price: '60000.0',
      size: '0.01',
    })
    expect(body.data).toMatchObject({
      available: '1000',
      maxBuyOpen: '0.05',
      maxSellOpen: '0.05',
      buyOpenCost: '200',
    })
    const over = await a.api.post(paths.place, btc({ qty: '0.051' }))
    expect(over.body.code).toBe('40762')
    const exact = await a.api.post(paths.place, btc({ qty: '0.05' }))
    expect(exact.body.code).toBe('00000')
  })

  test('spot: available is the coin the side spends', async () => {
    const a = account('1234')
    const { body } = await a.api.post(settingsPaths.maxOpen, {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      orderType: 'market',
      side: 'buy',
    })
    expect(body.data).toMatchObject({ available: '1234', maxBuyOpen: '', maxOpen: '' })
  })
})
