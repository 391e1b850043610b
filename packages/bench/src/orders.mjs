// One signed place-order through each client, 1 and 16 in flight, against the same server
// (./server.mjs, its own process). Two baselines are measured in the same run: a raw signed
// `undici.request` and a raw signed `fetch` (HMAC with node:crypto, JSON.stringify, read the
// envelope). Rounds interleave the contenders in a shuffled order and each round's time per order
// is divided by that round's baseline, so a noisy moment of this shared machine moves both.
import { spawn } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { createInterface } from 'node:readline'
import { createTransport } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import { createUnifiedClient } from '@tradeline/unified'
import { RestClientV3 } from 'bitget-api'
import ccxt from 'ccxt'
import ky from 'ky'
import { Agent, Pool, request } from 'undici'

/** Starts ./server.mjs in a child process; resolves to its URL, credentials and `close()`. */
export async function startServer() {
  const child = spawn(process.execPath, [new URL('./server.mjs', import.meta.url).pathname], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)))
  })
  const { url, credentials } = JSON.parse(line)
  return {
    url,
    credentials,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve)
        child.stdin.end()
      }),
  }
}

const path = '/api/v3/trade/place-order'
const order = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
}
let n = 0
const nextOid = (prefix) => `${prefix}${++n}`

/** The signed headers of a raw call, as a careful user would write them by hand. */
function signedHeaders({ apiKey, secret, passphrase }, body) {
  const timestamp = String(Date.now())
  const sign = createHmac('sha256', secret)
    .update(`${timestamp}POST${path}${body}`)
    .digest('base64')
  return {
    'Content-Type': 'application/json',
    locale: 'en-US',
    'ACCESS-KEY': apiKey,
    'ACCESS-SIGN': sign,
    'ACCESS-TIMESTAMP': timestamp,
    'ACCESS-PASSPHRASE': passphrase,
  }
}

function checked(envelope) {
  if (envelope.code !== '00000') throw new Error(`order refused: ${envelope.code} ${envelope.msg}`)
  return envelope.data
}

/**
 * The contenders, each `{ name, group, once(): Promise<unknown> }`, ready to send (markets,
 * instruments and keys loaded). `group`: 'baseline', 'tradeline' or 'peer'.
 */
export async function contenders({ url, credentials }) {
  const { apiKey, secret, passphrase } = credentials
  // `undici.request` with undici's own keep-alive Agent, given explicitly: undici's global
  // dispatcher is whatever was installed first, and Node installs the older undici bundled with
  // it there the first time anything reads `globalThis.fetch` (some imports here do), which made
  // this baseline 1.3-1.4x slower at 16 in flight and depend on import order.
  const agent = new Agent()
  const rawUndici = async () => {
    const body = JSON.stringify({ ...order, clientOid: nextOid('u') })
    const response = await request(`${url}${path}`, {
      method: 'POST',
      headers: signedHeaders(credentials, body),
      body,
      dispatcher: agent,
    })
    return checked(await response.body.json())
  }
  // A reference: a `Pool` of the one origin, as the tradeline transport keeps by default.
  const pool = new Pool(url)
  const rawPool = async () => {
    const body = JSON.stringify({ ...order, clientOid: nextOid('p') })
    const response = await pool.request({
      path,
      method: 'POST',
      headers: signedHeaders(credentials, body),
      body,
    })
    return checked(await response.body.json())
  }
  const rawFetch = async () => {
    const body = JSON.stringify({ ...order, clientOid: nextOid('f') })
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: signedHeaders(credentials, body),
      body,
    })
    return checked(await response.json())
  }
  // The limiter would pace every client at the endpoint's 10/s, which is its job, not overhead;
  // instruments and the position mode are loaded (once) and checked as in normal use.
  const client = (options = {}) =>
    createUnifiedClient({ baseUrl: url, credentials, rateLimiter: false, ...options })
  const unified = client()
  const unifiedFetch = client({ http: 'fetch' })
  const unifiedKy = client({
    fetch: ky.create({ throwHttpErrors: false, retry: 0, timeout: false }),
  })
  const transport = createTransport({ baseUrl: url, credentials })
  const bitget = new RestClientV3({ apiKey, apiSecret: secret, apiPass: passphrase, baseUrl: url })
  const exchange = new ccxt.bitget({
    apiKey,
    secret,
    password: passphrase,
    // ccxt paces its own calls (50 ms apart for bitget) unless told not to; the others have no
    // limiter on in this race either.
    enableRateLimit: false,
    options: { uta: true },
  })
  for (const group of Object.keys(exchange.urls.api)) exchange.urls.api[group] = url
  await exchange.loadMarkets()
  const list = [
    { name: 'raw undici.request (signed)', group: 'baseline', once: rawUndici },
    { name: 'raw fetch (signed)', group: 'baseline', once: rawFetch },
    { name: 'raw undici Pool.request (signed)', group: 'baseline', once: rawPool },
    {
      name: 'tradeline unified client.orders.place (undici, default in Node)',
      group: 'tradeline',
      once: () => unified.orders.place({ ...order }),
    },
    {
      name: 'tradeline unified, http: fetch',
      group: 'tradeline',
      once: () => unifiedFetch.orders.place({ ...order }),
    },
    {
      name: 'tradeline unified, fetch: ky instance',
      group: 'tradeline',
      once: () => unifiedKy.orders.place({ ...order }),
    },
    {
      name: 'tradeline core transport.request (no checks)',
      group: 'tradeline',
      once: () =>
        transport.request({
          endpoint: Unified.placeOrder,
          body: { ...order, clientOid: nextOid('t') },
        }),
    },
    {
      name: 'bitget-api 3.2.3 submitNewOrder',
      group: 'peer',
      once: () => bitget.submitNewOrder({ ...order, clientOid: nextOid('b') }),
    },
    {
      name: 'ccxt 4.5.84 createOrder (uta)',
      group: 'peer',
      once: () => exchange.createOrder('ETH/USDT', 'limit', 'buy', 0.01, 3000),
    },
  ]
  // Warm every path (connections, key import, JIT, instruments) and check each one works.
  for (const c of list) for (let i = 0; i < 100; i++) await c.once()
  return list
}

/** Calls `once` from `inFlight` loops for `ms`; the mean time per order in microseconds. */
export async function timePerOrder(once, inFlight, ms) {
  let done = 0
  const start = performance.now()
  const end = start + ms
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) {
        await once()
        done++
      }
    }),
  )
  return ((performance.now() - start) * 1000) / done
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * Rounds of every contender at `inFlight`; per contender the median time per order (us) and the
 * medians of its per-round ratios to the two baselines.
 */
export async function measureOrders(list, { inFlight, rounds = 7, ms = 700 }) {
  const times = new Map(list.map((c) => [c.name, []]))
  for (let round = 0; round < rounds; round++) {
    const order = [...list].sort(() => Math.random() - 0.5)
    for (const c of order) {
      globalThis.gc?.()
      times.get(c.name).push(await timePerOrder(c.once, inFlight, ms))
    }
  }
  const undiciTimes = times.get(list[0].name)
  const fetchTimes = times.get(list[1].name)
  return list.map((c) => {
    const t = times.get(c.name)
    return {
      name: c.name,
      group: c.group,
      inFlight,
      us: median(t),
      vsUndici: median(t.map((x, i) => x / undiciTimes[i])),
      vsFetch: median(t.map((x, i) => x / fetchTimes[i])),
    }
  })
}
