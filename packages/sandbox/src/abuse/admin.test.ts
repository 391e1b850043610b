// Bad calls of every admin route (iterating the routes the app has mounted under /sandbox/):
// each answered 200 00000 or 400 40017 with a message naming the field and the rule, never a
// 500 or an internal message, and the sandbox healthy after every route's cases. The named
// cases are those an independent check found poisoning a running sandbox until restart.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adminBounds } from '../adminInput.js'
import { createSandboxApp } from '../app.js'
import { ethBuy, paths } from '../test/unified.js'
import { health, startAbuse } from './harness.js'

let ctx: Awaited<ReturnType<typeof startAbuse>>
let n = 0
const statuses: number[] = []

beforeAll(async () => {
  ctx = await startAbuse()
})
afterAll(async () => {
  await ctx.sandbox.close()
})

type Answer = { status: number; code: string; msg: string }

async function call(method: string, path: string, body?: string): Promise<Answer> {
  const response = await fetch(`${ctx.sandbox.url}${path}`, {
    method,
    ...(body !== undefined && { body, headers: { 'content-type': 'application/json' } }),
  })
  statuses.push(response.status)
  const envelope = (await response.json()) as { code: string; msg: string }
  return { status: response.status, code: envelope.code, msg: envelope.msg }
}

const admin = (path: string, body: unknown) => call('POST', path, JSON.stringify(body))
const healthy = async () =>
  expect(await health(ctx, n++)).toEqual(['00000', '00000', '00000', '00000'])

/** A refusal: HTTP 400, 40017, a message naming the field and the rule, nothing internal. */
function expectRefused(answer: Answer, field?: string) {
  expect([answer.status, answer.code]).toEqual([400, '40017'])
  // `field: expected ...`, or one of the admin's state refusals (`order 1 is not open`,
  // `no savings product 9`, `publicKey must be an RSA public key ...`).
  expect(answer.msg).toMatch(
    /^([\w.,\s-]+: |order |no |unknown |a |the |an |\w+ must |mark price )/,
  )
  expect(answer.msg).not.toMatch(/Cannot read|is not a function|is not iterable|of undefined/)
  if (field) expect(answer.msg.startsWith(`${field}: `)).toBe(true)
}

describe('calls that poisoned the sandbox until restart', () => {
  test('POST /sandbox/orders {} is refused naming the field; unfilled, history and place still answer 00000 (they answered 500 45001)', async () => {
    expectRefused(await admin('/sandbox/orders', {}), 'category')
    await healthy()
  })

  test('POST /sandbox/orders of an unknown symbol or more filled than ordered is refused', async () => {
    const order = ethBuy({ symbol: 'NOPEUSDT' })
    expectRefused(await admin('/sandbox/orders', order), 'symbol')
    expectRefused(
      await admin('/sandbox/orders', { ...order, symbol: 'ETHUSDT', filledQty: '2' }),
      'filledQty',
    )
    await healthy()
  })

  test('POST /sandbox/instruments {} is refused; the market reads still answer 00000', async () => {
    expectRefused(await admin('/sandbox/instruments', {}), 'symbol')
    const instruments = await fetch(
      `${ctx.sandbox.url}/api/v3/market/instruments?category=SPOT`,
    ).then((r) => r.json())
    expect(instruments.code).toBe('00000')
    await healthy()
  })

  test('POST /sandbox/positions {} answers a named 400, not an internal TypeError message', async () => {
    const answer = await admin('/sandbox/positions', {})
    expectRefused(answer, 'category')
    expect(answer.msg).not.toMatch(/TypeError|toUpperCase/)
    expectRefused(
      await admin('/sandbox/positions', {
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        side: 'long',
        size: '-1',
      }),
    )
  })

  test(`clock/advance {"ms":1e308} is refused (every signed call answered 40008 after it): at most ${adminBounds.advanceMs} ms`, async () => {
    const answer = await call('POST', '/sandbox/clock/advance', '{"ms":1e308}')
    expect(answer.msg).toBe(
      `ms: expected a whole number from 0 to ${adminBounds.advanceMs}, received 1e+308`,
    )
    expectRefused(answer, 'ms')
    expectRefused(await admin('/sandbox/clock/advance', { ms: -1 }), 'ms')
    expectRefused(await admin('/sandbox/clock/advance', { ms: 1.5 }), 'ms')
    expectRefused(await admin('/sandbox/clock/advance', {}), 'ms')
    expect(() => ctx.sandbox.admin.advanceClock(Number.MAX_VALUE)).toThrow(/^ms: expected/)
    await healthy()
  })

  test(`faults: delayMs 1e12 (it fired after 1 ms) and -1 are refused; at most ${adminBounds.delayMs} ms`, async () => {
    const base = { path: paths.place, kind: 'delay' }
    expectRefused(await admin('/sandbox/faults', { ...base, delayMs: 1e12 }), 'delayMs')
    expectRefused(await admin('/sandbox/faults', { ...base, delayMs: -1 }), 'delayMs')
    expectRefused(await admin('/sandbox/faults', { ...base, times: 0 }), 'times')
    expectRefused(await admin('/sandbox/faults', { ...base, kind: 'nope' }), 'kind')
    expectRefused(await admin('/sandbox/faults', { kind: 'delay', path: 'no-slash' }), 'path')
    expect(ctx.sandbox.admin.state().faults).toEqual([])
    await healthy()
  })

  test(`seeding 10^7 executions (16 s and 1.5 GB) is refused: at most ${adminBounds.executions} in all`, async () => {
    const seed = { count: 10_000_000, from: 0, to: 1 }
    expectRefused(await admin('/sandbox/stockplus/executions', seed), 'count')
    expect((await admin('/sandbox/stockplus/executions', { ...seed, count: 10 })).code).toBe(
      '00000',
    )
    expect(() =>
      ctx.sandbox.admin.seedExecutions({ ...seed, count: adminBounds.executions }),
    ).toThrow(/^count: expected at most 99990 more executions/)
    await healthy()
  })
})

