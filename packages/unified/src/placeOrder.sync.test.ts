// A place-order whose instrument and position mode are at hand reaches the transport's `fetch`
// within the call (no turn of the event loop); until they are loaded it waits for them, and the
// checks they feed (tick, lot, status) run either way. Against the sandbox over real HTTP.
import { ValidationError } from '@tradeline/core'
import { afterAll, describe, expect, test } from 'vitest'
import { placeOrder } from './actions/placeOrder.js'
import { createUnifiedClient } from './createUnifiedClient.js'
import { futuresBuy, restingBuy, seededBtc, setup } from './test/sandbox.js'

const { sandbox } = await setup()
const btc = seededBtc
afterAll(() => sandbox.close())

/**
 * A client whose `fetch` counts the place-order requests handed to it and lists the loads (no
 * hooks: a `request` hook is awaited before each attempt).
 */
function counting() {
  const state = { placed: 0 }
  const loads: string[] = []
  const c = createUnifiedClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    rateLimiter: false,
    fetch: (input, init) => {
      const path = new URL(String(input)).pathname
      if (path === '/api/v3/trade/place-order') state.placed++
      else loads.push(path)
      return globalThis.fetch(input, init)
    },
  })
  return { c: Object.assign(c, { loads }), state }
}

describe('placeOrder: the synchronous path', () => {
  test('what the checks refuse is the returned promise rejected, never a throw of the call', async () => {
    const { c, state } = counting()
    await c.instruments.load(['SPOT'])
    let called: Promise<unknown> | undefined
    expect(() => {
      called = placeOrder(c, { ...restingBuy, qty: '-1' })
    }).not.toThrow()
    await expect(called).rejects.toBeInstanceOf(ValidationError)
    let refused: Promise<unknown> | undefined
    expect(() => {
      refused = placeOrder(c, null as never)
    }).not.toThrow()
    await expect(refused).rejects.toThrow('parameters: expected an object')
    expect(state.placed).toBe(0)
  })

  test('instruments and mode loaded: the order is handed to fetch within the call', async () => {
    const { c, state } = counting()
    await c.instruments.load(['SPOT', 'USDT-FUTURES'])
    const spot = placeOrder(c, restingBuy)
    expect(state.placed).toBe(1)
    const futures = placeOrder(c, futuresBuy)
    expect(state.placed).toBe(2)
    await expect(spot).resolves.toMatchObject({ orderId: expect.any(String) })
    await futures.catch(() => undefined)
    // One load of each list, one of the settings: the lookups are shared by the checks.
    expect(c.loads.filter((path) => path === '/api/v3/market/instruments')).toHaveLength(2)
    expect(c.loads.filter((path) => path === '/api/v3/account/settings')).toHaveLength(1)
  })

  test('nothing loaded yet: the order waits for its instrument, then is checked and sent', async () => {
    const { c, state } = counting()
    const pending = placeOrder(c, restingBuy)
    expect(state.placed).toBe(0)
    await pending
    expect(state.placed).toBe(1)
    expect(c.loads).toEqual(['/api/v3/market/instruments'])
  })

  test('at hand, the loaded attributes still refuse an order off the tick before anything is sent', async () => {
    const { c, state } = counting()
    await c.instruments.load(['SPOT'])
    const error = await placeOrder(c, { ...restingBuy, price: '3000.001' }).catch((e) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues[0]).toMatchObject({ path: ['price'] })
    expect(state.placed).toBe(0)
  })

  test('at hand, an instrument listed offline is refused by name before anything is sent', async () => {
    const { c, state } = counting()
    sandbox.admin.setInstrument({ ...btc, status: 'offline' })
    try {
      await c.instruments.load(['USDT-FUTURES'])
      const error = await placeOrder(c, futuresBuy).catch((e) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues[0]).toMatchObject({
        path: ['symbol'],
        type: 'unsupported',
      })
      expect(state.placed).toBe(0)
    } finally {
      sandbox.admin.setInstrument(btc)
    }
  })
})
