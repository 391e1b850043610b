// One signed place-order through each client, 1 and 16 in flight, against the same server
// (./server.mjs, its own process). Three raw baselines are measured in the same run (HMAC with
// node:crypto, JSON.stringify, read the envelope; no timer, no checks): `Pool.request` of undici
// (the floor: the tradeline transport itself sends through a `Pool`), `undici.request` through
// undici's `Agent`, and `fetch`. Rounds interleave the contenders in a shuffled order and each
// round's time per order is divided by that round's baseline; the median of those per-round
// ratios is reported (./stats.mjs), so a noisy moment of this shared machine moves both.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { createTransport } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import { createUnifiedClient } from '@tradeline/unified'
import ky from 'ky'
import { Agent, Pool, request } from 'undici'
import { does } from './does.mjs'
import { bitgetClient, ccxtExchange, ccxtOrder } from './peers.mjs'
import { checked, nextOid, order, path, rawPoolOrder, signedHeaders } from './raw.mjs'
import { summarize } from './stats.mjs'

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

/**
 * The contenders, each `{ id, name, group, does, compare, once(): Promise<unknown> }`, ready to
 * send (markets, instruments and keys loaded). `group`: 'baseline', 'tradeline' or 'peer';
 * `does`: what it does per call; `compare`: the peer setting tradeline is held against (each
 * peer's fastest documented one).
 */
export async function contenders({ url, credentials }) {
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
  // The floor: a `Pool` of the one origin, as the tradeline transport keeps by default.
  const pool = new Pool(url)
  const rawPool = rawPoolOrder(pool, credentials)
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
  const bitget = bitgetClient({ url, credentials })
  const bitgetTuned = bitgetClient({ url, credentials }, { tuned: true })
  const exchange = await ccxtExchange({ url, credentials })
  const list = [
    { id: 'pool', name: 'raw undici Pool.request (signed)', does: does.rawPool, once: rawPool },
    {
      id: 'agent',
      name: 'raw undici.request, Agent (signed)',
      does: does.rawAgent,
      once: rawUndici,
    },
    { id: 'fetch', name: 'raw fetch (signed)', does: does.rawFetch, once: rawFetch },
    {
      id: 'unified',
      name: 'tradeline unified client.orders.place (undici, default in Node)',
      group: 'tradeline',
      does: does.unified,
      once: () => unified.orders.place({ ...order }),
    },
    {
      id: 'unifiedFetch',
      name: 'tradeline unified, http: fetch',
      group: 'tradeline',
      does: does.unifiedFetch,
      once: () => unifiedFetch.orders.place({ ...order }),
    },
    {
      id: 'unifiedKy',
      name: 'tradeline unified, fetch: ky instance',
      group: 'tradeline',
      does: does.unifiedKy,
      once: () => unifiedKy.orders.place({ ...order }),
    },
    {
      id: 'transport',
      name: 'tradeline core transport.request (no checks)',
      group: 'tradeline',
      does: does.transport,
      once: () =>
        transport.request({
          endpoint: Unified.placeOrder,
          body: { ...order, clientOid: nextOid('t') },
        }),
    },
    {
      id: 'bitget',
      name: 'bitget-api 3.2.3 submitNewOrder (default)',
      group: 'peer',
      does: does.bitget,
      once: () => bitget.submitNewOrder({ ...order, clientOid: nextOid('b') }),
    },
    {
      id: 'bitgetTuned',
      name: 'bitget-api 3.2.3 submitNewOrder (customSignMessageFn: createHmac)',
      group: 'peer',
      compare: true,
      does: does.bitgetTuned,
      once: () => bitgetTuned.submitNewOrder({ ...order, clientOid: nextOid('c') }),
    },
    {
      id: 'ccxt',
      name: 'ccxt 4.5.84 createOrder (uta)',
      group: 'peer',
      compare: true,
      does: does.ccxt,
      once: () => ccxtOrder(exchange),
    },
  ].map((c) => ({ group: 'baseline', ...c }))
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

/**
 * Rounds of every contender at `inFlight`; per contender the median time per order (us) and the
 * medians of its per-round ratios to the raw pool (the floor), to `undici.request` through an
 * `Agent` and to `fetch`.
 */
export async function measureOrders(list, { inFlight, rounds = 7, ms = 700 }) {
  const times = new Map(list.map((c) => [c.id, []]))
  for (let round = 0; round < rounds; round++) {
    const shuffled = [...list].sort(() => Math.random() - 0.5)
    for (const c of shuffled) {
      globalThis.gc?.()
      times.get(c.id).push(await timePerOrder(c.once, inFlight, ms))
    }
  }
  return summarize(list, times, { vsPool: 'pool', vsAgent: 'agent', vsFetch: 'fetch' }).map(
    (row, i) => ({ ...row, inFlight, compare: list[i].compare === true }),
  )
}
