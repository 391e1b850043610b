import { createHmac, generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodedQuery, prehash, requirementOf, sortedRawQuery } from './auth.js'
import { type RunningSandbox, startSandbox } from './server.js'
import { type Credentials, encodedQuery, fixedClock, signedHeaders } from './test/helpers.js'
import { ethBuy, paths, start } from './test/unified.js'

const T0 = Date.UTC(2026, 2, 9, 14, 0)
const clock = fixedClock(T0)
const path = '/api/v3/trade/unfilled-orders'
let sandbox: RunningSandbox
let credentials: Credentials

beforeAll(async () => {
  sandbox = await startSandbox({ clock, seed: 7, rateLimits: false, strict: true })
  credentials = sandbox.credentials
})
afterAll(() => sandbox.close())

async function get(
  headers: Record<string, string>,
  query: Record<string, string> = {},
): Promise<{ status: number; body: { code: string; msg: string; data: unknown } }> {
  const search = encodedQuery(query)
  const response = await fetch(`${sandbox.url}${path}${search ? `?${search}` : ''}`, { headers })
  return { status: response.status, body: await response.json() }
}

const signed = (overrides: Partial<Credentials> = {}, query: Record<string, string> = {}) =>
  signedHeaders(
    { ...credentials, ...overrides },
    { method: 'GET', path, query, timestamp: clock.now() },
  )

describe('prehash', () => {
  test('decision: "the prehash uses the query as sent with raw (not percent-encoded) values; a signature over it sorted by key verifies too"', () => {
    expect(prehash('1', 'get', '/p', 'symbol=%24AAPL&category=SPOT', '')).toBe(
      '1GET/p?symbol=$AAPL&category=SPOT',
    )
  })

  test('GET has no body; POST signs the exact JSON text it sends', () => {
    expect(prehash('1', 'POST', '/p', '', '{"a": 1}')).toBe('1POST/p{"a": 1}')
  })
})

describe('sortedRawQuery', () => {
  test('decodes values (percent-encoding and +) and sorts keys', () => {
    expect(sortedRawQuery('b=a+b&a=%E6%AF%94%2C')).toBe('a=比,&b=a b')
  })
})

describe('decodedQuery', () => {
  test('decodes values (percent-encoding and +) and keeps the order sent', () => {
    expect(decodedQuery('b=a+b&a=%E6%AF%94%2C')).toBe('b=a b&a=比,')
  })
})

describe('requirementOf', () => {
  test.each([
    ['unified.getUnfilledOrders', 'GET', { anyOf: ['trade_ro', 'trade_rw'] }],
    ['unified.getAccountSettings', 'GET', { anyOf: ['trade_ro', 'trade_rw'] }],
    ['unified.placeOrder', 'POST', { anyOf: ['trade_rw'] }],
    [
      'unified.getRealityFills',
      'GET',
      { anyOf: ['trade_ro', 'trade_rw'], whitelists: ['realityFills'] },
    ],
    ['unified.countdownCancelAll', 'POST', { anyOf: ['trade_rw'], whitelists: ['countdown'] }],
  ])('%s (%s)', (id, method, expected) => {
    expect(requirementOf(id, method)).toEqual(expected)
  })
})

