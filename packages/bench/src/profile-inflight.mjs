#!/usr/bin/env node
// `node packages/bench/src/profile-inflight.mjs [rounds] [unified module]`: the unified
// place-order over loopback, 1 and 16 in flight, against the raw `Pool.request` of undici (HMAC
// with node:crypto, JSON.stringify, read the envelope) in the same run, against ./server.mjs in
// its own process. Rounds interleave the two; the ratio is the median of the per-round ratios of
// the time per order. The second argument loads another build of @tradeline/unified (a path to
// its dist/index.js), so that two builds are compared with the same script.
import { Pool } from 'undici'
import { startServer, timePerOrder } from './orders.mjs'
import { order, rawPoolOrder } from './raw.mjs'

const rounds = Number(process.argv[2] ?? 7)
const { createUnifiedClient } = await import(process.argv[3] ?? '@tradeline/unified')
const server = await startServer()
const { url, credentials } = server
const pool = new Pool(url)
const rawPool = rawPoolOrder(pool, credentials)
// The limiter would pace the client at the endpoint's 10/s: its job, not overhead.
const client = createUnifiedClient({ baseUrl: url, credentials, rateLimiter: false })
const unified = () => client.orders.place(order)
for (let i = 0; i < 300; i++) await Promise.all([rawPool(), unified()])

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1]
for (const inFlight of [1, 16]) {
  const a = []
  const b = []
  for (let round = 0; round < rounds; round++) {
    globalThis.gc?.()
    a.push(await timePerOrder(unified, inFlight, 600))
    b.push(await timePerOrder(rawPool, inFlight, 600))
  }
  console.log(
    `${inFlight} in flight: unified ${median(a).toFixed(1)} us/order, raw Pool.request ${median(b).toFixed(1)} us/order, ratio ${median(a.map((x, i) => x / b[i])).toFixed(2)}x (median of ${rounds} per-round ratios)`,
  )
}
await pool.close()
await server.close()
