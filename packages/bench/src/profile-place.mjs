#!/usr/bin/env node
// `node packages/bench/src/profile-place.mjs [calls] [mode]`: the client's own CPU per
// place-order, with an in-memory `fetch` that answers the exchange's envelope (no network, no
// server), against a raw baseline in the same process: HMAC-SHA256 of the prehash with
// node:crypto, `JSON.stringify` of the order, `JSON.parse` of the answer. Rounds interleave the
// two sides; each side is timed in CPU microseconds of this process; the ratio is the median of
// the per-round ratios. Run it under
// `node --cpu-prof` to see where the time goes (the profile lands in the working directory).
//
// mode: `loaded` (default; instruments and the position mode loaded from the exchange, the
// checks on as in normal use), `given` (an instrument record given in the options), `dispatcher` (loaded,
// the answers given by an in-memory undici dispatcher: Node's default sending path, the undici
// sender, without a network).
import { createHmac } from 'node:crypto'
import { createUnifiedClient } from '@tradeline/unified'
import { answers, credentials, nextOid, order, path } from './raw.mjs'

const calls = Number(process.argv[2] ?? 20_000)
const mode = process.argv[3] ?? 'loaded'
// Another build of @tradeline/unified (a path to its dist/index.js), measured in the same
// process, interleaved: the ratio of the two builds without the noise of two runs.
const against = process.argv[4]
const rounds = 7

const noHeaders = { get: () => null }
/** The exchange in memory: a fixed envelope per path, read as text. */
async function memoryFetch(url) {
  const path = new URL(url).pathname
  const text = answers[path]
  if (text === undefined) throw new Error(`no answer for ${path}`)
  return { status: 200, headers: noHeaders, text: async () => text }
}

/** The exchange in memory as an undici dispatcher (`Dispatcher.request`). */
const memoryDispatcher = {
  async request(options) {
    const path = options.path.split('?')[0]
    const text = answers[path]
    if (text === undefined) throw new Error(`no answer for ${path}`)
    return { statusCode: 200, headers: {}, body: { text: async () => text } }
  },
}

const clientOptions = {
  baseUrl: 'https://api.bitget.com',
  credentials,
  ...(mode === 'dispatcher' ? { dispatcher: memoryDispatcher } : { fetch: memoryFetch }),
  // No limiter: it would pace the loop at the endpoint's 10/s, which is its job, not overhead.
  rateLimiter: false,
  ...(mode === 'given'
    ? {
        instruments: {
          ETHUSDT: {
            symbol: 'ETHUSDT',
            pricePrecision: 2,
            quantityPrecision: 4,
            minOrderQty: '0.0001',
          },
        },
        positionMode: false,
      }
    : {}),
}
const client = createUnifiedClient(clientOptions)
const other = against ? (await import(against)).createUnifiedClient(clientOptions) : undefined

const placeAnswer = answers[path]
/** The floor: what any client must do per call (sign, serialise, parse). */
function raw() {
  const body = JSON.stringify({ ...order, clientOid: nextOid('raw-') })
  const timestamp = String(Date.now())
  const sign = createHmac('sha256', credentials.secret)
    .update(`${timestamp}POST${path}${body}`)
    .digest('base64')
  const parsed = JSON.parse(placeAnswer)
  if (parsed.code !== '00000' || sign.length === 0) throw new Error('refused')
  return parsed.data
}

/**
 * Microseconds of this process's CPU (user + system, `process.cpuUsage`) per call: on a shared,
 * loaded machine the wall clock also counts the time other processes held the cores.
 */
async function timeClient(count, of = client) {
  const start = process.cpuUsage()
  for (let i = 0; i < count; i++) await of.orders.place(order)
  const used = process.cpuUsage(start)
  return (used.user + used.system) / count
}
async function timeRaw(count) {
  const start = process.cpuUsage()
  for (let i = 0; i < count; i++) await raw()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / count
}

await client.orders.place(order)
await timeClient(2000)
await timeRaw(2000)
if (other) await timeClient(2000, other)
const per = Math.max(1, Math.floor(calls / rounds))
const a = []
const b = []
const c = []
// Each round in a shuffled order: whichever side runs first in a round runs on a colder cache.
const sides = [
  async () => a.push(await timeClient(per)),
  async () => b.push(await timeRaw(per)),
  ...(other ? [async () => c.push(await timeClient(per, other))] : []),
]
for (let round = 0; round < rounds; round++) {
  globalThis.gc?.()
  for (const side of [...sides].sort(() => Math.random() - 0.5)) await side()
}
const median = (values) => [...values].sort((x, y) => x - y)[values.length >> 1]
const ratio = median(a.map((x, i) => x / b[i]))
console.log(
  `place-order in memory (${mode}), ${per * rounds} calls: client ${median(a).toFixed(2)} us CPU, raw sign+JSON ${median(b).toFixed(2)} us CPU, ratio ${ratio.toFixed(2)}x (median of ${rounds} per-round ratios)`,
)
if (other)
  console.log(
    `  against ${against}: ${median(c).toFixed(2)} us CPU, ${median(c.map((x, i) => x / b[i])).toFixed(2)}x raw; this build / that build ${median(a.map((x, i) => x / c[i])).toFixed(2)}x`,
  )