describe('authenticate', () => {
  test('a good signature is accepted', async () => {
    const { status, body } = await get(signed())
    expect(status).toBe(200)
    expect(body.code).toBe('00000')
  })

  test('the exchange docs: query values with $, a space, a comma and 比特币 verify (raw values signed, encoded sent)', async () => {
    const query = { symbol: '$比特币USDT', category: 'SPOT' }
    const { status, body } = await get(signed({}, query), query)
    expect(body.code).toBe('00000')
    expect(status).toBe(200)
    // A space and a comma verify too: the signature passes, then the rules refuse them in a
    // symbol (decision: a symbol is letters, digits, _ . - $), so the answer is 40017, not 40009.
    const odd = { symbol: '$比特币 USDT,x', category: 'SPOT' }
    const answer = await get(signed({}, odd), odd)
    expect(answer.body).toMatchObject({ code: '40017', msg: expect.stringContaining('symbol:') })
  })

  test('the exchange docs: "a symbol with Chinese characters and coins prefixed with $ got 40009 when the encoded string was signed"', async () => {
    const query = { symbol: '$比特币' }
    const headers = signedHeaders(credentials, {
      method: 'GET',
      path,
      query: { symbol: encodeURIComponent('$比特币') },
      timestamp: clock.now(),
    })
    expect((await get(headers, query)).body.code).toBe('40009')
  })

  /** Headers signed over `text` (the whole prehash) with the sandbox's key. */
  const signedText = (text: string) => ({
    ...signed(),
    'ACCESS-SIGN': createHmac('sha256', credentials.secret).update(text).digest('base64'),
  })
  /** GET of `path` with exactly `search` on the wire. */
  const getRaw = async (headers: Record<string, string>, search: string) => {
    const response = await fetch(`${sandbox.url}${path}?${search}`, { headers })
    return (await response.json()) as { code: string }
  }

  test('the exchange signs the query as sent: keys in any order, signed in the order sent, verify (the exchange SDK writes them in the order given)', async () => {
    const search = 'symbol=ETHUSDT&category=SPOT'
    const text = `${clock.now()}GET${path}?symbol=ETHUSDT&category=SPOT`
    expect((await getRaw(signedText(text), search)).code).toBe('00000')
  })

  test('a query sent in one order and signed sorted verifies too (the SDKs that sort)', async () => {
    const search = 'symbol=ETHUSDT&category=SPOT'
    const text = `${clock.now()}GET${path}?category=SPOT&symbol=ETHUSDT`
    expect((await getRaw(signedText(text), search)).code).toBe('00000')
  })

  test('a signature over a third order of the keys, neither as sent nor sorted, gets 40009', async () => {
    const search = 'symbol=ETHUSDT&category=SPOT&limit=5'
    const text = `${clock.now()}GET${path}?limit=5&symbol=ETHUSDT&category=SPOT`
    expect((await getRaw(signedText(text), search)).code).toBe('40009')
  })

  const without = (name: string) => {
    const headers = signed()
    delete headers[name]
    return headers
  }
  test.each([
    ['ACCESS-KEY', '40001'],
    ['ACCESS-SIGN', '40003'],
    ['ACCESS-PASSPHRASE', '40011'],
    ['ACCESS-TIMESTAMP', '40005'],
  ])('without %s: %s with HTTP 400', async (header, code) => {
    const { status, body } = await get(without(header))
    expect({ status, code: body.code, data: body.data }).toEqual({ status: 400, code, data: null })
  })

  test.each([
    ['an unknown key', () => ({ ...signed(), 'ACCESS-KEY': 'bg_unknown' }), '40006'],
    [
      'a timestamp that is not milliseconds',
      () => ({ ...signed(), 'ACCESS-TIMESTAMP': '2026-03-09' }),
      '40005',
    ],
    ['a wrong passphrase', () => signed({ passphrase: 'wrong' }), '40012'],
    ['a wrong secret', () => signed({ secret: 'f'.repeat(64) }), '40009'],
    [
      'a signature that is not this request',
      () => ({ ...signed(), 'ACCESS-SIGN': 'AAAA' }),
      '40009',
    ],
  ])('%s: %s', async (_name, headers, code) => {
    const { status, body } = await get(headers())
    expect({ status, code: body.code }).toEqual({ status: 400, code })
  })

  test('the exchange docs: "A stale timestamp gets 40008" (30 s window by default)', async () => {
    const at = (offset: number) =>
      signedHeaders(credentials, { method: 'GET', path, timestamp: clock.now() + offset })
    expect((await get(at(-30_000))).body.code).toBe('00000')
    expect((await get(at(30_000))).body.code).toBe('00000')
    expect((await get(at(-30_001))).body.code).toBe('40008')
    expect((await get(at(30_001))).body.code).toBe('40008')
  })

  test('the timestamp window is configurable', async () => {
    const narrow = await startSandbox({
      clock,
      seed: 7,
      rateLimits: false,
      timestampWindowMs: 1000,
    })
    try {
      const headers = signedHeaders(narrow.credentials, {
        method: 'GET',
        path,
        timestamp: clock.now() - 1001,
      })
      const response = await fetch(`${narrow.url}${path}`, { headers })
      expect((await response.json()).code).toBe('40008')
    } finally {
      await narrow.close()
    }
  })

  test('an endpoint requires one permission: a key with neither trade permission gets 40014 on a read', async () => {
    const key = sandbox.admin.addKey({ permissions: ['countdown'] })
    const { status, body } = await get(
      signedHeaders(key, { method: 'GET', path, timestamp: clock.now() }),
    )
    expect({ status, code: body.code }).toEqual({ status: 400, code: '40014' })
  })

  test('the exchange docs: "A demo key without the header gets 40099"', async () => {
    const key = sandbox.admin.addKey({ demo: true })
    const headers = signedHeaders(key, { method: 'GET', path, timestamp: clock.now() })
    expect((await get(headers)).body.code).toBe('40099')
    expect((await get({ ...headers, paptrading: '1' })).body.code).toBe('00000')
  })
})

