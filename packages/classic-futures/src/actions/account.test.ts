import { ApiError, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
})
afterAll(async () => {
  await made.sandbox.close()
})

let accounts = 0
/** A client of a fresh sandbox account (its own uid), one-way unless told. */
function fresh(extra: Parameters<typeof made.client>[0] = {}, usdt = '100000') {
  const uid = String(9_900_000_000 + ++accounts)
  const { admin } = made.sandbox
  const credentials = admin.addKey({ uid, accountMode: 'classic' })
  admin.setBalance('USDT', usdt, uid)
  return { uid, client: made.client({ credentials, instruments: false, ...extra }) }
}

const btc = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT' } as const

describe('account: a margin coin the contract does not take', () => {
  // Fuzz counterexample (seed 20261124 once the ADL rank joined the client): account.get with
  // marginCoin USD on BTCUSDT USDT-FUTURES was sent, and the exchange answers 40017.
  const calls = [
    [
      'get',
      (c: ReturnType<typeof fresh>['client']) => c.account.get({ ...btc, marginCoin: 'USD' }),
    ],
    [
      'setLeverage',
      (c: ReturnType<typeof fresh>['client']) =>
        c.account.setLeverage({ ...btc, marginCoin: 'BTC', leverage: '5' }),
    ],
    [
      'setMarginMode',
      (c: ReturnType<typeof fresh>['client']) =>
        c.account.setMarginMode({ ...btc, marginCoin: 'USDC', marginMode: 'isolated' }),
    ],
    [
      'getMaxOpen',
      (c: ReturnType<typeof fresh>['client']) =>
        c.account.getMaxOpen({ ...btc, marginCoin: 'USD', posSide: 'long', orderType: 'market' }),
    ],
    [
      'getOpenCount',
      (c: ReturnType<typeof fresh>['client']) =>
        c.account.getOpenCount({
          ...btc,
          marginCoin: 'USD',
          openAmount: '5000',
          openPrice: '60000',
        }),
    ],
    [
      'setMargin',
      (c: ReturnType<typeof fresh>['client']) =>
        c.account.setMargin({ ...btc, marginCoin: 'USD', holdSide: 'long', amount: '20' }),
    ],
    [
      'getLiquidationPrice',
      (c: ReturnType<typeof fresh>['client']) =>
        c.account.getLiquidationPrice({
          ...btc,
          marginCoin: 'USD',
          posSide: 'long',
          orderType: 'market',
          openAmount: '50',
        }),
    ],
  ] as const

  test.each(calls)(
    'before: account.%s with a margin coin BTCUSDT does not take was sent (40017); now it is refused naming marginCoin, nothing sent',
    async (_, call) => {
      const { client } = fresh({ instruments: undefined })
      const error = await call(client).catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['marginCoin']])
      expect((error as ValidationError).message).toContain('takes USDT as margin coin')
      expect(client.sent).toEqual([])
    },
  )
})

test('before: setAutoMargin (no productType) with a margin coin BTCUSDT does not take was sent (40017; fuzz seed 19); now, with the contracts loaded, it is refused naming marginCoin', async () => {
  const { client } = fresh({ instruments: undefined })
  await client.instruments.load()
  const error = await client.account
    .setAutoMargin({ symbol: 'BTCUSDT', marginCoin: 'BTC', holdSide: 'long', autoMargin: 'on' })
    .catch((e: unknown) => e)
  expect(ValidationError.isInstance(error)).toBe(true)
  expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['marginCoin']])
  expect(client.sent).toEqual([])
})

