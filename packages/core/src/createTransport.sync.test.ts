// What reaches the sender without a turn of the event loop: a signed request of a transport
// without a limiter (HMAC of node:crypto, no `await` of an absent slot) is handed to its `fetch`
// within the call to `request`; a limiter's slot is still awaited before anything is sent.
import { Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RateLimiter } from './RateLimiter.js'
import { createHmacSigner } from './sign.js'
import { startTestServer, type TestServer, testCredentials, testTransport } from './test/server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const order = { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '1' }

/** A fetch over the test server that counts the requests handed to it. */
function countingFetch() {
  const state = { handed: 0 }
  const fetch: typeof globalThis.fetch = (input, init) => {
    state.handed++
    return globalThis.fetch(input, init)
  }
  return { state, fetch }
}

describe('createTransport: the synchronous path to the sender', () => {
  test('a signed POST without a limiter is handed to fetch within the call, signed', async () => {
    const { state, fetch } = countingFetch()
    const transport = testTransport(server, { fetch })
    server.received.length = 0
    const pending = transport.request({ endpoint: Unified.placeOrder, body: order })
    expect(state.handed).toBe(1)
    await pending
    const sent = server.received.find((r) => r.path === '/api/v3/trade/place-order')
    expect(sent?.headers['access-sign']).toMatch(/^[A-Za-z0-9+/]+=*$/)
  })

  test('with a limiter, nothing is handed to fetch before its slot is granted', async () => {
    const { state, fetch } = countingFetch()
    let grant: (() => void) | undefined
    const rateLimiter: RateLimiter = {
      acquire: () =>
        new Promise<() => void>((resolve) => {
          grant = () => resolve(() => {})
        }),
    }
    const transport = testTransport(server, { fetch, rateLimiter })
    const pending = transport.request({ endpoint: Unified.placeOrder, body: order })
    await new Promise((resolve) => setImmediate(resolve))
    expect(state.handed).toBe(0)
    grant?.()
    await pending
    expect(state.handed).toBe(1)
  })

  test('a custom signer that answers later is awaited: the request is handed after it signs', async () => {
    const { state, fetch } = countingFetch()
    const hmac = createHmacSigner(testCredentials.secret)
    let sign: (() => void) | undefined
    const transport = testTransport(server, {
      fetch,
      signer: {
        sign: (message) =>
          new Promise<string>((resolve) => {
            sign = () => void hmac.sign(message).then(resolve)
          }),
      },
    })
    const pending = transport.request({ endpoint: Unified.placeOrder, body: order })
    await new Promise((resolve) => setImmediate(resolve))
    expect(state.handed).toBe(0)
    sign?.()
    await pending
    expect(state.handed).toBe(1)
  })
})