describe('RSA keys', () => {
  // Generated per run: no key file is committed.
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString()
  let ctx: Awaited<ReturnType<typeof start>>
  let rsaKey: Credentials
  beforeAll(async () => {
    ctx = await start()
    rsaKey = { ...ctx.sandbox.admin.addKey({ publicKey }), privateKey: pair.privateKey }
  })
  afterAll(() => ctx.sandbox.close())

  test('the exchange docs: "The exchange also accepts RSA keys (SHA256 with RSA, PKCS#1 v1.5, base64)": an RSA-keyed client places an order and reads it', async () => {
    const api = ctx.as(rsaKey)
    const placed = await api.post(paths.place, ethBuy({ clientOid: 'rsa-1' }))
    expect([placed.status, placed.body.code]).toEqual([200, '00000'])
    const read = await api.get(paths.info, { orderId: placed.body.data.orderId })
    expect(read.body).toMatchObject({
      code: '00000',
      data: { clientOid: 'rsa-1', symbol: 'ETHUSDT' },
    })
    const query = { symbol: '$比特币USDT', category: 'SPOT' }
    expect((await api.get(paths.unfilled, query)).body.code).toBe('00000')
  })

  test('a key registered with a PKCS#1 public key ("RSA PUBLIC KEY") verifies too', async () => {
    const pkcs1 = ctx.sandbox.admin.addKey({
      publicKey: pair.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    })
    const answer = await ctx.as({ ...pkcs1, privateKey: pair.privateKey }).get(paths.unfilled)
    expect(answer.body.code).toBe('00000')
  })

  const signedBy = (credentials: Credentials, timestamp = ctx.sandbox.admin.now()) =>
    signedHeaders(credentials, { method: 'GET', path, timestamp })
  const withSign = (change: (sign: string) => string) => {
    const headers = signedBy(rsaKey)
    return { ...headers, 'ACCESS-SIGN': change(headers['ACCESS-SIGN'] ?? '') }
  }
  test.each([
    [
      'a signature by another private key',
      () => signedBy({ ...rsaKey, privateKey: other.privateKey }),
    ],
    [
      'a signature with one character changed',
      () => withSign((s) => `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`),
    ],
    [
      'a valid signature with a character added that base64 decoding skips',
      () => withSign((s) => `${s}!`),
    ],
    [
      'a signature of another timestamp',
      () => ({
        ...signedBy(rsaKey, ctx.sandbox.admin.now() - 1),
        'ACCESS-TIMESTAMP': String(ctx.sandbox.admin.now()),
      }),
    ],
    [
      "an HMAC signature with the RSA key's (empty) secret",
      () => signedBy({ ...rsaKey, privateKey: undefined }),
    ],
    [
      "an HMAC signature with another key's secret",
      () => signedBy({ ...rsaKey, secret: ctx.sandbox.credentials.secret, privateKey: undefined }),
    ],
  ])('%s gets 40009, as a bad HMAC signature does', async (_, headers) => {
    const response = await fetch(`${ctx.sandbox.url}${path}`, { headers: headers() })
    expect({ status: response.status, code: (await response.json()).code }).toEqual({
      status: 400,
      code: '40009',
    })
  })

  test('a POST whose body was changed after signing gets 40009', async () => {
    const body = JSON.stringify(ethBuy({ clientOid: 'rsa-2' }))
    const headers = signedHeaders(rsaKey, {
      method: 'POST',
      path: paths.place,
      body,
      timestamp: ctx.sandbox.admin.now(),
    })
    const response = await fetch(`${ctx.sandbox.url}${paths.place}`, {
      method: 'POST',
      headers,
      body: body.replace('"qty":"1"', '"qty":"2"'),
    })
    expect((await response.json()).code).toBe('40009')
  })
})
