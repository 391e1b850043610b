import { startSandbox } from '@tradeline/sandbox'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createTransport } from './createTransport.js'
import { userAgent } from './internal/userAgent.js'
import { version } from './version.js'

const time = {
  id: 'public.getTime',
  method: 'GET',
  path: '/api/v2/public/time',
  auth: false,
} as const

let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false, seed: 5 })
})
afterAll(() => sandbox.close())
afterEach(() => vi.unstubAllGlobals())

const node = process.versions.node
const lastUserAgent = () => sandbox.admin.requests().at(-1)?.userAgent

describe('User-Agent: the client package, core and Node, sent in Node only', () => {
  test.each(['undici', 'fetch'] as const)('the sandbox receives it over %s', async (http) => {
    const transport = createTransport({
      baseUrl: sandbox.url,
      http,
      product: { name: 'unified', version: '1.2.3' },
    })
    await transport.request({ endpoint: time })
    expect(lastUserAgent()).toBe(`tradeline-unified/1.2.3 (+core ${version}; node ${node})`)
  })

  test('without a product the transport names core alone', async () => {
    await createTransport({ baseUrl: sandbox.url }).request({ endpoint: time })
    expect(lastUserAgent()).toBe(`tradeline-core/${version} (node ${node})`)
  })

  test('none outside Node (a browser forbids the header; Bun and Deno send their own)', () => {
    expect(userAgent({ name: 'unified', version: '1.2.3' })).toMatch(/^tradeline-unified\//)
    vi.stubGlobal('Deno', {})
    expect(userAgent({ name: 'unified', version: '1.2.3' })).toBeUndefined()
    vi.unstubAllGlobals()
    vi.stubGlobal('process', undefined)
    expect(userAgent(undefined)).toBeUndefined()
  })
})
