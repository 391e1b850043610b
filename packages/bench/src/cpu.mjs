// Each client's own CPU per call: one place-order through an in-memory `fetch` (no network: the
// order is answered in the same process; the instruments, settings and markets the clients load
// first come from the bench server), 1 in flight, against the raw work of one call in the same
// process: sign with createHmac, JSON.stringify the order, JSON.parse the answer. Each contender
// runs in a process of its own with the baseline, in interleaved rounds; each figure is the median
// of per-round ratios to the baseline's figure of the same round (./stats.mjs).
import { execFile } from 'node:child_process'
import { callEndpoint, createTransport } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import { createUnifiedClient } from '@tradeline/unified'
import * as v from 'valibot'
import { does } from './does.mjs'
import { nsPerCall } from './micro.mjs'
import { bitgetClient, ccxtExchange, ccxtOrder } from './peers.mjs'
import { checked, nextOid, order, path, placeOrderAnswer, signedHeaders } from './raw.mjs'
import { median, medianOfRatios } from './stats.mjs'

let orderId = 0

const jsonHeaders = new Headers({ 'content-type': 'application/json' })

/**
 * What the in-memory fetch answers with: the parts of a `Response` the clients read (status,
 * headers, text, json), without the WHATWG stream machinery of a real one, which would cost more
 * than the clients' own work and hide it.
 */
const memoryResponse = (text) => ({
  ok: true,
  status: 200,
  statusText: 'OK',
  headers: jsonHeaders,
  text: () => Promise.resolve(text),
  json: () => Promise.resolve(JSON.parse(text)),
})

/**
 * A fetch that answers place-order in memory (the clientOid echoed, as the exchange does) and
 * passes every other request to the bench server.
 */
export function memoryFetch() {
  return (input, init = {}) => {
    const url = typeof input === 'string' ? input : (input.href ?? input.url)
    if ((init.method ?? input.method) === 'POST' && url.endsWith(path))
      return Promise.resolve(memoryResponse(placeOrderAnswer(String(init.body), ++orderId)))
    return fetch(input, init)
  }
}

/** An axios adapter answering every request with the place-order envelope (bitget-api's path). */
const memoryAdapter = async (config) => ({
  data: placeOrderAnswer(String(config.data), ++orderId),
  status: 200,
  statusText: 'OK',
  headers: { 'content-type': 'application/json' },
  config,
  request: {},
})

/**
 * The raw work of one place-order: sign with createHmac, JSON.stringify the order, JSON.parse the
 * answer to it (its clientOid echoed, a new orderId, as the in-memory fetch answers the clients).
 */
export function rawCall(credentials) {
  return () => {
    const body = JSON.stringify({ ...order, clientOid: nextOid('r') })
    signedHeaders(credentials, body)
    return checked(JSON.parse(placeOrderAnswer(body, ++orderId)))
  }
}

const record = v.looseObject({ orderId: v.string(), clientOid: v.string() })

