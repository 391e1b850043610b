// The private stream's catch-up after a gap, against the sandbox on loopback: 300 open orders
// cancelled while the stream is down. Measures the time from the new connection's open to the
// last missed cancel delivered, the REST requests the catch-up made, and the delay of a live fill
// pushed while the catch-up runs (from the sandbox's fill to the listener). The baseline, in the
// same round: the former catch-up's reads, one order-info per closed order. Each round is a
// fresh stream over the same sandbox; the medians are reported.
import { startSandbox } from '@tradeline/sandbox'
import {
  cancelAllOrders,
  createUnifiedClient,
  createUnifiedStream,
  getOrderInfo,
  placeOrders,
} from '@tradeline/unified'
import { order } from './raw.mjs'
import { median, medianOfRatios } from './stats.mjs'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const until = async (check, what, ms = 20_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`catch-up bench: timed out waiting for ${what}`)
    await sleep(1)
  }
}

/** One round: 300 orders open, a gap in which they are cancelled, the catch-up measured. */
async function round(sandbox, orders, baseline) {
  const requests = []
  const client = createUnifiedClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    instruments: false,
    positionMode: false,
    hooks: { request: (view) => void requests.push(view.endpoint) },
  })
  const stream = createUnifiedStream(client, { credentials: sandbox.credentials, limits: false })
  const cancelled = new Set()
  let fillSeen
  const opens = []
  stream.on('connection', (event) => {
    if (event.type === 'open') opens.push(performance.now())
  })
  stream.on('order', (order) => {
    if (order.orderStatus === 'cancelled') cancelled.add(order.orderId)
  })
  stream.on('fill', () => {
    fillSeen ??= performance.now()
  })
  await stream.ready()
  const ids = []
  for (let i = 0; i < orders; i += 20) {
    const batch = Array.from({ length: Math.min(20, orders - i) }, () => ({ ...order }))
    const outcomes = await placeOrders(client, batch)
    for (const outcome of outcomes) ids.push(outcome.orderId)
  }
  // The last order is left for a fill during the catch-up (it is cancelled with the rest).
  ids.pop()
  sandbox.admin.ws.refuse(true)
  sandbox.admin.ws.drop()
  await until(() => stream.state !== 'ready', 'the drop')
  await cancelAllOrders(client, { category: 'SPOT', symbol: 'ETHUSDT' }).catch(() => {})
  // The live order was cancelled too; a fresh one is filled during the catch-up.
  const fresh = await placeOrders(client, [{ ...order }])
  const before = requests.length
  const openCount = opens.length
  sandbox.admin.ws.refuse(false)
  await until(() => opens.length > openCount, 'the new connection')
  const opened = opens.at(-1)
  // The fill is pushed while the catch-up reads.
  await sleep(2)
  const fillAt = performance.now()
  sandbox.admin.fill(fresh[0].orderId)
  await until(() => cancelled.size >= ids.length && fillSeen !== undefined, 'the catch-up')
  const done = performance.now()
  const catchUpRequests = requests.length - before
  await stream.close()
  // The baseline: the former catch-up, one order-info per closed order (all at once, through
  // the client's rate limiter as the former catch-up did: seconds, so in the first round only).
  let lookupsMs
  if (baseline) {
    const b0 = performance.now()
    await Promise.all(ids.map((orderId) => getOrderInfo(client, { orderId })))
    lookupsMs = performance.now() - b0
  }
  await cancelAllOrders(client, { category: 'SPOT', symbol: 'ETHUSDT' }).catch(() => {})
  return {
    ms: done - opened,
    requests: catchUpRequests,
    fillMs: fillSeen - fillAt,
    lookupsMs,
  }
}

/** Medians of `rounds` rounds of `orders` orders closed in a gap. */
export async function catchUp({ orders = 300, rounds = 5 } = {}) {
  const sandbox = await startSandbox({ port: 0, rateLimits: false })
  try {
    const results = []
    for (let i = 0; i < rounds; i++) results.push(await round(sandbox, orders, i === 0))
    return {
      orders,
      rounds,
      ms: median(results.map((r) => r.ms)),
      requests: median(results.map((r) => r.requests)),
      liveFillMs: median(results.map((r) => r.fillMs)),
      lookupsMs: results[0].lookupsMs,
      // The lookups run in the first round only (300 requests): the ratio of that round.
      vsLookups: medianOfRatios([results[0].ms], [results[0].lookupsMs]),
      each: results,
    }
  } finally {
    await sandbox.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await catchUp({ rounds: Number(process.argv[2] ?? 5) })
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
}
