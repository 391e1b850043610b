import { createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Context } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Env } from './exchange.js'
import { headerOf } from './requestHeader.js'
import { signedHeaders } from './test/helpers.js'

// Counts every web `Request` and `Response` built in this process. Installed before the sandbox's
// modules and `@hono/node-server` are imported (below, dynamically: each keeps the classes it
// found at its import), so every construction, the adapter's and the sandbox's, is counted.
const built = { requests: 0, responses: 0 }
const NativeRequest = globalThis.Request
const NativeResponse = globalThis.Response
class CountedRequest extends NativeRequest {
  constructor(...args: ConstructorParameters<typeof Request>) {
    super(...args)
    built.requests++
  }
}
class CountedResponse extends NativeResponse {
  constructor(...args: ConstructorParameters<typeof Response>) {
    super(...args)
    built.responses++
  }
}

let sandboxModule: typeof import('./server.js')
let textModule: typeof import('./textResponse.js')
let adapter: typeof import('@hono/node-server')
beforeAll(async () => {
  globalThis.Request = CountedRequest as typeof Request
  globalThis.Response = CountedResponse as typeof Response
  sandboxModule = await import('./server.js')
  textModule = await import('./textResponse.js')
  adapter = await import('@hono/node-server')
})
afterAll(() => {
  globalThis.Request = NativeRequest
  globalThis.Response = NativeResponse
})

/** One HTTP/1.1 exchange through `node:http` (no web `Request` or `Response` on this side). */
function send(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string | string[]> = {},
  body?: string,
): Promise<{
  status: number
  statusText: string
  headers: IncomingMessage['headers']
  text: string
}> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(`${url}${path}`, { method, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: response.headers,
          text,
        }),
      )
    })
    call.on('error', reject)
    call.end(body)
  })
}