describe('account: leverage and margin mode', () => {
  test('set leverage 5 in isolated margin, read back through the account', async () => {
    const { client } = fresh()
    expect(await client.account.setMarginMode({ ...btc, marginMode: 'isolated' })).toMatchObject({
      marginMode: 'isolated',
    })
    expect(await client.account.setLeverage({ ...btc, leverage: '5' })).toMatchObject({
      longLeverage: '5',
      shortLeverage: '5',
      marginMode: 'isolated',
    })
    expect(await client.account.get(btc)).toMatchObject({
      marginMode: 'isolated',
      isolatedLongLever: '5',
      isolatedShortLever: '5',
      crossedMarginLeverage: '1',
      posMode: 'one_way_mode',
    })
  })

  test('a leverage that is not a whole number is refused before sending, naming leverage', async () => {
    const { client } = fresh()
    const error = await client.account
      .setLeverage({ ...btc, leverage: '2.5' })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['format', ['leverage']],
    ])
    expect(client.sent).toEqual([])
  })

  test('above the maximum the exchange answers 40797', async () => {
    const { client } = fresh()
    const error = await client.account
      .setLeverage({ ...btc, leverage: '500' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('40797')
  })

  test('the margin mode cannot change with an open order: 45117', async () => {
    const { client } = fresh({ positionMode: 'one_way' })
    await client.orders.place(restingBuy)
    const error = await client.account
      .setMarginMode({ ...btc, marginMode: 'isolated' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('45117')
  })

  test('the max openable size is accepted; with leverage 10 it is ten times larger', async () => {
    const { client } = fresh({ positionMode: 'one_way' }, '3000')
    const query = { ...btc, posSide: 'long', orderType: 'limit', openPrice: '30000' } as const
    expect(await client.account.getMaxOpen(query)).toEqual({ maxOpen: '0.1' })
    await client.account.setLeverage({ ...btc, leverage: '10' })
    expect(await client.account.getMaxOpen(query)).toEqual({ maxOpen: '1' })
    await expect(client.orders.place({ ...restingBuy, size: '1' })).resolves.toMatchObject({
      orderId: expect.any(String),
    })
    const [usdt] = await client.account.getAll({ productType: 'USDT-FUTURES' })
    expect(usdt).toMatchObject({ marginCoin: 'USDT', available: '3000', crossedMaxAvailable: '0' })
  })

  test('open-count estimates a margin at a leverage', async () => {
    const { client } = fresh()
    expect(
      await client.account.getOpenCount({
        ...btc,
        openAmount: '5000',
        openPrice: '23189.5',
        leverage: '20',
      }),
    ).toEqual({ size: '4.312' })
  })
})

describe('account: isolated margin', () => {
  test('setMargin adds to an isolated position; getLiquidationPrice estimates at the leverage', async () => {
    const { uid, client } = fresh({ positionMode: 'one_way' })
    await client.account.setMarginMode({ ...btc, marginMode: 'isolated' })
    await client.account.setLeverage({ ...btc, leverage: '10' })
    made.sandbox.admin.setPosition({
      uid,
      line: 'classic',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '1',
      entryPrice: '65000',
      marginMode: 'isolated',
    })
    expect(await client.account.setMargin({ ...btc, holdSide: 'long', amount: '500' })).toBeNull()
    const [position] = await client.account.getPositions({ productType: 'USDT-FUTURES' })
    expect(position?.marginSize).toBe('7000')
    expect(
      await client.account.getLiquidationPrice({
        ...btc,
        posSide: 'long',
        orderType: 'limit',
        openPrice: '60000',
        openAmount: '50',
      }),
    ).toEqual({ liqPrice: '54000' })
  })

  test('an amount of 0 is refused before sending, naming amount', async () => {
    const { client } = fresh()
    const error = await client.account
      .setMargin({ ...btc, holdSide: 'long', amount: '0' })
      .catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['range', ['amount']],
    ])
    expect(client.sent).toEqual([])
  })
})