/** Field names the admin routes take: each is sent alone with values of every wrong kind. */
const fields = [
  'ms',
  'symbol',
  'price',
  'prices',
  'marks',
  'path',
  'kind',
  'method',
  'code',
  'delayMs',
  'times',
  'retryAfterMs',
  'applied',
  'echo',
  'orderId',
  'qty',
  'category',
  'side',
  'orderType',
  'status',
  'coin',
  'amount',
  'uid',
  'mode',
  'productType',
  'hedgeClose',
  'eliteTraderPairs',
  'size',
  'count',
  'from',
  'to',
  'quantity',
  'costPrice',
  'as',
  'productId',
  'on',
  'maker',
  'taker',
  'symbols',
  'rate',
  'intervalHours',
  'apiKey',
  'permissions',
  'publicKey',
  'hold',
  'demo',
]
const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
const wrongValues: readonly unknown[] = [[[{}]], 1e308, -1, -1e308, '-1', '1e308', 'x'.repeat(5000)]

/** The admin routes an app has mounted (its route table), without the catch-alls. */
function mountedOf(app: unknown): { method: string; path: string }[] {
  const seen = new Set<string>()
  return (app as { routes: { method: string; path: string }[] }).routes
    .filter((r) => r.path.startsWith('/sandbox/') && !r.path.includes('*') && r.method !== 'ALL')
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
    .map(({ method, path }) => ({ method, path }))
}
/** Read at collection time from an app of the same build, so each route is a test of its own. */
const adminRoutes = mountedOf(createSandboxApp({ seed: 1 }).app)

describe('every mounted admin route under bad input', () => {
  test('the route table holds the admin routes, the same as the running sandbox mounted', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(32)
    expect(mountedOf(ctx.sandbox.sandbox.app)).toEqual(adminRoutes)
  })

  test.each(adminRoutes.filter((r) => r.method === 'POST').map((r) => [r.path]))(
    'POST %s: {}, non-objects, deep nesting, each field with wrong types, huge and negative numbers',
    async (path) => {
      const bodies: string[] = [
        '{}',
        '[]',
        '"x"',
        'null',
        '1e308',
        '{"a":1,"a":2}',
        deep,
        '{not json',
        ...wrongValues.map((value) =>
          JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))),
        ),
        // Each field alone, the wrong kinds taken in turn (every kind meets every route).
        ...fields.map((f, i) => JSON.stringify({ [f]: wrongValues[i % wrongValues.length] })),
      ]
      for (const body of bodies) {
        const answer = await call('POST', path, body)
        if (answer.status === 200) expect(answer.code).toBe('00000')
        else expectRefused(answer)
      }
      await healthy()
    },
  )

  test.each(adminRoutes.filter((r) => r.method !== 'POST').map((r) => [r.method, r.path]))(
    '%s %s: bad, repeated, huge and negative query values',
    async (method, path) => {
      const queries = [
        '?afterSeq=-1',
        '?afterSeq=1e308',
        '?afterSeq=abc',
        '?uid=a&uid=b',
        '?symbol=',
        `?symbol=${'A'.repeat(5000)}`,
        `?path=${'a'.repeat(600)}`,
        '?unknown=1',
      ]
      for (const query of queries) {
        const answer = await call(method, `${path}${query}`)
        if (answer.status === 200) expect(answer.code).toBe('00000')
        else expectRefused(answer)
      }
      await healthy()
    },
  )

  test('no admin call answered HTTP 500, and the sandbox counted no internal error', () => {
    expect(statuses.length).toBeGreaterThan(1000)
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
  })
})
