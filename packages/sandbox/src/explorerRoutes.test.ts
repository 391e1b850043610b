// The explorer's routes over real HTTP (and, for a caller that is not on loopback, through the
// app with a remote address, as the admin API's test does).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSandboxApp } from './app.js'
import { endpointMap } from './endpoints.js'
import { type RunningSandbox, startSandbox } from './server.js'

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7 })
})

afterAll(async () => {
  await sandbox?.close()
})

describe('explorer routes', () => {
  test('/openapi.json is the OpenAPI 3.1 document of every endpoint served, with this sandbox as its server', async () => {
    const response = await fetch(`${sandbox.url}/openapi.json`)
    expect(response.headers.get('content-type')).toContain('application/json')
    const document = (await response.json()) as {
      openapi: string
      servers: { url: string }[]
      paths: Record<string, Record<string, { operationId: string }>>
    }
    expect(document.openapi).toBe('3.1.0')
    expect(document.servers).toEqual([{ url: sandbox.url, description: 'This tradeline sandbox' }])
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    )
    expect(ids.sort()).toEqual([...endpointMap().values()].map((endpoint) => endpoint.id).sort())
  })

  test('/explorer/check answers what the rules say, with the sandbox instrument as context', async () => {
    const check = async (input: object) =>
      (
        await fetch(`${sandbox.url}/explorer/check`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ method: 'POST', path: '/api/v3/trade/place-order', input }),
        })
      ).json()
    // A futures buy of 0.01 on BTCUSDT (price step 0.1 in the sandbox).
    const order = { symbol: 'BTCUSDT', category: 'USDT-FUTURES', qty: '0.01', side: 'buy' }
    expect(await check({ ...order, orderType: 'limit', price: '60000.5' })).toEqual({
      known: true,
      endpoint: 'unified.placeOrder',
      issues: [],
    })
    const refused = await check({ ...order, orderType: 'limit', price: '60000.55' })
    expect(refused.issues.map((issue: { path: string[] }) => issue.path)).toEqual([['price']])
    expect(refused.issues[0].message).toContain('a multiple of 0.1 (priceMultiplier of BTCUSDT)')
  })

  test('the place-order example of /openapi.json is a request the rules accept with the sandbox instrument', async () => {
    const document = await (await fetch(`${sandbox.url}/openapi.json`)).json()
    const example = document.paths['/api/v3/trade/place-order'].post.requestBody.content[
      'application/json'
    ].example as Record<string, string>
    expect(example).toMatchObject({ symbol: 'BTCUSDT', category: 'USDT-FUTURES', price: '60000' })
    const answer = await fetch(`${sandbox.url}/explorer/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: '/api/v3/trade/place-order', input: example }),
    })
    expect(await answer.json()).toEqual({ known: true, endpoint: 'unified.placeOrder', issues: [] })
  })

  test('only the Swagger UI files the page loads are served', async () => {
    expect((await fetch(`${sandbox.url}/explorer/swagger-ui.css`)).status).toBe(200)
    for (const name of ['package.json', 'index.html', '..%2Fpackage.json', 'swagger-ui.js'])
      expect((await fetch(`${sandbox.url}/explorer/${name}`)).status, name).toBe(404)
  })

  test('the page (it holds the secret) and the check answer loopback callers only', async () => {
    const embedded = createSandboxApp({ rateLimits: false })
    const remote = { incoming: { socket: { remoteAddress: '10.1.2.3' } } }
    const page = await embedded.app.request('/explorer', {}, remote as never)
    expect(page.status).toBe(403)
    const secret = [...embedded.state.keys.values()][0]?.secret ?? ''
    expect(secret).not.toBe('')
    expect(await page.text()).not.toContain(secret)
    const check = await embedded.app.request(
      '/explorer/check',
      { method: 'POST', body: '{}' },
      remote as never,
    )
    expect(check.status).toBe(403)
    const local = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }
    const own = await embedded.app.request('/explorer', {}, local as never)
    expect(own.status).toBe(200)
    expect(await own.text()).toContain(secret)
  })

  test("the page names the key's account mode and which API refuses it", async () => {
    const local = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }
    for (const [accountMode, note] of [
      ['unified', 'Account mode: unified (UTA).'],
      ['classic', 'Account mode: classic.'],
    ] as const) {
      const { app } = createSandboxApp({ rateLimits: false, accountMode })
      const html = await (await app.request('/explorer', {}, local as never)).text()
      expect(html).toContain(`<p id="account-mode">${note}`)
      expect(html).toContain(accountMode === 'unified' ? 'answer 40085' : 'answer 40084')
    }
  })
})
