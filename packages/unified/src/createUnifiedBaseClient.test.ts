import { ValidationError } from '@tradeline/core'
import { ClassicFutures, RateLimits } from '@tradeline/rules'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getOpenOrders } from './actions/getOpenOrders.js'
import { placeOrder } from './actions/placeOrder.js'
import { createUnifiedBaseClient } from './createUnifiedBaseClient.js'
import { createUnifiedClient } from './createUnifiedClient.js'

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false })
})
afterAll(async () => {
  await sandbox.close()
})

const order = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
} as const

describe('createUnifiedBaseClient', () => {
  test('the size goals: a client without methods, only what the standalone actions take', () => {
    const client = createUnifiedBaseClient({ baseUrl: sandbox.url })
    expect(Object.keys(client).sort()).toEqual(['config', 'loaded', 'symbols', 'transport'])
  })

  test('the standalone actions place and read with it, with the options of createUnifiedClient', async () => {
    let n = 0
    const client = createUnifiedBaseClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      clientOid: () => `base-${++n}`,
    })
    const placed = await placeOrder(client, order)
    expect(placed.clientOid).toBe('base-1')
    const open = await getOpenOrders(client, { category: 'SPOT' })
    expect(open.list.map((o) => o.orderId)).toContain(placed.orderId)
  })

  test('it checks like createUnifiedClient: the loaded instruments refuse an off-tick price before sending', async () => {
    const client = createUnifiedBaseClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
    })
    await expect(placeOrder(client, { ...order, price: '3000.0001' })).rejects.toBeInstanceOf(
      ValidationError,
    )
  })

  test('createUnifiedClient is the base client with the grouped methods', () => {
    const base = createUnifiedBaseClient({ baseUrl: sandbox.url, positionMode: 'hedge' })
    const client = createUnifiedClient({ transport: base.transport, positionMode: 'hedge' })
    expect(client.transport).toBe(base.transport)
    expect(client.config).toEqual(base.config)
    for (const key of Object.keys(base)) expect(client).toHaveProperty(key)
  })
})

describe('the default rate limiter (core createClientBase)', () => {
  test('it holds the unified and public rows only: a classic endpoint is refused before anything is sent', async () => {
    const client = createUnifiedBaseClient({ baseUrl: sandbox.url })
    await client.transport.serverTime()
    const error = await client.transport
      .request({ endpoint: ClassicFutures.getContracts, query: { productType: 'USDT-FUTURES' } })
      .catch((e: unknown) => e)
    expect(RateLimits.UnknownEndpointError.isInstance(error)).toBe(true)
  })
})
