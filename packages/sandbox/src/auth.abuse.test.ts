// Authentication abuse per product line (the fault campaign): raw signed requests over real HTTP, each
// forged one way, refused with the exchange's code (the exchange docs "Error codes seen") and
// nothing applied: the sandbox state after the refused call is the state before it.
import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { defaultTimestampWindowMs } from './auth.js'
import { stockplusOf } from './exchange/stockplusBook.js'
import type { RunningSandbox } from './server.js'
import type { AccountMode, ApiKey, Permission } from './state.js'
import { order as classicOrder, classicPaths } from './test/classic.js'
import { type Credentials, encodedQuery, type fixedClock, signedHeaders } from './test/helpers.js'
import { ethBuy, paths, start } from './test/unified.js'

type Request = {
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string> | undefined
  body?: string | undefined
}

/** One product line: a call that changes state, by a key of an account of `mode`. */
type Line = {
  line: string
  write: boolean
  /** The account mode whose keys call the line (a unified key gets 40085 from the classic line). */
  mode: AccountMode
  request(n: number): Request
}

const post = (path: string, body: unknown): Request => ({
  method: 'POST',
  path,
  body: JSON.stringify(body),
})

const lines: readonly Line[] = [
  {
    line: 'unified /api/v3/trade',
    write: true,
    mode: 'unified',
    request: (n) => post(paths.place, ethBuy({ clientOid: `abuse-u-${n}` })),
  },
  {
    line: 'classic /api/v2/mix/order',
    write: true,
    mode: 'classic',
    request: (n) =>
      post(classicPaths.place, classicOrder({ size: '0.001', clientOid: `abuse-c-${n}` })),
  },
  {
    line: 'stockplus /api/v3/stockplus',
    write: true,
    mode: 'unified',
    request: () =>
      post('/api/v3/stockplus/trade/place-order', {
        symbol: 'AAPL.US',
        orderType: 'LO',
        side: 'Buy',
        submittedQuantity: '1',
        submittedPrice: '1.00',
        timeInForce: 'Day',
        outsideRth: 'RTHOnly',
      }),
  },
  {
    line: 'savings /api/v2/earn/savings',
    write: true,
    mode: 'unified',
    request: () =>
      post('/api/v2/earn/savings/subscribe', {
        productId: '1001',
        periodType: 'flexible',
        amount: '10',
      }),
  },
]

let ctx: Awaited<ReturnType<typeof start>>
let sandbox: RunningSandbox
let clock: ReturnType<typeof fixedClock>
let key: ApiKey
let readOnly: ApiKey
/** An RSA key of the account (the sandbox holds its public key) and another RSA private key. */
let rsa: Credentials
let otherPrivateKey: KeyObject
let calls = 0
/** The keys of each mode's account (the forgeries use those of the line's mode). */
const keysOf = {} as Record<AccountMode, { key: ApiKey; readOnly: ApiKey; rsa: Credentials }>

/** Makes the keys of the line's mode the ones the forgeries use. */
function use(line: Line): void {
  ;({ key, readOnly, rsa } = keysOf[line.mode])
}

beforeAll(async () => {
  ctx = await start()
  ;({ sandbox, clock } = ctx)
  otherPrivateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
  for (const [mode, uid] of [
    ['unified', '7700000001'],
    ['classic', '7700000002'],
  ] as const) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const registered = sandbox.admin.addKey({
      uid,
      accountMode: mode,
      publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    })
    keysOf[mode] = {
      key: sandbox.admin.addKey({ uid, permissions: ['trade_rw'] }),
      readOnly: sandbox.admin.addKey({ uid, permissions: ['trade_ro'] }),
      rsa: { ...registered, privateKey: pair.privateKey },
    }
  }
  sandbox.admin.setStockCash('100000', '7700000001')
  use(lines[0]!)
})
afterAll(() => sandbox.close())

/** What a call could change: every store of the sandbox but its clock. */
function fingerprint(): string {
  const { now: _, clockOffset: __, ...state } = sandbox.admin.state()
  const stock = stockplusOf(sandbox.sandbox.state)
  return JSON.stringify({
    state,
    stock: { orders: stock.orders, executions: stock.executions, accounts: [...stock.accounts] },
  })
}

type Forged = { headers: Record<string, string>; request: Request }

