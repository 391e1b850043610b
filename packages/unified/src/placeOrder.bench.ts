// One signed place-order through the client (validation, clientOid, signing, envelope and
// response checks) against a raw signed `fetch` of the same request to the same sandbox, in the
// same run. Each side has its own sandbox (same seed, no rate limits), so neither pays for the
// orders the other left in the store; orders are spot market buys in the quote coin, so they
// fill at once and never reach the holding limit.
import { createHmac } from 'node:crypto'
import { createTransport } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import { startSandbox } from '@tradeline/sandbox'
import { afterAll, bench, describe } from 'vitest'
import { placeOrder } from './actions/placeOrder.js'
import { createUnifiedClient } from './createUnifiedClient.js'

async function start() {
  const sandbox = await startSandbox({ port: 0, rateLimits: false, seed: 7 })
  sandbox.admin.setBalance('USDT', '1000000000000')
  return sandbox
}
const sandbox = await start()
const other = await start()
const third = await start()
afterAll(() => Promise.all([sandbox.close(), other.close(), third.close()]))

const { apiKey, secret, passphrase } = sandbox.credentials
// No limiter: it would pace the loop at the endpoint's 10/s, which is its job, not overhead.
const client = createUnifiedClient({
  baseUrl: other.url,
  credentials: other.credentials,
  rateLimiter: false,
})
const transport = createTransport({ baseUrl: third.url, credentials: third.credentials })
const order = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'market',
  qty: '10',
} as const
const path = '/api/v3/trade/place-order'
let n = 0

async function raw(): Promise<unknown> {
  const body = JSON.stringify({ ...order, clientOid: `raw-${++n}` })
  const timestamp = String(Date.now())
  const sign = createHmac('sha256', secret)
    .update(`${timestamp}POST${path}${body}`)
    .digest('base64')
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      locale: 'en-US',
      'ACCESS-KEY': apiKey,
      'ACCESS-SIGN': sign,
      'ACCESS-TIMESTAMP': timestamp,
      'ACCESS-PASSPHRASE': passphrase,
    },
    body,
  })
  const envelope = (await response.json()) as { code: string; data: unknown }
  if (envelope.code !== '00000') throw new Error(envelope.code)
  return envelope.data
}

// Warm both paths (connection pool, key import, JIT) before measuring.
const viaTransport = () =>
  transport.request({ endpoint: Unified.placeOrder, body: { ...order, clientOid: `t-${++n}` } })
for (let i = 0; i < 50; i++) await Promise.all([raw(), placeOrder(client, order), viaTransport()])

describe('place one signed order over loopback', () => {
  // Where the difference lies: the same call through core's transport, without the client.
  bench(
    '@tradeline/core transport.request (no validation, no response schema)',
    async () => {
      await viaTransport()
    },
    { time: 2000 },
  )

  bench(
    'baseline: raw signed fetch (node:crypto)',
    async () => {
      await raw()
    },
    { time: 2000 },
  )

  bench(
    '@tradeline/unified placeOrder',
    async () => {
      await placeOrder(client, order)
    },
    { time: 2000 },
  )
})
