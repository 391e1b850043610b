import { ApiError, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { futuresBuy, setup } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
})
afterAll(async () => {
  await made.sandbox.close()
})

let accounts = 0
/** A client of a fresh sandbox account (its own uid) holding `usdt` USDT. */
function fresh(usdt = '100000') {
  const uid = String(9_800_000_000 + ++accounts)
  const { admin } = made.sandbox
  const credentials = admin.addKey({ uid })
  admin.setBalance('USDT', usdt, uid)
  return { uid, client: made.client({ credentials }) }
}

const btc = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const

describe('account.setLeverage', () => {
  test("sets the symbol's leverage; the settings read it back; it sets what an order may hold", async () => {
    const { client } = fresh('700')
    const order = { ...futuresBuy, qty: '0.1' }
    const refused = await client.orders.place(order).catch((e: unknown) => e)
    expect(ApiError.isInstance(refused) && refused.code).toBe('40762')
    expect(await client.account.setLeverage({ ...btc, leverage: '10' })).toBe('success')
    const { symbolConfigList } = await client.account.getSettings()
    expect(symbolConfigList.find((item) => item.symbol === 'BTCUSDT')).toMatchObject({
      leverage: '10',
    })
    await expect(client.orders.place(order)).resolves.toMatchObject({ orderId: expect.any(String) })
  })

  test('a futures leverage without symbol is refused before sending, naming symbol', async () => {
    const { client } = fresh()
    const error = await client.account
      .setLeverage({ category: 'USDT-FUTURES', leverage: '3' })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['missing', ['symbol']],
    ])
    expect(client.sent).toEqual([])
  })

  test('above the maximum the exchange answers 25223', async () => {
    const { client } = fresh()
    const error = await client.account
      .setLeverage({ ...btc, leverage: '999' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('25223')
  })
})

describe('account.setHoldMode', () => {
  test('the loaded settings reflect it: the next futures order is checked for hedge mode at once', async () => {
    const { client } = fresh()
    await client.instruments.load(['USDT-FUTURES']) // loads the settings: one_way_mode
    expect(client.loads).toContain('unified.getAccountSettings')
    expect(await client.account.setHoldMode({ holdMode: 'hedge_mode' })).toBe('success')
    const loads = client.loads.length
    const error = await client.orders.place(futuresBuy).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['posSide']])
    // Nothing was read again and the order was not sent.
    expect(client.loads.length).toBe(loads)
    expect(client.sent).toEqual(['unified.setHoldMode'])
  })

  test('refused (25010 with an open order): the settings are read again before the next order', async () => {
    const { client } = fresh()
    await client.orders.place(futuresBuy)
    const error = await client.account
      .setHoldMode({ holdMode: 'hedge_mode' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('25010')
    const loads = client.loads.filter((id) => id === 'unified.getAccountSettings').length
    await client.orders.place(futuresBuy)
    expect(client.loads.filter((id) => id === 'unified.getAccountSettings')).toHaveLength(loads + 1)
  })
})

describe('the position mode switched by another process', () => {
  test('a refusal for the mode (40774) reads it again: the order is reported by its field, the next hedge order and strategy order are checked with the new mode', async () => {
    const { uid, client } = fresh()
    await client.instruments.load(['USDT-FUTURES']) // one_way_mode, kept for cacheTtlMs
    // Another process (the same account, its own key) switches to hedge mode.
    const other = made.client({ credentials: made.sandbox.admin.addKey({ uid }) })
    expect(await other.account.setHoldMode({ holdMode: 'hedge_mode' })).toBe('success')
    // Sent in the one-way shape, refused with 40774, explained by the mode read again.
    const refused = await client.orders.place(futuresBuy).catch((e: unknown) => e)
    expect(ValidationError.isInstance(refused)).toBe(true)
    expect((refused as ValidationError).issues.map((i) => i.path)).toEqual([['posSide']])
    expect(client.sent).toEqual(['unified.placeOrder'])
    // The new mode is the one checked: a hedge order with posSide goes through.
    const placed = await client.orders.place({ ...futuresBuy, posSide: 'long' })
    expect(placed.orderId).toEqual(expect.any(String))
    await client.orders.cancel({ orderId: placed.orderId })
    // Switched back to one-way: a strategy order refused with 40774 is explained so too.
    expect(await other.account.setHoldMode({ holdMode: 'one_way_mode' })).toBe('success')
    const strategy = await client.strategy
      .place({
        ...btc,
        type: 'tpsl',
        tpslMode: 'full',
        posSide: 'long',
        stopLoss: '50000',
      })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(strategy)).toBe(true)
    expect((strategy as ValidationError).issues.map((i) => i.path)).toEqual([['posSide']])
  })
})

describe('the position mode switched by another process, in a batch', () => {
  test('an item refused for the mode (40774) makes the next batch read the mode again', async () => {
    const { uid, client } = fresh()
    await client.instruments.load(['USDT-FUTURES']) // one_way_mode
    const other = made.client({ credentials: made.sandbox.admin.addKey({ uid }) })
    expect(await other.account.setHoldMode({ holdMode: 'hedge_mode' })).toBe('success')
    const [refused] = await client.batch.place([futuresBuy])
    expect(refused).toMatchObject({ status: 'rejected', code: '40774' })
    const [placed] = await client.batch.place([{ ...futuresBuy, posSide: 'long' }])
    expect(placed).toMatchObject({ status: 'ok' })
  })
})