/** The request signed by `signer` at the sandbox's time (moved by `skewMs`). */
function signed(request: Request, signer: Credentials = key, skewMs = 0): Forged {
  const headers = signedHeaders(signer, { ...request, timestamp: sandbox.admin.now() + skewMs })
  return { headers, request }
}

async function send({ headers, request }: Forged) {
  const search = encodedQuery(request.query ?? {})
  const response = await fetch(`${sandbox.url}${request.path}${search ? `?${search}` : ''}`, {
    method: request.method,
    headers,
    ...(request.method === 'POST' && { body: request.body ?? '' }),
  })
  return { status: response.status, code: ((await response.json()) as { code: string }).code }
}

/** A signature with one base64 character changed (still valid base64, still 44 characters). */
function tamper(sign: string): string {
  const at = 10
  return `${sign.slice(0, at)}${sign[at] === 'A' ? 'B' : 'A'}${sign.slice(at + 1)}`
}

const window = defaultTimestampWindowMs

/** Each forgery, the exchange code it gets and the lines it applies to. */
const forgeries: readonly {
  name: string
  code: string
  writesOnly?: boolean
  forge(line: Line, n: number): Forged
}[] = [
  {
    name: 'tampered signature',
    code: '40009',
    forge(line, n) {
      const f = signed(line.request(n))
      return { ...f, headers: { ...f.headers, 'ACCESS-SIGN': tamper(f.headers['ACCESS-SIGN']!) } }
    },
  },
  {
    name: 'signature of another request (body or query changed after signing)',
    code: '40009',
    forge(line, n) {
      const request = line.request(n)
      const other: Request =
        request.method === 'POST'
          ? { ...request, body: `${request.body} ` }
          : { ...request, query: { ...request.query, filter: 'held' } }
      return { headers: signed(other).headers, request }
    },
  },
  {
    name: 'signed with another secret',
    code: '40009',
    forge: (line, n) => signed(line.request(n), { ...key, secret: `${key.secret.slice(1)}0` }),
  },
  {
    name: 'RSA key: tampered signature',
    code: '40009',
    forge(line, n) {
      const f = signed(line.request(n), rsa)
      return { ...f, headers: { ...f.headers, 'ACCESS-SIGN': tamper(f.headers['ACCESS-SIGN']!) } }
    },
  },
  {
    name: 'RSA key: signed with another private key',
    code: '40009',
    forge: (line, n) => signed(line.request(n), { ...rsa, privateKey: otherPrivateKey }),
  },
  {
    name: 'RSA key: signed with an HMAC of the passphrase (a key confusion)',
    code: '40009',
    forge: (line, n) =>
      signed(line.request(n), {
        apiKey: rsa.apiKey,
        secret: rsa.passphrase,
        passphrase: rsa.passphrase,
      }),
  },
  {
    name: `stale timestamp (window ${window} ms + 1 s behind)`,
    code: '40008',
    forge: (line, n) => signed(line.request(n), key, -(window + 1000)),
  },
  {
    name: `future timestamp (window ${window} ms + 1 s ahead)`,
    code: '40008',
    forge: (line, n) => signed(line.request(n), key, window + 1000),
  },
  {
    name: 'wrong passphrase (signed correctly)',
    code: '40012',
    forge: (line, n) => signed(line.request(n), { ...key, passphrase: `${key.passphrase}x` }),
  },
  {
    name: 'a read-only key (trade_ro) on a write',
    code: '40014',
    writesOnly: true,
    forge: (line, n) => signed(line.request(n), readOnly),
  },
  {
    name: 'empty ACCESS-KEY',
    code: '40001',
    forge: (line, n) => signed(line.request(n), { ...key, apiKey: '' }),
  },
  {
    name: 'no ACCESS-KEY header',
    code: '40001',
    forge(line, n) {
      const { 'ACCESS-KEY': _, ...headers } = signed(line.request(n)).headers
      return { headers, request: line.request(n) }
    },
  },
  {
    name: 'empty ACCESS-SIGN',
    code: '40003',
    forge(line, n) {
      const f = signed(line.request(n))
      return { ...f, headers: { ...f.headers, 'ACCESS-SIGN': '' } }
    },
  },
  {
    name: 'empty ACCESS-PASSPHRASE',
    code: '40011',
    forge: (line, n) => signed(line.request(n), { ...key, passphrase: '' }),
  },
  ...(['', 'abc', '1.7e12', '-1', `${Date.UTC(2026, 0)}.5`, '12345678901234567'] as const).map(
    (timestamp) => ({
      name: `invalid ACCESS-TIMESTAMP ${JSON.stringify(timestamp)}`,
      code: '40005',
      forge(line: Line, n: number): Forged {
        const f = signed(line.request(n))
        return { ...f, headers: { ...f.headers, 'ACCESS-TIMESTAMP': timestamp } }
      },
    }),
  ),
  {
    name: 'unknown ACCESS-KEY (signed with a real secret)',
    code: '40006',
    forge: (line, n) => signed(line.request(n), { ...key, apiKey: `bg_${'0'.repeat(32)}` }),
  },
]