/** The contenders of the in-memory measure: `{ id, name, group, does, compare, make }`. */
export const cpuList = [
  {
    id: 'raw',
    // Its row is measured against a second instance of itself: the noise of the measure.
    name: 'raw sign + JSON.stringify + JSON.parse (against itself: the noise of the measure)',
    does: does.rawCpu,
    // The answer to its own order (its clientOid echoed, a new orderId), built as the in-memory
    // fetch builds it for the clients: V8 parses one unchanging text again faster than a new one
    // (the rawFixed row below), which no client meets.
    make: ({ credentials }) => rawCall(credentials),
  },
  {
    id: 'rawFixed',
    name: 'raw sign + JSON, parsing one unchanging answer (the raw row before it answered each order)',
    does: does.rawFixed,
    make: ({ credentials }) => {
      const answer = placeOrderAnswer('"clientOid":"r0"', 1)
      return () => {
        const body = JSON.stringify({ ...order, clientOid: nextOid('f') })
        signedHeaders(credentials, body)
        return checked(JSON.parse(answer))
      }
    },
  },
  {
    id: 'harness',
    name: 'the in-memory fetch alone',
    does: does.harness,
    make: ({ url }) => {
      const fetchInMemory = memoryFetch()
      return async () => {
        const body = JSON.stringify({ ...order, clientOid: nextOid('h') })
        const response = await fetchInMemory(`${url}${path}`, { method: 'POST', body })
        return response.text()
      }
    },
  },
  {
    id: 'unified',
    name: 'tradeline unified client.orders.place',
    group: 'tradeline',
    does: does.unified,
    make: ({ url, credentials }) => {
      const client = createUnifiedClient({
        baseUrl: url,
        credentials,
        rateLimiter: false,
        fetch: memoryFetch(),
      })
      return () => client.orders.place({ ...order })
    },
  },
  {
    id: 'callEndpoint',
    name: "tradeline core callEndpoint (the endpoint's rules, a record schema)",
    group: 'tradeline',
    does: does.callEndpoint,
    make: ({ url, credentials }) => {
      const transport = createTransport({ baseUrl: url, credentials, fetch: memoryFetch() })
      const input = () => ({ ...order, clientOid: nextOid('e') })
      return () => callEndpoint({ transport }, Unified.placeOrder, input(), record)
    },
  },
  {
    id: 'bitget',
    name: 'bitget-api 3.2.3 submitNewOrder (default)',
    group: 'peer',
    does: does.bitget,
    make: (server) => {
      const client = bitgetClient(server, { network: { adapter: memoryAdapter } })
      return () => client.submitNewOrder({ ...order, clientOid: nextOid('b') })
    },
  },
  {
    id: 'bitgetTuned',
    name: 'bitget-api 3.2.3 submitNewOrder (customSignMessageFn: createHmac)',
    group: 'peer',
    compare: true,
    does: does.bitgetTuned,
    make: (server) => {
      const network = { adapter: memoryAdapter }
      const client = bitgetClient(server, { tuned: true, network })
      return () => client.submitNewOrder({ ...order, clientOid: nextOid('c') })
    },
  },
  {
    id: 'ccxt',
    name: 'ccxt 4.5.84 createOrder (uta)',
    group: 'peer',
    compare: true,
    does: does.ccxt,
    make: async (server) => {
      const exchange = await ccxtExchange(server, { fetch: memoryFetch() })
      return () => ccxtOrder(exchange)
    },
  },
].map((c) => ({ group: 'baseline', compare: false, ...c }))

/**
 * Per-round microseconds per call of the contender `id` and of the raw baseline, interleaved in
 * one process (the process of ./cpu-child.mjs, one per contender, so that no client's garbage or
 * timers slow another's rounds).
 */
export async function roundsOf(server, id, { rounds = 7, ms = 200 } = {}) {
  const pair = [cpuList[0], cpuList.find((c) => c.id === id)]
  const calls = await Promise.all(pair.map((c) => c.make(server)))
  // Warm every path (instruments, markets, JIT) and check that each one works.
  for (const once of calls) for (let i = 0; i < 1000; i++) await once()
  const times = [[], []]
  for (let round = 0; round < rounds; round++) {
    for (const i of Math.random() < 0.5 ? [0, 1] : [1, 0]) {
      globalThis.gc?.()
      times[i].push((await nsPerCall(calls[i], ms)) / 1000)
    }
  }
  return { raw: times[0], own: times[1] }
}

/**
 * Every contender in its own process against the raw work of one call in that process: the
 * median CPU per call (us) and the median of the per-round ratios to the raw baseline.
 * `options.only`: the ids of the contenders to measure (all when absent).
 */
export async function measureCpu(server, options = {}) {
  const rows = []
  for (const c of cpuList.filter((c) => !options.only || options.only.includes(c.id))) {
    const { raw, own } = await inChild(server, c.id, options)
    rows.push({
      id: c.id,
      name: c.name,
      group: c.group,
      does: c.does,
      compare: c.compare,
      rounds: own.length,
      us: median(own),
      rawUs: median(raw),
      vsRaw: medianOfRatios(own, raw),
    })
  }
  return rows
}

function inChild(server, id, options) {
  const child = new URL('./cpu-child.mjs', import.meta.url).pathname
  const args = ['--expose-gc', child, JSON.stringify({ server, id, options })]
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) reject(new Error(`the in-memory measure of ${id} failed: ${error.message}`))
      else resolve(JSON.parse(stdout))
    })
  })
}