describe('the position mode switched by another process, orders written for the new mode', () => {
  /**
   * A client of a fresh account on a clock the test moves: the mode is read again on a local
   * refusal only once it is a second old (context.ts, modeRereadAfterMs).
   */
  function later() {
    const { uid } = fresh()
    let shift = 0
    const clock = { now: () => Date.now() + shift }
    const credentials = made.sandbox.admin.addKey({ uid })
    const client = made.client({ credentials, clock })
    const other = made.client({ credentials: made.sandbox.admin.addKey({ uid }) })
    const pass = (ms: number) => {
      shift += ms
    }
    return { client, other, pass }
  }

  test('a correct hedge order, batch and strategy order after a switch to hedge: the client reads the mode again instead of refusing them unsent', async () => {
    const { client, other, pass } = later()
    await client.instruments.load(['USDT-FUTURES']) // one_way_mode, kept for cacheTtlMs
    expect(await other.account.setHoldMode({ holdMode: 'hedge_mode' })).toBe('success')
    // Within a second of the read, the mode at hand is the one checked with: refused unsent.
    const early = await client.orders.place({ ...futuresBuy, posSide: 'long' }).catch((e) => e)
    expect((early as ValidationError).issues.map((i) => i.path)).toEqual([['posSide']])
    pass(1500)
    const placed = await client.orders.place({ ...futuresBuy, posSide: 'long' })
    expect(placed.orderId).toEqual(expect.any(String))
    const [item] = await client.batch.place([{ ...futuresBuy, posSide: 'long' }])
    expect(item).toMatchObject({ status: 'ok' })
    const strategy = await client.strategy
      .place({ ...btc, type: 'tpsl', tpslMode: 'full', posSide: 'long', stopLoss: '50000' })
      .catch((e: unknown) => e)
    // Read with the new mode: not refused by the client for posSide (the exchange may still
    // refuse it for the position it names).
    expect(ValidationError.isInstance(strategy)).toBe(false)
    // A wrong order is still refused, by the mode read again.
    pass(1500)
    const wrong = await client.orders.place(futuresBuy).catch((e: unknown) => e)
    expect((wrong as ValidationError).issues.map((i) => i.path)).toEqual([['posSide']])
  })

  test("a mode field's wrong value or type is the schema's: refused without reading the settings again", async () => {
    const { client, pass } = later()
    await client.instruments.load(['USDT-FUTURES']) // one_way_mode, kept
    const reads = () => client.loads.filter((id) => id === 'unified.getAccountSettings').length
    const before = reads()
    for (const wrong of [{ posSide: 'up' }, { reduceOnly: true }, { posSide: 42 }]) {
      pass(1500)
      const error = await client.orders
        .place({ ...futuresBuy, ...wrong } as unknown as typeof futuresBuy)
        .catch((e: unknown) => e)
      expect((error as ValidationError).issues[0]?.path).toEqual([Object.keys(wrong)[0]])
    }
    expect(reads()).toBe(before)
    expect(client.sent).toEqual([])
  })

  test('a correct one-way order after a switch back to one-way: placed, the settings read once more', async () => {
    const { client, other, pass } = later()
    expect(await other.account.setHoldMode({ holdMode: 'hedge_mode' })).toBe('success')
    await client.instruments.load(['USDT-FUTURES']) // hedge_mode, kept
    expect(await other.account.setHoldMode({ holdMode: 'one_way_mode' })).toBe('success')
    pass(1500)
    const reads = client.loads.filter((id) => id === 'unified.getAccountSettings').length
    const placed = await client.orders.place(futuresBuy)
    expect(placed.orderId).toEqual(expect.any(String))
    expect(client.loads.filter((id) => id === 'unified.getAccountSettings')).toHaveLength(reads + 1)
  })
})

describe('account.getMaxOpenAvailable', () => {
  test('futures: maxBuyOpen is accepted by place-order, one lot more is 40762', async () => {
    const { client } = fresh('1200')
    const max = await client.account.getMaxOpenAvailable({
      ...btc,
      orderType: 'limit',
      side: 'buy',
      price: '60000',
    })
    expect(max).toMatchObject({ available: '1200', maxBuyOpen: '0.02', maxOpen: null })
    const over = await client.orders.place({ ...futuresBuy, qty: '0.021' }).catch((e: unknown) => e)
    expect(ApiError.isInstance(over) && over.code).toBe('40762')
    await expect(client.orders.place({ ...futuresBuy, qty: '0.02' })).resolves.toBeDefined()
  })

  test('a limit estimate without price is refused before sending, naming price', async () => {
    const { client } = fresh()
    const error = await client.account
      .getMaxOpenAvailable({ ...btc, orderType: 'limit', side: 'buy' })
      .catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['price']])
    expect(client.sent).toEqual([])
  })
})