const table = lines.flatMap((line) =>
  forgeries
    .filter((forgery) => line.write || !forgery.writesOnly)
    .map((forgery) => [line.line, forgery.name, forgery.code, line, forgery] as const),
)

describe('authentication abuse, every product line (exchange codes, nothing applied)', () => {
  test('the table covers the four product lines and every forgery', () => {
    expect(new Set(table.map(([line]) => line)).size).toBe(4)
    expect(table).toHaveLength(4 * forgeries.length)
  })

  test.each(table)('%s: %s gets %s, nothing applied', async (_, __, code, line, forgery) => {
    use(line)
    const n = ++calls
    const before = fingerprint()
    const { status, code: answered } = await send(forgery.forge(line, n))
    expect({ status, code: answered }).toEqual({ status: 400, code })
    expect(fingerprint()).toBe(before)
    // The same request signed correctly is accepted and applied: the refusal was the forgery's.
    const control = await send(signed(line.request(n)))
    expect(control).toEqual({ status: 200, code: '00000' })
    if (line.write) expect(fingerprint()).not.toBe(before)
  })

  test.each(lines)(
    '$line: a captured signed request replayed after the window gets 40008, applied once',
    async (line) => {
      use(line)
      const n = ++calls
      const captured = signed(line.request(n))
      expect(await send(captured)).toEqual({ status: 200, code: '00000' })
      const once = fingerprint()
      clock.set(clock.now() + window + 1)
      expect(await send(captured)).toEqual({ status: 400, code: '40008' })
      expect(fingerprint()).toBe(once)
    },
  )
})

describe("authentication abuse: a key without a feature's permission gets 40014", () => {
  /** A key of the account with `permissions`, and the feature call. */
  const features: readonly {
    feature: string
    whitelist: Permission
    request: Request
  }[] = [
    {
      feature: 'the countdown switch (unified countdown-cancel-all)',
      whitelist: 'countdown',
      request: post(paths.countdown, { countdown: '30' }),
    },
    {
      feature: 'reality-fills (unified account)',
      whitelist: 'realityFills',
      request: { method: 'GET', path: paths.realityFills, query: {} },
    },
    {
      feature: 'option quotes (stockplus market/option-quote entitlement)',
      whitelist: 'optionQuote',
      request: {
        method: 'GET',
        path: '/api/v3/stockplus/market/option-quote',
        query: { symbol: 'AAPL260918C00230000.US' },
      },
    },
  ]

  test.each(features)('$feature', async ({ whitelist, request }) => {
    use(lines[0]!)
    const without = sandbox.admin.addKey({ uid: '7700000001', permissions: ['trade_rw'] })
    const readOnlyWith = sandbox.admin.addKey({
      uid: '7700000001',
      permissions: ['trade_ro', whitelist],
    })
    const withIt = sandbox.admin.addKey({ uid: '7700000001', permissions: ['trade_rw', whitelist] })
    const before = fingerprint()
    expect(await send(signed(request, without))).toEqual({ status: 400, code: '40014' })
    expect(fingerprint()).toBe(before)
    // A whitelisted key that may only read is refused a write.
    const read = await send(signed(request, readOnlyWith))
    expect(read).toEqual(
      request.method === 'GET' ? { status: 200, code: '00000' } : { status: 400, code: '40014' },
    )
    expect(fingerprint()).toBe(before)
    expect(await send(signed(request, withIt))).toEqual({ status: 200, code: '00000' })
  })
})
