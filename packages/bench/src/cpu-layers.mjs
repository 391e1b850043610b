#!/usr/bin/env node
// `node packages/bench/src/cpu-layers.mjs [rounds]`: the CPU of one place-order layer by layer,
// in one process, rounds interleaved and shuffled, each figure the median of the rounds: the raw
// floor (sign, serialise, parse), the in-memory fetch alone, core's transport (`request`: body,
// signature, headers, the deadline, the envelope with exact numbers), core's `callEndpoint` (the
// endpoint's rules without an instrument, and the record schema), the endpoint's check alone,
// and the unified client's `orders.place` (the instrument's tick and lot, the position mode, the
// tradable status, the clientOid, the engine). The in-memory fetch here costs next to nothing (a
// path looked up in an object), so each layer's figure is its own work; the bench's `cpu`
// section answers with a response object per call and counts that in every client's figure.
import { createHmac } from 'node:crypto'
import { callEndpoint, createTransport } from '@tradeline/core'
import { Endpoint, Unified } from '@tradeline/rules'
import { createUnifiedClient } from '@tradeline/unified'
import * as v from 'valibot'
import { answers, credentials, order, path } from './raw.mjs'

const rounds = Number(process.argv[2] ?? 9)
const perRound = 3000
const origin = 'https://api.bitget.com'
const noHeaders = { get: () => null }
/** The exchange in memory: the answer of the URL's path, read as text. */
async function memoryFetch(url) {
  const query = url.indexOf('?', origin.length)
  const text = answers[query === -1 ? url.slice(origin.length) : url.slice(origin.length, query)]
  if (text === undefined) throw new Error(`no answer for ${url}`)
  return { status: 200, headers: noHeaders, text: async () => text }
}

const options = { baseUrl: origin, credentials, fetch: memoryFetch }
const client = createUnifiedClient({ ...options, rateLimiter: false })
const transport = createTransport(options)
const record = v.looseObject({ orderId: v.string(), clientOid: v.string() })
const placeAnswer = answers[path]
let n = 0

/** Each layer, one call; the names say what the call adds over the one before. */
const layers = {
  'raw sign + JSON.stringify + JSON.parse': () => {
    const body = JSON.stringify({ ...order, clientOid: `r${++n}` })
    createHmac('sha256', credentials.secret)
      .update(`${Date.now()}POST${path}${body}`)
      .digest('base64')
    return JSON.parse(placeAnswer).data
  },
  'the in-memory fetch alone': () => memoryFetch(`${origin}${path}`).then((r) => r.text()),
  'core transport.request (no check)': () =>
    transport.request({ endpoint: Unified.placeOrder, body: { ...order, clientOid: `t${++n}` } }),
  'core callEndpoint (rules, record schema)': () =>
    callEndpoint({ transport }, Unified.placeOrder, { ...order, clientOid: `e${++n}` }, record),
  'Endpoint.check of the order alone': () =>
    Endpoint.check(Unified.placeOrder, { ...order, clientOid: `c${++n}` }),
  'unified client.orders.place': () => client.orders.place(order),
}

/** Microseconds of this process's CPU per call. */
async function cpuPerCall(call, count) {
  const start = process.cpuUsage()
  for (let i = 0; i < count; i++) await call()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / count
}

await client.orders.place(order)
for (const call of Object.values(layers)) await cpuPerCall(call, perRound)
const figures = Object.fromEntries(Object.keys(layers).map((name) => [name, []]))
for (let round = 0; round < rounds; round++) {
  const names = Object.keys(layers)
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[names[i], names[j]] = [names[j], names[i]]
  }
  for (const name of names) figures[name].push(await cpuPerCall(layers[name], perRound))
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1]
const raw = median(figures['raw sign + JSON.stringify + JSON.parse'])
console.log(`${rounds} rounds of ${perRound} calls; medians; CPU of this process`)
console.log('| layer | us per call | x raw |')
console.log('| --- | --- | --- |')
for (const [name, values] of Object.entries(figures))
  console.log(`| ${name} | ${median(values).toFixed(2)} | ${(median(values) / raw).toFixed(2)}x |`)
