// The private stream: order pushes per second through one connection, and the time from the
// server's send of a push to the consumer's hands (p50, p99), for each contender against the
// same local server (./stream-server.mjs, its own process). The pushes are updates of 1,000 open
// orders in turn (one contender: a new order every push). The baseline, measured in the same
// run: a raw `ws` client that `JSON.parse`s each message and hands over its records. Rounds
// interleave the contenders in a shuffled order and each round's figure is divided by that
// round's baseline; the table shows the median of those per-round ratios.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { createUnifiedClient, createUnifiedStream } from '@tradeline/unified'
import { WebsocketClientV3 } from 'bitget-api'
import { WebSocket as UndiciWebSocket } from 'undici'
import WebSocket from 'ws'
import { median, medianOfRatios } from './stats.mjs'

/** Starts ./stream-server.mjs in a child process; resolves to its URLs and `close()`. */
export async function startStreamServer() {
  const child = spawn(
    process.execPath,
    [new URL('./stream-server.mjs', import.meta.url).pathname],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the stream bench server exited with ${code}`)))
  })
  const { httpUrl, wsUrl } = JSON.parse(line)
  return {
    httpUrl,
    wsUrl,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve)
        child.stdin.end()
      }),
  }
}

/** CLOCK_MONOTONIC in microseconds: the clock the server stamps `benchSentUs` with. */
export const nowUs = () => {
  const [s, ns] = process.hrtime()
  return s * 1e6 + ns / 1e3
}

const credentials = {
  apiKey: 'bg_bench',
  secret: 'b6c3d1a0f1e2d3c4b5a69788',
  passphrase: 'bench',
}
const orderArg = { instType: 'UTA', topic: 'order' }

/** Resolves when `socket` (ws) has opened. */
const opened = (socket) =>
  new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })

/**
 * The contenders, each `{ id, name, group, sink, close() }`, connected, logged in and
 * subscribed: every record each one receives is handed to its current `sink(record)`.
 * `group`: 'baseline', 'tradeline' or 'peer'.
 */
export async function streamContenders({ httpUrl, wsUrl }) {
  const list = []
  const url = (id) => `${wsUrl}/v3/ws/private?c=${id}`
  const contender = (id, name, group, distinct = false) => {
    const c = { id, name, group, distinct, sink: () => {}, close: async () => {} }
    list.push(c)
    return c
  }

  // The baseline: what a careful user writes by hand with `ws`.
  const raw = contender('raw', 'raw ws + JSON.parse', 'baseline')
  const rawSocket = new WebSocket(url('raw'))
  await opened(rawSocket)
  rawSocket.on('message', (data) => {
    const message = JSON.parse(data)
    if (Array.isArray(message.data)) for (const record of message.data) raw.sink(record)
  })
  rawSocket.send(JSON.stringify({ op: 'login', args: [{}] }))
  rawSocket.send(JSON.stringify({ op: 'subscribe', args: [orderArg] }))
  raw.close = async () => rawSocket.close()

  // The same by hand with the WebSocket the stream uses by default in Node 20 (undici's).
  const rawUndici = contender('rawUndici', 'raw undici WebSocket + JSON.parse', 'baseline')
  const undiciSocket = new UndiciWebSocket(url('rawUndici'))
  await new Promise((resolve, reject) => {
    undiciSocket.onopen = resolve
    undiciSocket.onerror = reject
  })
  undiciSocket.onmessage = (event) => {
    const message = JSON.parse(event.data)
    if (Array.isArray(message.data)) for (const record of message.data) rawUndici.sink(record)
  }
  undiciSocket.send(JSON.stringify({ op: 'login', args: [{}] }))
  undiciSocket.send(JSON.stringify({ op: 'subscribe', args: [orderArg] }))
  rawUndici.close = async () => undiciSocket.close()

  const client = createUnifiedClient({ baseUrl: httpUrl, credentials, rateLimiter: false })
  const stream = (id, options = {}) =>
    createUnifiedStream(client, { credentials, url: url(id), ...options })

  const listener = contender(
    'listener',
    "unified stream.on('order') (default WebSocket)",
    'tradeline',
  )
  const listenerStream = stream('listener')
  listenerStream.on('order', (order) => listener.sink(order))
  await listenerStream.ready()
  listener.close = () => listenerStream.close()

  // The same with every push a new order: past 10,000 orders the ledger drops its oldest at
  // every push (a busy account's steady state after a few hours).
  const listenerCap = contender(
    'listenerCap',
    "unified stream.on('order'), every push a new order (ledger at its 10,000 cap)",
    'tradeline',
    true,
  )
  const listenerCapStream = stream('listenerCap')
  listenerCapStream.on('order', (order) => listenerCap.sink(order))
  await listenerCapStream.ready()
  listenerCap.close = () => listenerCapStream.close()

  // The default WebSocket in Node is the ws package's: the same stream on undici's (Node's own
  // from version 22), the default before.
  const listenerUndici = contender(
    'listenerUndici',
    "unified stream.on('order'), WebSocket: undici's",
    'tradeline',
  )
  const listenerUndiciStream = stream('listenerUndici', { WebSocket: UndiciWebSocket })
  // Events per second only: its latency is the default WebSocket's within the noise.
  listenerUndici.latency = false
  listenerUndiciStream.on('order', (order) => listenerUndici.sink(order))
  await listenerUndiciStream.ready()
  listenerUndici.close = () => listenerUndiciStream.close()

  const iterator = contender(
    'iterator',
    'unified for await (stream.orders()) (default WebSocket)',
    'tradeline',
  )
  const iteratorStream = stream('iterator')
  const orders = iteratorStream.orders()
  const reading = (async () => {
    for await (const order of orders) iterator.sink(order)
  })()
  reading.catch((error) => {
    iterator.failure = error
  })
  await iteratorStream.ready()
  iterator.close = async () => {
    await iteratorStream.close()
    await reading.catch(() => {})
  }

  const bitget = contender('bitget', "bitget-api 3.2.3 WebsocketClientV3 on('update')", 'peer')
  const silent = { trace: () => {}, info: () => {}, error: () => {} }
  const bitgetWs = new WebsocketClientV3(
    {
      apiKey: credentials.apiKey,
      apiSecret: credentials.secret,
      apiPass: credentials.passphrase,
      wsUrl: url('bitget'),
    },
    silent,
  )
  const subscribed = new Promise((resolve) =>
    bitgetWs.on('response', (event) => event.event === 'subscribe' && resolve()),
  )
  bitgetWs.on('update', (event) => {
    if (Array.isArray(event.data)) for (const record of event.data) bitget.sink(record)
  })
  await bitgetWs.subscribe([{ topic: 'order', payload: { instType: 'UTA' } }], 'v3Private')
  await subscribed
  bitget.close = async () => bitgetWs.closeAll(true)

  return list
}

/**
 * The control socket of the server: `prepare(c, n)` has it build `n` pushes for contender `c`,
 * `burst(c)` send them (resolves to the server's CPU and wall milliseconds of the sending),
 * `paced(c, n, everyMs)` send `n` one every `everyMs`.
 */
export async function control({ wsUrl }) {
  const socket = new WebSocket(`${wsUrl}/bench/control`)
  await opened(socket)
  const waiting = []
  socket.on('message', (data) => {
    const answer = JSON.parse(data)
    const w = waiting.shift()
    if (answer.error) w?.reject(new Error(answer.error))
    else w?.resolve(answer)
  })
  const ask = (message) =>
    new Promise((resolve, reject) => {
      waiting.push({ resolve, reject })
      socket.send(JSON.stringify(message))
    })
  return {
    prepare: (c, n, distinct = false) => ask({ c, n, mode: 'prepare', distinct }),
    burst: (c) => ask({ c, mode: 'burst' }),
    paced: (c, n, everyMs = 1, distinct = false) => ask({ c, n, mode: 'paced', everyMs, distinct }),
    close: () => socket.close(),
  }
}

/** Resolves after `n` records reached `c.sink`; `onRecord` sees each. */
function receive(c, n, onRecord = () => {}) {
  return new Promise((resolve, reject) => {
    let k = 0
    const timer = setTimeout(
      () =>
        reject(
          new Error(`${c.name}: ${k} of ${n} records in 30 s${c.failure ? `: ${c.failure}` : ''}`),
        ),
      30_000,
    )
    c.sink = (record) => {
      onRecord(record)
      if (++k === n) {
        clearTimeout(timer)
        c.sink = () => {}
        resolve()
      }
    }
  })
}

/**
 * `n` pushes sent as fast as `c` takes them: records per second from the ask to the last record,
 * and the share of that time the server's process was on a CPU.
 */
export async function eventsPerSecond(ctl, c, n) {
  let orderIds = 0
  const got = receive(c, n, (record) => {
    // What any consumer does: reads the record.
    if (record.orderId) orderIds++
  })
  await ctl.prepare(c.id, n, c.distinct)
  const start = performance.now()
  const sent = ctl.burst(c.id)
  await got
  const ms = performance.now() - start
  const server = await sent
  if (orderIds !== n) throw new Error(`${c.name}: ${n - orderIds} records without an orderId`)
  return { eventsPerSecond: (n * 1000) / ms, serverBusy: server.cpuMs / ms }
}

/** `n` pushes one every `everyMs`: p50 and p99 of send-to-consumer time, in microseconds. */
export async function latency(ctl, c, n, everyMs = 1) {
  return percentiles(await latencies(ctl, c, n, everyMs))
}

/** `n` pushes one every `everyMs`: each one's send-to-consumer time, in microseconds. */
async function latencies(ctl, c, n, everyMs = 1) {
  const times = []
  const got = receive(c, n, (record) => times.push(nowUs() - Number(record.benchSentUs)))
  const sent = ctl.paced(c.id, n, everyMs, c.distinct)
  await got
  await sent
  return times
}

function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return { p50: at(0.5), p99: at(0.99) }
}

const shuffled = (list) => [...list].sort(() => Math.random() - 0.5)

/**
 * Rounds of every contender: events per second (`pushes` a round) and latency (`samples` a
 * round in 5 slices, one push per ms). Per contender the medians of its figures and of its per-round ratios
 * to the raw `ws` baseline (the first contender; events per second also to raw undici).
 */
export async function measureStream(
  list,
  ctl,
  { rounds = 5, pushes = 20_000, samples = 1000, latencyRounds = 3 } = {},
) {
  // Warm every path (JIT, the ledger's maps) and check each one works.
  for (const c of list) await eventsPerSecond(ctl, c, 5000)
  const timed = list.filter((c) => c.latency !== false)
  for (const c of timed) await latency(ctl, c, 200)
  const eps = new Map(list.map((c) => [c.id, []]))
  for (let round = 0; round < rounds; round++) {
    for (const c of shuffled(list)) {
      globalThis.gc?.()
      eps.get(c.id).push(await eventsPerSecond(ctl, c, pushes))
    }
  }
  // A latency round takes each contender's samples in 5 slices, the contenders shuffled in each:
  // a noisy moment of this shared machine (its p99) then falls on every contender alike.
  const lat = new Map(timed.map((c) => [c.id, []]))
  const slices = 5
  for (let round = 0; round < latencyRounds; round++) {
    const times = new Map(timed.map((c) => [c.id, []]))
    for (let slice = 0; slice < slices; slice++) {
      globalThis.gc?.()
      for (const c of shuffled(timed))
        times.get(c.id).push(...(await latencies(ctl, c, Math.ceil(samples / slices))))
    }
    for (const c of timed) lat.get(c.id).push(percentiles(times.get(c.id)))
  }
  const base = list[0].id
  const busy = eps.get(base).map((x) => x.serverBusy)
  return list.map((c) => {
    const e = eps.get(c.id).map((x) => x.eventsPerSecond)
    const l = lat.get(c.id) ?? []
    const baseE = eps.get(base).map((x) => x.eventsPerSecond)
    const undiciE = eps.get('rawUndici')?.map((x) => x.eventsPerSecond)
    const baseL = lat.get(base)
    return {
      id: c.id,
      name: c.name,
      group: c.group,
      pushes,
      rounds,
      samples,
      latencyRounds,
      eventsPerSecond: median(e),
      vsRaw: medianOfRatios(e, baseE),
      vsRawUndici: undiciE ? medianOfRatios(e, undiciE) : undefined,
      ...(l.length && {
        p50Us: median(l.map((x) => x.p50)),
        p99Us: median(l.map((x) => x.p99)),
        p50VsRaw: median(l.map((x, i) => x.p50 / baseL[i].p50)),
        p99VsRaw: median(l.map((x, i) => x.p99 / baseL[i].p99)),
      }),
      // Over the baseline's bursts: how busy the server was (near 1 would make it the bottleneck).
      serverBusy: c.id === base ? median(busy) : undefined,
      perRound: { eventsPerSecond: e, latency: l },
    }
  })
}

/** The whole stream section: server, contenders, rounds, everything closed after. */
export async function streamBench(options = {}) {
  const server = await startStreamServer()
  let list = []
  let ctl
  try {
    list = await streamContenders(server)
    ctl = await control(server)
    return await measureStream(list, ctl, options)
  } finally {
    ctl?.close()
    for (const c of list) await c.close()
    await server.close()
  }
}