describe('account: isolated auto margin', () => {
  /** A fresh one-way account holding an isolated (or crossed) long of 1 BTC at 65000. */
  async function holding(marginMode: 'isolated' | 'crossed') {
    const made_ = fresh({ positionMode: 'one_way' })
    if (marginMode === 'isolated')
      await made_.client.account.setMarginMode({ ...btc, marginMode: 'isolated' })
    made.sandbox.admin.setPosition({
      uid: made_.uid,
      line: 'classic',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '1',
      entryPrice: '65000',
      marginMode,
    })
    return made_
  }
  const autoMarginOf = async (client: ReturnType<typeof fresh>['client']) =>
    (await client.account.getPositions({ productType: 'USDT-FUTURES' }))[0]?.autoMargin

  test('setAutoMargin turns the top-up of an isolated position on and off: the position shows it', async () => {
    const { client } = await holding('isolated')
    const body = { symbol: 'BTCUSDT', marginCoin: 'USDT', holdSide: 'long' } as const
    expect(await autoMarginOf(client)).toBe('off')
    expect(await client.account.setAutoMargin({ ...body, autoMargin: 'on' })).toBe('success')
    expect(await autoMarginOf(client)).toBe('on')
    await client.account.setAutoMargin({ ...body, autoMargin: 'off' })
    expect(await autoMarginOf(client)).toBe('off')
  })

  test('a crossed position is refused by the exchange: 22011, the setting stays off', async () => {
    const { client } = await holding('crossed')
    const error = await client.account
      .setAutoMargin({ symbol: 'BTCUSDT', marginCoin: 'USDT', holdSide: 'long', autoMargin: 'on' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('22011')
    expect(await autoMarginOf(client)).toBe('off')
  })

  test('another autoMargin value, or a productType the page does not list, is refused before sending', async () => {
    const { client } = fresh()
    const body = { symbol: 'BTCUSDT', marginCoin: 'USDT', holdSide: 'long' }
    for (const [extra, field] of [
      [{ autoMargin: 'yes' }, 'autoMargin'],
      [{ autoMargin: 'on', productType: 'USDT-FUTURES' }, 'productType'],
    ] as const) {
      const error = await client.account
        .setAutoMargin({ ...body, ...extra } as never)
        .catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual([[field]])
    }
    expect(client.sent).toEqual([])
  })
})

describe('the position mode is read from the account', () => {
  test('hedge account: an order without tradeSide is refused before it is sent', async () => {
    const { uid, client } = fresh()
    made.sandbox.admin.setClassicPositionMode('hedge', { uid })
    const error = await client.orders.place(restingBuy).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['tradeSide']])
    // Only the account read went out, never the order.
    expect(client.loads).toEqual(['classic.getAccount'])
    expect(client.sent).toEqual([])
    // Cached: the next order reads nothing.
    await client.orders.place({ ...restingBuy, tradeSide: 'open' })
    expect(client.loads).toEqual(['classic.getAccount'])
    expect(client.sent).toEqual(['classic.placeOrder'])
  })

  test('one-way account: tradeSide is refused before sending (the exchange would ignore it)', async () => {
    const { client } = fresh()
    const error = await client.orders
      .place({ ...restingBuy, tradeSide: 'open' })
      .catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['forbidden', ['tradeSide']],
    ])
    expect(client.sent).toEqual([])
  })

  test('set-position-mode updates the cached mode: the next order is checked for hedge mode at once', async () => {
    // A clock that stands still: a mode set less than a second ago is not read back on a refusal.
    const at = Date.now()
    const { client } = fresh({ clock: { now: () => at } })
    await client.orders.place(restingBuy) // loads one_way
    await client.orders.cancelAll({ productType: 'USDT-FUTURES', marginCoin: 'USDT' })
    expect(
      await client.account.setPositionMode({ productType: 'USDT-FUTURES', posMode: 'hedge_mode' }),
    ).toEqual({
      posMode: 'hedge_mode',
    })
    const [sent, loads] = [client.sent.length, client.loads.length]
    const error = await client.orders.place(restingBuy).catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['tradeSide']])
    expect([client.sent.length, client.loads.length]).toEqual([sent, loads])
  })

  test('a refused set-position-mode (40920) forgets the cached mode; the next order reads it again', async () => {
    const { client } = fresh()
    await client.orders.place(restingBuy)
    const error = await client.account
      .setPositionMode({ productType: 'USDT-FUTURES', posMode: 'hedge_mode' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('40920')
    await client.orders.place(restingBuy)
    expect(client.loads).toEqual(['classic.getAccount', 'classic.getAccount'])
  })

  test('positionMode false turns the check off: the exchange answers 40774 with a hint naming the mode', async () => {
    const { uid, client } = fresh({ positionMode: false })
    made.sandbox.admin.setClassicPositionMode('hedge', { uid })
    const error = await client.orders.place(restingBuy).catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('40774')
    // With the check off the client does not read the mode: the hint says what each mode needs.
    expect((error as ApiError).hint).toContain('hedge mode needs tradeSide')
    expect(client.sent).toEqual(['classic.placeOrder'])
  })

  test("a stale mode: the 40774 hint names the account's mode read again", async () => {
    const { uid, client } = fresh()
    await client.orders.place(restingBuy) // caches one_way
    await client.orders.cancelAll({ productType: 'USDT-FUTURES', marginCoin: 'USDT' })
    made.sandbox.admin.setClassicPositionMode('hedge', { uid }) // changed elsewhere
    const error = await client.orders.place(restingBuy).catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('40774')
    expect((error as ApiError).hint).toMatch(
      /position mode for USDT-FUTURES is hedge_mode: send tradeSide "open" or "close"/,
    )
    expect((error as ApiError).message).toContain('Hint: ')
    // The next order is checked with the mode read again, before sending.
    const next = await client.orders.place(restingBuy).catch((e: unknown) => e)
    expect(ValidationError.isInstance(next)).toBe(true)
  })
})

describe('eliteTraderPairs', () => {
  test('a symbol off the list is refused before sending, naming symbol', async () => {
    const { client } = fresh({ positionMode: 'one_way', eliteTraderPairs: ['ETHUSDT'] })
    const error = await client.orders.place(restingBuy).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['symbol']])
    expect(client.sent).toEqual([])
    const listed = fresh({ positionMode: 'one_way', eliteTraderPairs: ['BTCUSDT'] })
    await expect(listed.client.orders.place(restingBuy)).resolves.toBeDefined()
  })
})
