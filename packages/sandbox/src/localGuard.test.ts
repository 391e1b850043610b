// The admin API and the explorer answer local callers only: the loopback address was not enough,
// as any page the user opened runs on this machine. A page's simple POST (text/plain, no
// preflight) and a page whose name was re-pointed at 127.0.0.1 (DNS rebinding: the Host is the
// page's name) are refused, over real loopback; the repo's own callers (JSON, loopback names) work.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { raw } from './abuse/harness.js'
import { startSandbox } from './server.js'
import { start } from './test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
let port: string
beforeAll(async () => {
  ctx = await start()
  port = new URL(ctx.sandbox.url).port
})
afterAll(async () => {
  await ctx.sandbox.close()
})

const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  raw(ctx.sandbox.url, { method, path, headers, ...(body !== undefined && { body }) })
const codeOf = (answer: Awaited<ReturnType<typeof raw>>) =>
  typeof answer.body === 'string' ? answer.body : answer.body.code
const textOf = (answer: Awaited<ReturnType<typeof raw>>) =>
  typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)

describe('cross-site requests (CSRF)', () => {
  // A page on another port of this machine passes the host checks: its Origin is a loopback name.
  const page = { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' }

  test("a page's text/plain POST (what a page sends without a preflight) is refused 403 40300 and not applied", async () => {
    const before = ctx.sandbox.admin.now()
    const answer = await send(
      'POST',
      '/sandbox/clock/advance',
      { ...page, 'content-type': 'text/plain;charset=UTF-8' },
      '{"ms":3600000}',
    )
    expect([answer.status, codeOf(answer)]).toEqual([403, '40300'])
    expect(textOf(answer)).toContain('application/json')
    expect(ctx.sandbox.admin.now()).toBe(before)
  })

  test.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    "a page's %s POST is refused too",
    async (type) => {
      const answer = await send('POST', '/sandbox/ws/drop', { ...page, 'content-type': type }, '')
      expect([answer.status, codeOf(answer)]).toEqual([403, '40300'])
    },
  )

  test("a page's POST without a Content-Type (a body-less fetch) is refused; so is one with Sec-Fetch-Dest alone", async () => {
    const answer = await send('POST', '/sandbox/rate-limits/reset', { origin: page.origin })
    expect([answer.status, codeOf(answer)]).toEqual([403, '40300'])
    const fetched = await send('POST', '/sandbox/rate-limits/reset', { 'sec-fetch-dest': 'empty' })
    expect([fetched.status, codeOf(fetched)]).toEqual([403, '40300'])
  })

  test("a script's POST (no Origin, no Sec-Fetch headers: curl -d sends a form type) is served whatever its Content-Type", async () => {
    const before = ctx.sandbox.admin.now()
    const answer = await send(
      'POST',
      '/sandbox/clock/advance',
      { 'content-type': 'application/x-www-form-urlencoded' },
      '{"ms":1000}',
    )
    expect(answer.status).toBe(200)
    expect(ctx.sandbox.admin.now()).toBe(before + 1000)
    // Node's own fetch (undici sends Sec-Fetch-Mode: cors, no Origin): served, with no type too.
    const viaFetch = await fetch(`${ctx.sandbox.url}/sandbox/clock/advance`, {
      method: 'POST',
      body: JSON.stringify({ ms: 1000 }),
    })
    expect(viaFetch.status).toBe(200)
    const bodiless = await fetch(`${ctx.sandbox.url}/sandbox/rate-limits/reset`, { method: 'POST' })
    expect(bodiless.status).toBe(200)
    expect(ctx.sandbox.admin.now()).toBe(before + 2000)
  })

  test('an Origin of another site, or Sec-Fetch-Site: cross-site, is refused even as JSON', async () => {
    const json = { 'content-type': 'application/json' }
    const body = '{"ms":1}'
    const origin = await send(
      'POST',
      '/sandbox/clock/advance',
      { ...json, origin: 'https://evil.example' },
      body,
    )
    expect([origin.status, codeOf(origin)]).toEqual([403, '40300'])
    const opaque = await send('POST', '/sandbox/clock/advance', { ...json, origin: 'null' }, body)
    expect(opaque.status).toBe(403)
    const fetchSite = await send(
      'POST',
      '/sandbox/clock/advance',
      { ...json, 'sec-fetch-site': 'cross-site' },
      body,
    )
    expect([fetchSite.status, codeOf(fetchSite)]).toEqual([403, '40300'])
    const page = await send('GET', '/explorer', { 'sec-fetch-site': 'cross-site' })
    expect(page.status).toBe(403)
  })
})

describe('DNS rebinding: a Host that is not a loopback name', () => {
  test.each(['/sandbox/state', '/explorer'])(
    'GET %s under another name answers 403 40300, without the secret',
    async (path) => {
      const answer = await send('GET', path, { host: `rebind.evil.example:${port}` })
      expect([answer.status, codeOf(answer)]).toEqual([403, '40300'])
      expect(textOf(answer)).not.toContain(ctx.sandbox.credentials.secret)
    },
  )

  test('the check of the explorer is refused too; a loopback name on another port (a port forward) is served', async () => {
    const check = await send(
      'POST',
      '/explorer/check',
      { host: `rebind.evil.example:${port}`, 'content-type': 'application/json' },
      '{"method":"GET","path":"/api/v3/public/time"}',
    )
    expect([check.status, codeOf(check)]).toEqual([403, '40300'])
    const forwarded = await send('GET', '/sandbox/state', { host: '127.0.0.1:9000' })
    expect(forwarded.status).toBe(200)
  })

  test.each([['127.0.0.1'], ['localhost'], ['[::1]']])(
    'Host %s with the port is served',
    async (name) => {
      const answer = await send('GET', '/sandbox/state', { host: `${name}:${port}` })
      expect([answer.status, codeOf(answer)]).toEqual([200, '00000'])
    },
  )

  test('a page of a loopback name (the explorer itself, a dev server) may call it as JSON', async () => {
    const answer = await send(
      'POST',
      '/explorer/check',
      {
        origin: `http://127.0.0.1:${port}`,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      '{"method":"GET","path":"/api/v3/public/time"}',
    )
    expect(answer.status).toBe(200)
    const dev = await send(
      'POST',
      '/sandbox/clock/advance',
      { origin: 'http://localhost:3000', 'content-type': 'application/json; charset=utf-8' },
      '{"ms":0}',
    )
    expect([dev.status, codeOf(dev)]).toEqual([200, '00000'])
  })

  test('a sandbox started under a host the user chose answers under that name too', async () => {
    const chosen = await startSandbox({ host: '127.0.0.2', rateLimits: false })
    try {
      const own = new URL(chosen.url).port
      const named = await raw(chosen.url, { method: 'GET', path: '/sandbox/state' })
      expect(named.status).toBe(200)
      const other = await raw(chosen.url, {
        method: 'GET',
        path: '/sandbox/state',
        headers: { host: `rebind.evil.example:${own}` },
      })
      expect(other.status).toBe(403)
    } finally {
      await chosen.close()
    }
  })
})
