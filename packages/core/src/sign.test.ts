import { createHmac } from 'node:crypto'
import { inspect } from 'node:util'
import { describe, expect, test } from 'vitest'
import { createHmacSigner, encodeQuery, prehash, sign, sortQuery } from './sign.js'

const secret = 'b6c3d1a0-secret'

function nodeSign(text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64')
}

describe('sortQuery', () => {
  test('sorts keys, stringifies values and drops undefined and null', () => {
    expect(
      sortQuery({ symbol: 'BTCUSDT', category: 'SPOT', limit: 10, a: undefined, b: null, c: true }),
    ).toEqual([
      ['c', 'true'],
      ['category', 'SPOT'],
      ['limit', '10'],
      ['symbol', 'BTCUSDT'],
    ])
  })

  test('sorts by code units, so upper case comes before lower case', () => {
    expect(sortQuery({ b: '1', B: '2', a: '3' }).map(([k]) => k)).toEqual(['B', 'a', 'b'])
  })
})

describe('encodeQuery', () => {
  test.each([
    [{ symbol: '$BTC' }, 'symbol=%24BTC'],
    [{ symbol: 'BTC USDT' }, 'symbol=BTC%20USDT'],
    [{ symbols: 'BTCUSDT,ETHUSDT' }, 'symbols=BTCUSDT%2CETHUSDT'],
    [{ symbol: '比特币' }, 'symbol=%E6%AF%94%E7%89%B9%E5%B8%81'],
    [{ b: '2', a: '1' }, 'a=1&b=2'],
    [{}, ''],
  ])('%j -> %s', (query, expected) => {
    expect(encodeQuery(query)).toBe(expected)
  })

  test('DESIGN: "the request sends the same keys in the same order, encoded"', () => {
    const query = { symbol: '$比特币 x,y', category: 'SPOT', limit: 5 }
    const sent = encodeQuery(query)
    const decoded = [...new URLSearchParams(sent).entries()]
    expect(decoded).toEqual(sortQuery(query))
  })
})

describe('prehash', () => {
  test('GET: timestamp + METHOD + path + ? + raw sorted query, no body', () => {
    expect(
      prehash({
        timestamp: '1700000000000',
        method: 'get',
        path: '/api/v3/trade/fills',
        query: { symbol: '$BTC', category: 'SPOT' },
      }),
    ).toBe('1700000000000GET/api/v3/trade/fills?category=SPOT&symbol=$BTC')
  })

  test('no query gives no question mark', () => {
    expect(prehash({ timestamp: '1', method: 'GET', path: '/p', query: { a: undefined } })).toBe(
      '1GET/p',
    )
  })

  test('POST: the exact body text is appended', () => {
    expect(prehash({ timestamp: '1', method: 'POST', path: '/p', body: '{"a":"1"}' })).toBe(
      '1POST/p{"a":"1"}',
    )
  })

  test('DESIGN: "the prehash uses the sorted query with raw (not percent-encoded) values"', () => {
    const text = prehash({ timestamp: '1', method: 'GET', path: '/p', query: { s: '比特币 $a,b' } })
    expect(text).toBe('1GET/p?s=比特币 $a,b')
  })
})