describe("served over Node's server", () => {
  test("a signed order and a public read build no web Request and no web Response: the body is read from Node's request and the answer written to its response (they cost more than half of a small call)", async () => {
    const sandbox = await sandboxModule.startSandbox({ rateLimits: false })
    try {
      const path = '/api/v3/trade/place-order'
      const order = (n: number) =>
        JSON.stringify({
          category: 'SPOT',
          symbol: 'ETHUSDT',
          side: 'buy',
          orderType: 'limit',
          qty: '0.01',
          price: '1000',
          clientOid: `text-response-${n}`,
        })
      const place = async (n: number) => {
        const body = order(n)
        const headers = signedHeaders(sandbox.credentials, {
          method: 'POST',
          path,
          body,
          timestamp: Date.now(),
        })
        return send(sandbox.url, 'POST', path, headers, body)
      }
      // The first answer builds the one shared "already written" marker of the adapter.
      const warm = await place(0)
      expect(warm.text).toContain('"00000"')
      const before = { ...built }
      const answers = [
        await place(1),
        await place(2),
        await send(sandbox.url, 'GET', '/api/v3/public/time'),
        await send(sandbox.url, 'GET', '/api/v3/no-such-path'),
      ]
      expect(built).toEqual(before)
      const [first, second, time, missing] = answers
      for (const placed of [first, second]) {
        expect(placed?.status).toBe(200)
        expect(JSON.parse(placed?.text ?? '')).toMatchObject({ code: '00000', msg: 'success' })
      }
      expect(JSON.parse(first?.text ?? '').data.clientOid).toBe('text-response-1')
      expect(first?.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(first?.headers['content-length']).toBe(String(Buffer.byteLength(first?.text ?? '')))
      expect(JSON.parse(time?.text ?? '').code).toBe('00000')
      expect(missing?.status).toBe(404)
      expect(JSON.parse(missing?.text ?? '')).toMatchObject({ code: '40404', data: null })
    } finally {
      await sandbox.close()
    }
  })

  test("an answer whose headers were changed after it was built is written with them, a cookie list and a status text kept; any other Response goes the adapter's way", async () => {
    const { textResponse, writingTextDirectly } = textModule
    const fetch = writingTextDirectly(async (request: Request) => {
      const path = new URL(request.url).pathname
      if (path === '/plain') return new Response('made by hand', { status: 201 })
      const answer = textResponse('{"a":"é"}', {
        status: 418,
        statusText: 'Short And Stout',
        headers: { 'content-type': 'application/json; charset=utf-8' },
      })
      answer.headers.set('x-later', 'yes')
      answer.headers.append('set-cookie', 'a=1')
      answer.headers.append('set-cookie', 'b=2')
      return answer
    })
    const server = createServer(adapter.getRequestListener(fetch, { overrideGlobalObjects: false }))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const direct = await send(url, 'GET', '/text')
      expect(direct.status).toBe(418)
      expect(direct.statusText).toBe('Short And Stout')
      expect(direct.text).toBe('{"a":"é"}')
      expect(direct.headers['x-later']).toBe('yes')
      expect(direct.headers['set-cookie']).toEqual(['a=1', 'b=2'])
      expect(direct.headers['content-length']).toBe('10')
      const plain = await send(url, 'GET', '/plain')
      expect(plain.status).toBe(201)
      expect(plain.text).toBe('made by hand')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('in-process (app.fetch)', () => {
  test('an answer is a Response in every way a caller reads one: instanceof, status, headers, json, text, clone, bodyUsed, body stream, a second read refused', async () => {
    const { createSandboxApp } = await import('./app.js')
    const { app } = createSandboxApp({ rateLimits: false })
    const answer = await app.fetch(new NativeRequest('http://sandbox.local/api/v3/public/time'))
    expect(answer).toBeInstanceOf(NativeResponse)
    expect(Object.prototype.toString.call(answer)).toBe('[object Response]')
    expect(answer.status).toBe(200)
    expect(answer.ok).toBe(true)
    expect(answer.statusText).toBe('')
    expect(answer.type).toBe('default')
    expect(answer.redirected).toBe(false)
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const copy = answer.clone()
    expect(answer.bodyUsed).toBe(false)
    const envelope = (await answer.json()) as { code: string; data: { serverTime: string } }
    expect(envelope.code).toBe('00000')
    expect(answer.bodyUsed).toBe(true)
    await expect(answer.text()).rejects.toThrow(TypeError)
    expect(JSON.parse(await copy.text())).toEqual(envelope)
    const missing = await app.fetch(new NativeRequest('http://sandbox.local/api/v3/none'))
    expect(missing.status).toBe(404)
    expect(missing.ok).toBe(false)
    const reader = missing.body?.getReader()
    const chunk = await reader?.read()
    expect(JSON.parse(new TextDecoder().decode(chunk?.value)).code).toBe('40404')
    const bytes = await (
      await app.fetch(new NativeRequest('http://sandbox.local/api/v3/none'))
    ).arrayBuffer()
    expect(JSON.parse(new TextDecoder().decode(bytes)).code).toBe('40404')
  })
})

describe('headerOf', () => {
  const contextOf = (rawHeaders: string[]) =>
    ({
      env: { incoming: { rawHeaders } },
      req: { header: () => 'not read' },
    }) as unknown as Context<Env>
  const lists: string[][] = [
    [],
    ['Host', '127.0.0.1', 'ACCESS-KEY', 'key'],
    ['access-key', 'one', 'Access-Key', 'two', 'ACCESS-KEY', 'three'],
    ['X-Channel-Api-Code', '', 'x-channel-api-code', 'b'],
    ['User-Agent', 'a b', 'Content-Type', 'application/json; charset=utf-8'],
  ]
  test.each(lists)(
    'reads from Node\'s raw header list what Headers.get reads (case-insensitive, repeated fields joined by ", "): %j',
    (...raw) => {
      const c = contextOf(raw)
      const headers = new NativeHeaders(pairsOf(raw))
      for (const name of [
        'access-key',
        'ACCESS-KEY',
        'Host',
        'x-channel-api-code',
        'user-agent',
        'content-type',
        'absent',
      ])
        expect(headerOf(c, name)).toBe(headers.get(name) ?? undefined)
    },
  )
  test('without a Node request (in-process), the web request is read', () => {
    const c = {
      env: undefined,
      req: { header: (name: string) => `web ${name}` },
    } as unknown as Context<Env>
    expect(headerOf(c, 'ACCESS-KEY')).toBe('web ACCESS-KEY')
  })
})

const NativeHeaders = globalThis.Headers
function pairsOf(raw: string[]): [string, string][] {
  const pairs: [string, string][] = []
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i] as string, raw[i + 1] as string])
  return pairs
}
