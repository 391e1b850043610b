/**
 * Instruments and the position mode loaded from the exchange, against the sandbox's GET /api/v3/market/instruments and /api/v3/account/settings.
 */
import { ValidationError } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { placeOrder } from './actions/placeOrder.js'
import { seededBtc, setup } from './test/sandbox.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']
beforeAll(async () => {
  ;({ sandbox, client } = await setup())
})
afterAll(async () => {
  await sandbox.close()
})

const btc = seededBtc
const buy = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '60000.1',
} as const

describe('instruments loaded from the exchange', () => {
  test('with no instrument option, an off-tick order is refused before any network call, naming the field; the instruments were fetched once', async () => {
    const c = client()
    const tries = await Promise.all(
      ['60000.05', '60000.15', '60000.123'].map((price) =>
        placeOrder(c, { ...buy, price }).catch((e: unknown) => e),
      ),
    )
    for (const error of tries) {
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues).toEqual([
        expect.objectContaining({ path: ['price'], type: expect.stringMatching(/tick|precision/) }),
      ])
    }
    expect(c.sent).toEqual([])
    expect(c.loads.filter((id) => id === 'public.getInstruments')).toEqual([
      'public.getInstruments',
    ])
    // A valid order goes out without another load.
    await placeOrder(c, buy)
    expect(c.sent).toEqual(['unified.placeOrder'])
    expect(c.loads.filter((id) => id === 'public.getInstruments')).toHaveLength(1)
  })

  test('a quantity below the minimum names the record field the user reads (minOrderQty), nothing sent', async () => {
    const c = client()
    const error = await placeOrder(c, { ...buy, qty: '0.0001' }).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    const [issue] = (error as ValidationError).issues
    expect(issue).toMatchObject({ path: ['qty'], type: 'minimum' })
    expect(issue?.message).toMatch(/\(minOrderQty of BTCUSDT\)/)
    expect(issue?.message).not.toMatch(/minOrderAmount/)
    expect(c.sent).toEqual([])
  })

  test('Status `offline`/`limit_close` refused before sending with a clear reason', async () => {
    for (const status of ['offline', 'limit_close'] as const) {
      sandbox.admin.setInstrument({ ...btc, status })
      const c = client()
      const error = await placeOrder(c, buy).catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues[0]).toMatchObject({
        type: 'unsupported',
        path: ['symbol'],
      })
      expect((error as Error).message).toContain(`status ${status}`)
      expect(c.sent).toEqual([])
    }
    sandbox.admin.setInstrument(btc)
  })

  test('reloads once on a precision ... error: a tick coarsened after the load is met by one reload and named', async () => {
    const c = client()
    await c.instruments.load(['USDT-FUTURES'])
    sandbox.admin.setInstrument({ ...btc, priceMultiplier: '0.5' })
    try {
      const error = await placeOrder(c, buy).catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues[0]).toMatchObject({ path: ['price'], type: 'tick' })
      expect(c.sent).toEqual(['unified.placeOrder'])
      expect(c.loads.filter((id) => id === 'public.getInstruments')).toHaveLength(2)
      // The reloaded list serves the next order.
      await placeOrder(c, { ...buy, price: '60000.5' })
      expect(c.loads.filter((id) => id === 'public.getInstruments')).toHaveLength(2)
    } finally {
      sandbox.admin.setInstrument(btc)
    }
  })

  test('a record or `false` replaces the loaded instruments; a failed load never fails the order', async () => {
    const own = client({ instruments: { BTCUSDT: { ...btc, priceMultiplier: '1' } } })
    const refused = await placeOrder(own, buy).catch((e: unknown) => e)
    expect((refused as ValidationError).issues[0]).toMatchObject({ path: ['price'], type: 'tick' })
    expect(own.loads.filter((id) => id === 'public.getInstruments')).toEqual([])

    const off = client({ instruments: false })
    const answer = await placeOrder(off, { ...buy, price: '60000.05' }).catch((e: unknown) => e)
    expect(answer).toMatchObject({ code: '41103' })

    const unreachable = client({ instruments: undefined, baseUrl: `${sandbox.url}/nowhere` })
    const failed = await placeOrder(unreachable, buy).catch((e: unknown) => e)
    expect(unreachable.loads).toContain('public.getInstruments')
    expect(ValidationError.isInstance(failed)).toBe(false)
  })

  test('Position mode loaded the same way from account settings: posSide in one-way mode and a missing posSide in hedge mode are caught before sending', async () => {
    const c = client()
    const oneWay = await placeOrder(c, { ...buy, posSide: 'long' }).catch((e: unknown) => e)
    expect((oneWay as ValidationError).issues[0]).toMatchObject({ path: ['posSide'] })
    expect(c.sent).toEqual([])
    expect(c.loads).toContain('unified.getAccountSettings')

    sandbox.admin.setPositionMode('hedge')
    try {
      const h = client()
      const hedge = await placeOrder(h, buy).catch((e: unknown) => e)
      expect((hedge as ValidationError).issues[0]).toMatchObject({ path: ['posSide'] })
      expect(h.sent).toEqual([])
    } finally {
      sandbox.admin.setPositionMode('one_way')
    }
  })
})

describe('instruments.load with what is not a list of categories', () => {
  test.each([
    ['a number', 7, ['category']],
    ['a number in the list', ['SPOT', 7], ['category']],
    ['an unknown category', ['SPOT', 'NOPE'], ['category']],
  ] as const)(
    'fuzz counterexample: %s is refused with a ValidationError naming it, nothing loaded (was a TypeError)',
    async (_, categories, path) => {
      const c = client()
      const error = await c.instruments.load(categories as never).catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues[0]?.path).toEqual(path)
      expect([...c.sent, ...c.loads]).toEqual([])
    },
  )

  test('one category alone counts as a list of it', async () => {
    const c = client()
    await c.instruments.load('SPOT' as never)
    expect(c.loads).toEqual(['public.getInstruments', 'unified.getAccountSettings'])
  })
})
