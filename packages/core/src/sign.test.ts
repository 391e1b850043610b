import { createHmac, generateKeyPairSync, sign as nodeSignRsa, verify } from 'node:crypto'
import { inspect } from 'node:util'
import { describe, expect, test, vi } from 'vitest'
import {
  createHmacSigner,
  createRsaSigner,
  encodeQuery,
  InvalidPrivateKeyError,
  prehash,
  sign,
  sortQuery,
} from './sign.js'

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

  test('decision: "the request sends the same keys in the same order, encoded"', () => {
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

  test('decision: "the prehash uses the sorted query with raw (not percent-encoded) values"', () => {
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

describe('createRsaSigner', () => {
  // Generated per run: no key file is committed.
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const pkcs8 = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const pkcs1 = pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
  /** Every 16+ character line of a PEM: what no error or rendering may contain. */
  const keyLines = (pem: string) =>
    pem.split('\n').filter((line) => line.length >= 16 && !line.startsWith('-----'))
  const engines = ['auto', 'web'] as const
  const forms = [
    ['PKCS#8', pkcs8],
    ['PKCS#1', pkcs1],
  ] as const
  const texts = [
    '1700000000000GET/api/v2/public/time',
    '1700000000000GET/api/v3/trade/unfilled-orders?category=SPOT&symbol=$比特币 x,y',
    '1700000000000POST/api/v3/trade/place-order{"symbol":"比特币","qty":"0.1"}',
    '',
  ]

  test.each(
    engines.flatMap((engine) =>
      forms.flatMap(([form, pem]) => texts.map((text) => [engine, form, pem, text] as const)),
    ),
  )(
    'the exchange docs: "SHA256 with RSA, PKCS#1 v1.5, base64": engine %s, %s key, %j verifies with the public key',
    async (_engine, _form, pem, text) => {
      const signature = await createRsaSigner(pem, { engine: _engine }).sign(text)
      const data = Buffer.from(text, 'utf8')
      expect(verify('sha256', data, pair.publicKey, Buffer.from(signature, 'base64'))).toBe(true)
      expect(verify('sha256', data, other.publicKey, Buffer.from(signature, 'base64'))).toBe(false)
      // PKCS#1 v1.5 is deterministic: exactly node's signature.
      expect(signature).toBe(nodeSignRsa('sha256', data, pair.privateKey).toString('base64'))
    },
  )

  test('the Web Crypto path gives the same bytes as the node:crypto path, for both PEM forms', async () => {
    const text = '1700000000000POST/api/v3/trade/place-order{"qty":"1"}'
    const signatures = await Promise.all(
      engines.flatMap((engine) =>
        forms.map(([, pem]) => createRsaSigner(pem, { engine }).sign(text)),
      ),
    )
    expect(new Set(signatures).size).toBe(1)
  })

  test('Web Crypto is used when node:crypto is not offered (as in a browser)', async () => {
    const process = globalThis.process as { getBuiltinModule?: unknown }
    const original = process.getBuiltinModule
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey')
    process.getBuiltinModule = undefined
    try {
      const signer = createRsaSigner(pkcs1)
      expect(await signer.sign('x')).toBe(
        nodeSignRsa('sha256', Buffer.from('x'), pair.privateKey).toString('base64'),
      )
      expect(importKey).toHaveBeenCalledTimes(1)
    } finally {
      process.getBuiltinModule = original
      importKey.mockRestore()
    }
  })

  test('engine web imports the key once, also under concurrent first calls', async () => {
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey')
    try {
      const signer = createRsaSigner(pkcs8, { engine: 'web' })
      await Promise.all([signer.sign('a'), signer.sign('b'), signer.sign('c')])
      await signer.sign('d')
      expect(importKey).toHaveBeenCalledTimes(1)
    } finally {
      importKey.mockRestore()
    }
  })

  test('engine auto reads the key once, when the signer is created', async () => {
    const node = process.getBuiltinModule('node:crypto')
    const createPrivateKey = vi.spyOn(node, 'createPrivateKey')
    try {
      const signer = createRsaSigner(pkcs8)
      await Promise.all([signer.sign('a'), signer.sign('b')])
      expect(createPrivateKey).toHaveBeenCalledTimes(1)
    } finally {
      createPrivateKey.mockRestore()
    }
  })

  test('line breaks may be CRLF or the two characters \\n (a key pasted into one line of a .env file)', async () => {
    const expected = await createRsaSigner(pkcs8).sign('x')
    for (const pem of [
      pkcs8.replaceAll('\n', '\r\n'),
      pkcs8.replaceAll('\n', '\\n'),
      ` ${pkcs1}\n`,
    ])
      for (const engine of engines)
        expect(await createRsaSigner(pem, { engine }).sign('x')).toBe(expected)
  })

  test.each(engines)(
    'engine %s: the private key never shows in JSON.stringify or util.inspect',
    async (engine) => {
      const signer = createRsaSigner(pkcs8, { engine })
      await signer.sign('warm')
      const texts = [JSON.stringify(signer), inspect(signer, { showHidden: true, depth: 10 })]
      expect(texts).toEqual(['{"type":"rsa-sha256"}', 'RsaSigner {}'])
    },
  )

  const encryptedPkcs8 = pair.privateKey
    .export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'pw',
    })
    .toString()
  const encryptedPkcs1 = pair.privateKey
    .export({
      type: 'pkcs1',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'pw',
    })
    .toString()
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
  const ed25519 = generateKeyPairSync('ed25519').privateKey
  const pss = generateKeyPairSync('rsa-pss', { modulusLength: 2048 }).privateKey
  const lines = pkcs8.trim().split('\n')
  /** A PKCS#1 block whose DER is well formed but is no key: SEQUENCE { INTEGER 0, INTEGER 5 }. */
  const notAKey = `-----BEGIN RSA PRIVATE KEY-----\n${Buffer.from([0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x05]).toString('base64')}\n-----END RSA PRIVATE KEY-----\n`

  test.each([
    ['an empty string', '', 'it is empty'],
    [
      'a secret instead of a PEM',
      'b6c3d1a0f1e2d3c4b5a69788',
      'it is not PEM: expected a "-----BEGIN PRIVATE KEY-----" (PKCS#8) or "-----BEGIN RSA PRIVATE KEY-----" (PKCS#1) block',
    ],
    [
      'the public key (SPKI)',
      pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      'it is a "PUBLIC KEY" block; sign with the private key (the public key is what the exchange is given)',
    ],
    [
      'the public key (PKCS#1)',
      pair.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      'it is a "RSA PUBLIC KEY" block; sign with the private key (the public key is what the exchange is given)',
    ],
    [
      'an encrypted PKCS#8 key',
      encryptedPkcs8,
      'it is encrypted ("ENCRYPTED PRIVATE KEY"); decrypt it first',
    ],
    [
      'an encrypted PKCS#1 key',
      encryptedPkcs1,
      'it has PEM headers (an encrypted key); decrypt it first',
    ],
    [
      'an EC key (PKCS#8)',
      ec.export({ type: 'pkcs8', format: 'pem' }).toString(),
      'it is not an RSA key: it is an EC key',
    ],
    [
      'an EC key (SEC1)',
      ec.export({ type: 'sec1', format: 'pem' }).toString(),
      'its PEM label is "EC PRIVATE KEY"; expected a "-----BEGIN PRIVATE KEY-----" (PKCS#8) or "-----BEGIN RSA PRIVATE KEY-----" (PKCS#1) block',
    ],
    [
      'an Ed25519 key',
      ed25519.export({ type: 'pkcs8', format: 'pem' }).toString(),
      'it is not an RSA key: it is an Ed25519 key',
    ],
    [
      'an RSA-PSS key',
      pss.export({ type: 'pkcs8', format: 'pem' }).toString(),
      'it is not an RSA key: it is an RSA-PSS key (the exchange verifies PKCS#1 v1.5)',
    ],
    [
      'a PEM without its END line',
      lines.slice(0, -1).join('\n'),
      'the "-----END PRIVATE KEY-----" line is missing',
    ],
    [
      'a body with a character that is not base64',
      pkcs8.replace(lines[3] as string, `${(lines[3] as string).slice(0, -1)}!`),
      'its body is not base64',
    ],
    [
      'a truncated body',
      [...lines.slice(0, 6), lines.at(-1)].join('\n'),
      'its body is not a DER-encoded PKCS#8 RSA private key',
    ],
    ['a well-formed PKCS#1 block that is no key', notAKey, 'node:crypto could not read it'],
  ])('%s throws InvalidPrivateKeyError naming the problem, without the key', (_, pem, problem) => {
    let error: unknown
    try {
      createRsaSigner(pem)
    } catch (caught) {
      error = caught
    }
    expect(InvalidPrivateKeyError.isInstance(error)).toBe(true)
    const { shortMessage } = error as InvalidPrivateKeyError
    expect([shortMessage, (error as InvalidPrivateKeyError).problem]).toEqual([
      `The RSA private key cannot be used: ${problem}.`,
      problem,
    ])
    const rendered = [
      (error as Error).message,
      (error as Error).stack ?? '',
      JSON.stringify(error),
      inspect(error, { showHidden: true, depth: 10 }),
    ].join('\n')
    for (const line of keyLines(pem)) expect(rendered).not.toContain(line)
  })

  test('the whole message of a bad key', () => {
    expect(() =>
      createRsaSigner(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    ).toThrowErrorMatchingInlineSnapshot(`
        [InvalidPrivateKeyError: The RSA private key cannot be used: it is a "PUBLIC KEY" block; sign with the private key (the public key is what the exchange is given).

        Expected: an unencrypted RSA private key as PEM, "-----BEGIN PRIVATE KEY-----" (PKCS#8) or "-----BEGIN RSA PRIVATE KEY-----" (PKCS#1).]
      `)
  })

  test('engine web: a key Web Crypto cannot import fails every sign with InvalidPrivateKeyError', async () => {
    const signer = createRsaSigner(notAKey, { engine: 'web' })
    for (const text of ['a', 'b']) {
      const error = await signer.sign(text).catch((caught: unknown) => caught)
      expect(InvalidPrivateKeyError.isInstance(error)).toBe(true)
      expect((error as InvalidPrivateKeyError).problem).toBe('Web Crypto could not import it')
    }
  })

  test('a value that is not a string (from JavaScript) is refused', () => {
    expect(() => createRsaSigner(undefined as unknown as string)).toThrow(
      'The RSA private key cannot be used: it is a undefined, not a PEM string.',
    )
  })
})