describe('createHmacSigner', () => {
  const engines = ['auto', 'web'] as const
  test.each(
    engines.flatMap((engine) =>
      [
        '1700000000000GET/api/v2/public/time',
        '1700000000000GET/api/v3/trade/unfilled-orders?category=SPOT&symbol=$BTC',
        '1700000000000GET/api/v3/trade/unfilled-orders?symbol=BTC USDT',
        '1700000000000GET/api/v3/trade/unfilled-orders?symbols=BTCUSDT,ETHUSDT',
        '1700000000000GET/api/v3/trade/unfilled-orders?symbol=比特币',
        '1700000000000POST/api/v3/trade/place-order{"symbol":"比特币","qty":"0.1"}',
        '',
      ].map((text) => [engine, text] as const),
    ),
  )('engine %s matches node:crypto createHmac for %j', async (engine, text) => {
    expect(await createHmacSigner(secret, { engine }).sign(text)).toBe(nodeSign(text))
  })

  test('Web Crypto is used when node:crypto is not offered (as in a browser)', async () => {
    const process = globalThis.process as { getBuiltinModule?: unknown }
    const original = process.getBuiltinModule
    process.getBuiltinModule = undefined
    try {
      expect(await createHmacSigner(secret).sign('x')).toBe(nodeSign('x'))
    } finally {
      process.getBuiltinModule = original
    }
  })

  test.each([
    ['1700000000000GET/api/v2/public/time'],
    ['1700000000000GET/api/v3/trade/unfilled-orders?category=SPOT&symbol=$BTC'],
    ['1700000000000GET/api/v3/trade/unfilled-orders?symbol=BTC USDT'],
    ['1700000000000GET/api/v3/trade/unfilled-orders?symbols=BTCUSDT,ETHUSDT'],
    ['1700000000000GET/api/v3/trade/unfilled-orders?symbol=比特币'],
    ['1700000000000POST/api/v3/trade/place-order{"symbol":"比特币","qty":"0.1"}'],
    [''],
  ])('the default signer matches node:crypto for %j', async (text) => {
    expect(await createHmacSigner(secret).sign(text)).toBe(nodeSign(text))
  })

  test.each(engines)('engine %s imports the key once and signs many times', async (engine) => {
    const signer = createHmacSigner(secret, { engine })
    const [a, b] = await Promise.all([signer.sign('x'), signer.sign('y')])
    expect([a, b]).toEqual([nodeSign('x'), nodeSign('y')])
    expect(await signer.sign('x')).toBe(nodeSign('x'))
  })

  test.each(engines)(
    'engine %s: the secret never shows in JSON.stringify or util.inspect',
    async (engine) => {
      const signer = createHmacSigner(secret, { engine })
      expect(JSON.stringify(signer)).not.toContain(secret)
      expect(inspect(signer, { showHidden: true, depth: 10 })).not.toContain(secret)
      await signer.sign('warm')
      expect(inspect(signer, { showHidden: true, depth: 10 })).not.toContain(secret)
    },
  )
})

describe('sign', () => {
  test.each([
    [{ symbol: '$BTC', category: 'SPOT' }],
    [{ symbol: 'BTC USDT' }],
    [{ symbols: 'BTCUSDT,ETHUSDT', limit: 20 }],
    [{ symbol: '比特币', cursor: 'a+b/c' }],
  ])('GET vector %j equals an independent node:crypto signature', async (query) => {
    const timestamp = '1700000000123'
    const path = '/api/v3/trade/unfilled-orders'
    const raw = Object.entries(query)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&')
    const expected = nodeSign(`${timestamp}GET${path}?${raw}`)
    expect(
      await sign({ signer: createHmacSigner(secret), timestamp, method: 'GET', path, query }),
    ).toBe(expected)
  })

  test('POST signs the exact JSON text', async () => {
    const body = JSON.stringify({ symbol: '$比特币', price: '0.1' })
    const expected = nodeSign(`1POST/api/v3/trade/place-order${body}`)
    expect(
      await sign({
        signer: createHmacSigner(secret),
        timestamp: '1',
        method: 'POST',
        path: '/api/v3/trade/place-order',
        body,
      }),
    ).toBe(expected)
  })

  test('a custom Signer receives the prehash', async () => {
    const seen: string[] = []
    const signature = await sign({
      signer: {
        sign: async (m) => {
          seen.push(m)
          return 'custom'
        },
      },
      timestamp: '5',
      method: 'GET',
      path: '/p',
      query: { b: '2', a: '1' },
    })
    expect([signature, seen]).toEqual(['custom', ['5GET/p?a=1&b=2']])
  })
})
