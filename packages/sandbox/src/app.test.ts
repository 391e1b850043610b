import { Session } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSandboxApp } from './app.js'
import type { Route } from './exchange.js'
import { type RunningSandbox, startSandbox } from './server.js'
import { encodedQuery, fixedClock, signedHeaders } from './test/helpers.js'

const T0 = Date.UTC(2026, 6, 1, 14, 0) // 10:00 ET, daylight saving time
const clock = fixedClock(T0)
let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ clock, seed: 3, rateLimits: false, strict: true })
})
afterAll(() => sandbox.close())

const call = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${sandbox.url}${path}`, init)
  return { status: response.status, body: await response.json() }
}

const unfilled = async (query: Record<string, string> = {}) => {
  const path = '/api/v3/trade/unfilled-orders'
  const headers = signedHeaders(sandbox.credentials, {
    method: 'GET',
    path,
    query,
    timestamp: clock.now(),
  })
  const search = encodedQuery(query)
  return call(`${path}${search ? `?${search}` : ''}`, { headers })
}

describe('createSandboxApp', () => {
  test('Response envelope (all endpoints): an unknown path answers 404 with code 40404', async () => {
    expect(await call('/api/v3/nothing/here')).toEqual({
      status: 404,
      body: { code: '40404', msg: 'Request URL NOT FOUND', requestTime: T0, data: null },
    })
  })

  test('a known path with another method is not found either', async () => {
    expect((await call('/api/v3/public/time', { method: 'POST' })).body.code).toBe('40404')
  })

  test.each(['/api/v2/public/time', '/api/v3/public/time'])(
    'the exchange docs: "Server time: %s, data.serverTime (milliseconds as a string)"',
    async (path) => {
      expect(await call(path)).toEqual({
        status: 200,
        body: { code: '00000', msg: 'success', requestTime: T0, data: { serverTime: String(T0) } },
      })
    },
  )

  test('the server time follows advanceClock', async () => {
    sandbox.admin.advanceClock(1500)
    const { body } = await call('/api/v3/public/time')
    expect(body.data.serverTime).toBe(String(T0 + 1500))
    clock.set(T0 - 1500)
  })

  test('Sessions follow the clock; no operation moves them: market/states matches Session at the sandbox instant', async () => {
    const { status, body } = await call('/api/v3/reality/market/states')
    expect(status).toBe(200)
    expect(body.data).toEqual(Session.marketStates(T0))
    expect(body.data[0]).toMatchObject({ market: 'US', daylightType: 'dst' })
  })

  test('market/states answers standard time in January', async () => {
    const winter = createSandboxApp({
      clock: { now: () => Date.UTC(2026, 0, 15) },
      rateLimits: false,
    })
    const body = await (await winter.app.request('/api/v3/reality/market/states')).json()
    expect(body.data).toEqual(Session.marketStates(Date.UTC(2026, 0, 15)))
    expect(body.data[0].daylightType).toBe('standard')
  })

  test('code 40017 parameter verification failed: a parameter the endpoint does not take', async () => {
    const { status, body } = await call('/api/v3/public/time?symbol=BTCUSDT')
    expect(status).toBe(400)
    expect(body.code).toBe('40017')
    expect(body.msg).toMatch(/^parameter verification failed: .*symbol/)
    expect(body.data).toBeNull()
  })

  test('a route is validated with the rules endpoint of its id (cross-field rules included) and gets the normalised request', async () => {
    const cancel: Route = {
      id: 'unified.cancelOrder',
      method: 'POST',
      path: '/api/v3/trade/cancel-order',
      auth: true,
      handle: ({ params }) => ({ data: params }),
    }
    const embedded = createSandboxApp({ routes: [cancel], rateLimits: false, seed: 1, clock })
    const key = [...embedded.state.keys.values()][0]!
    const post = async (body: string) => {
      const path = '/api/v3/trade/cancel-order'
      const headers = signedHeaders(key, { method: 'POST', path, body, timestamp: clock.now() })
      return (await embedded.app.request(path, { method: 'POST', body, headers })).json()
    }
    const refused = await post('{"category":"spot"}')
    expect(refused.code).toBe('40017')
    expect(refused.msg).toMatch(/orderId|clientOid/)
    expect((await post('not json')).code).toBe('40017')
    expect(await post('{"clientOid":"my-1","category":"spot"}')).toMatchObject({
      code: '00000',
      data: { clientOid: 'my-1', category: 'SPOT' },
    })
  })
})

describe('GET /api/v3/trade/unfilled-orders', () => {
  test('is empty at first (decision: the cursor of an empty page is "")', async () => {
    expect((await unfilled()).body).toMatchObject({
      code: '00000',
      data: { list: [], cursor: '' },
    })
  })

  test.each([
    [{ limit: '101' }, 'limit'],
    [{ category: 'OPTIONS' }, 'category'],
    [{ side: 'buy' }, 'side'],
  ])('the exchange docs: "limit (<= 100)": %j answers 40017 naming %s', async (query, field) => {
    const { status, body } = await unfilled(query)
    expect({ status, code: body.code, data: body.data }).toEqual({
      status: 400,
      code: '40017',
      data: null,
    })
    expect(body.msg).toContain(field)
  })

  test('lists the open orders of the account, newest first, with filters and paging', async () => {
    const other = sandbox.admin.addKey({ uid: '999' })
    const add = (symbol: string, category: string) =>
      sandbox.admin.addOrder({
        symbol,
        category,
        side: 'buy',
        orderType: 'limit',
        price: '1.5',
        qty: '2',
      })
    const a = add('BTCUSDT', 'USDT-FUTURES')
    clock.set(clock.now() + 1)
    const b = add('ETHUSDT', 'SPOT')
    clock.set(clock.now() + 1)
    const c = add('BTCUSDT', 'USDT-FUTURES')
    sandbox.admin.addOrder({
      ...{ symbol: 'BTCUSDT', category: 'SPOT', side: 'sell', orderType: 'limit', qty: '1' },
      uid: other.uid,
    })
    sandbox.admin.addOrder({
      symbol: 'BTCUSDT',
      category: 'SPOT',
      side: 'sell',
      orderType: 'limit',
      qty: '1',
      status: 'filled',
    })

    const all = (await unfilled()).body.data
    expect(all.list.map((o: { orderId: string }) => o.orderId)).toEqual([
      c.orderId,
      b.orderId,
      a.orderId,
    ])
    expect(all.list[0]).toMatchObject({
      clientOid: c.clientOid,
      price: '1.5',
      qty: '2',
      orderStatus: 'live',
    })

    const futures = (await unfilled({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' })).body.data
    expect(futures.list.map((o: { orderId: string }) => o.orderId)).toEqual([c.orderId, a.orderId])

    const first = (await unfilled({ limit: '2' })).body.data
    expect(first.cursor).toBe(b.orderId)
    const second = (await unfilled({ limit: '2', cursor: first.cursor })).body.data
    expect(second).toEqual({
      list: [expect.objectContaining({ orderId: a.orderId })],
      cursor: a.orderId,
    })
    expect((await unfilled({ limit: '2', cursor: second.cursor })).body.data).toEqual({
      list: [],
      cursor: '',
    })
  })
})

describe('unknown request fields', () => {
  /** A sandbox as users get it (not strict), or strict, with a signed POST of its first key. */
  async function sandboxOf(strict: boolean | undefined) {
    const started = await startSandbox({ clock, seed: 4, rateLimits: false, strict })
    const post = async (path: string, body: string) => {
      const headers = signedHeaders(started.credentials, {
        method: 'POST',
        path,
        body,
        timestamp: clock.now(),
      })
      const response = await fetch(`${started.url}${path}`, { method: 'POST', headers, body })
      return response.json()
    }
    return { started, post }
  }
  const place = '/api/v3/trade/place-order'
  const order = {
    category: 'SPOT',
    symbol: 'ETHUSDT',
    side: 'buy',
    orderType: 'limit',
    qty: '1',
    price: '3000.00',
  }

  test('decision: "the sandbox ignores them as the exchange does": by default an unknown field is dropped and the rest checked (ccxt sends symbol to cancel-order)', async () => {
    const { started, post } = await sandboxOf(undefined)
    try {
      const placed = await post(place, JSON.stringify({ ...order, clientOid: 'u-1', foo: 'x' }))
      expect(placed).toMatchObject({ code: '00000', data: { clientOid: 'u-1' } })
      const cancel = { orderId: placed.data.orderId, symbol: 'ETHUSDT', category: 'SPOT' }
      expect(await post('/api/v3/trade/cancel-order', JSON.stringify(cancel))).toMatchObject({
        code: '00000',
        data: { orderId: placed.data.orderId },
      })
      // Nested: an unknown field of a batch item; the known fields still follow every rule.
      const batch = [
        { ...order, clientOid: 'u-2', note: 'mine' },
        { ...order, qty: '0' },
      ]
      const items = (await post('/api/v3/trade/place-batch', JSON.stringify(batch))).data
      expect(items.map((item: { code: string }) => item.code)).toEqual(['00000', '40017'])
      // A query parameter of a public endpoint.
      const time = await (await fetch(`${started.url}/api/v3/public/time?symbol=BTCUSDT`)).json()
      expect(time.code).toBe('00000')
    } finally {
      await started.close()
    }
  })

  test('an unknown field beside a long JSON-number requestId leaves the number exact', async () => {
    const { started, post } = await sandboxOf(false)
    try {
      const placed = await post(place, JSON.stringify(order))
      const body = `{"orderId":"${placed.data.orderId}","qty":"2","requestId":123456789012345678,"extra":1}`
      expect(await post('/api/v3/trade/modify-order', body)).toMatchObject({ code: '00000' })
    } finally {
      await started.close()
    }
  })

  test('decision: "with a strict setting that refuses them": 40017 naming the field', async () => {
    const { started, post } = await sandboxOf(true)
    try {
      const refused = await post(place, JSON.stringify({ ...order, foo: 'x' }))
      expect(refused).toMatchObject({ code: '40017', data: null })
      expect(refused.msg).toMatch(/^parameter verification failed: foo: /)
      const nested = await post(
        '/api/v3/trade/place-batch',
        JSON.stringify([{ ...order, note: 1 }]),
      )
      expect(nested.data[0]).toMatchObject({ code: '40017', msg: expect.stringContaining('note') })
    } finally {
      await started.close()
    }
  })
})
