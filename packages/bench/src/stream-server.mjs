// The server of the stream measures, in its own process so that its work does not share the
// measuring process's core: a `ws` WebSocket server on 127.0.0.1 that answers the private
// endpoint's protocol without the sandbox's business logic (any login is answered
// `{"event":"login","code":0}`, every subscribe acknowledged, `ping` answered `pong`) and pushes
// order records shaped like the exchange's v3 `order` push (the sandbox's `wsOrderRecord`), plus
// the two REST reads the unified stream makes when it starts (server time, v2 or v3; open
// orders: none).
//
// Each client connects with `?c=<id>` in its URL. A control socket (path `/bench/control`) asks
// for pushes to one client: `{ c, n, mode: 'prepare' }` builds `n` pushes and answers
// `{ prepared }`, then `{ c, mode: 'burst' }` writes them as fast as the client's socket takes
// them (the client is the bottleneck); `{ c, n, mode: 'paced', everyMs }` writes one push every
// `everyMs`. With `distinct: true` every push is a new order (see `push`). Every record carries
// `benchSentUs`, the server's CLOCK_MONOTONIC in microseconds when it was built
// (`process.hrtime()`, the same clock in every process of this machine), for the latency measure.
//
// Started by `startStreamServer()` of ./stream.mjs; prints one JSON line `{ httpUrl, wsUrl }`.
import { createServer } from 'node:http'
import { WebSocketServer } from 'ws'

const nowUs = () => {
  const [s, ns] = process.hrtime()
  return s * 1e6 + ns / 1e3
}
const envelope = (data) =>
  JSON.stringify({ code: '00000', msg: 'success', requestTime: Date.now(), data })

const http = createServer((req, res) => {
  const path = (req.url ?? '').split('?')[0]
  let body
  if (path === '/api/v3/public/time' || path === '/api/v2/public/time')
    body = envelope({ serverTime: String(Date.now()) })
  else if (path === '/api/v3/trade/unfilled-orders') body = envelope({ list: [], cursor: null })
  if (body === undefined) {
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end('{"code":"40404","msg":"not served by the bench server"}')
    return
  }
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  })
  res.end(body)
})

const clients = new Map()
/** The frames of the next burst. */
let prepared = []
/** Pushes sent so far: each push's update time is the start time plus this count. */
let count = 0
const startMs = Date.now()
let distinctId = 1_300_000_000_100_000_000n

/**
 * One `order` push: the sandbox's `wsOrderRecord` of a live USDT-futures limit order. The order
 * is one of 1,000 open orders in turn (each push a newer state of it: its update time always
 * advances, so the stream's ledger takes it), or with `distinct` a new order every push (the
 * ledger then holds its 10,000 newest and drops the oldest at every push).
 */
function push(distinct = false) {
  const k = ++count
  const id = distinct ? String(++distinctId) : String(1_300_000_000_000_000_000n + BigInt(k % 1000))
  const updated = String(startMs + k)
  return `{"action":"update","arg":{"instType":"UTA","topic":"order"},"data":[{"orderId":"${id}","clientOid":"bench${id}","category":"usdt-futures","symbol":"BTCUSDT","orderType":"limit","side":"buy","price":"30000","qty":"0.01","amount":"0","cumExecQty":"0","cumExecValue":"0","avgPrice":"0","timeInForce":"gtc","orderStatus":"live","holdMode":"one_way_mode","tradeSide":"open","delegateType":"normal","reduceOnly":"no","marginMode":"crossed","stpMode":"none","takeProfit":"","stopLoss":"","tpTriggerBy":"","slTriggerBy":"","tpOrderType":"","slOrderType":"","tpLimitPrice":"","slLimitPrice":"","feeDetail":[{"feeCoin":null,"fee":null}],"cancelReason":"","createdTime":"${startMs}","updatedTime":"${updated}","holdSide":"","marginCoin":"USDT","totalProfit":"0","leverage":"1","benchSentUs":"${nowUs().toFixed(1)}"}],"ts":${Date.now()}}`
}

/** One unmasked WebSocket text frame (a server's frame) of `text`. */
function frame(text) {
  const payload = Buffer.from(text)
  const length = payload.length
  const head = length < 126 ? 2 : length < 65536 ? 4 : 10
  const out = Buffer.allocUnsafe(head + length)
  out[0] = 0x81
  if (head === 2) out[1] = length
  else if (head === 4) {
    out[1] = 126
    out.writeUInt16BE(length, 2)
  } else {
    out[1] = 127
    out.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(out, head)
  return out
}

/** `n` pushes as frames, joined into chunks of about 64 kB, built before a burst. */
function prepare(n, distinct) {
  const chunks = []
  let parts = []
  let size = 0
  for (let i = 0; i < n; i++) {
    const f = frame(push(distinct))
    parts.push(f)
    size += f.length
    if (size >= 65536 || i === n - 1) {
      chunks.push(Buffer.concat(parts, size))
      parts = []
      size = 0
    }
  }
  return chunks
}

/**
 * Writes prepared chunks straight to the client's TCP socket (ws's own, `_socket`), waiting for
 * `drain` when the kernel's buffer is full: the server then costs well under a microsecond a push,
 * far from the client's cost, where `ws.send` of each push cost it 4 to 7 us (measured: the raw
 * baseline was bound by the server). Whole frames only, so a `pong` ws sends meanwhile lands
 * between two of them.
 */
function burst(ws, chunks, done) {
  const socket = ws._socket
  let i = 0
  const pump = () => {
    while (i < chunks.length) if (!socket.write(chunks[i++])) return void socket.once('drain', pump)
    done()
  }
  pump()
}

function paced(ws, n, everyMs, distinct, done) {
  let i = 0
  const timer = setInterval(() => {
    if (ws.readyState !== 1) i = n
    else ws.send(push(distinct))
    if (++i >= n) {
      clearInterval(timer)
      done()
    }
  }, everyMs)
}

const wss = new WebSocketServer({ server: http })
wss.on('connection', (ws, req) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname === '/bench/control') {
    ws.on('message', (data) => {
      const ask = JSON.parse(String(data))
      const target = clients.get(ask.c)
      const cpu = process.cpuUsage()
      const started = performance.now()
      // The server's CPU time and wall time of the pushes, to check it is not the bottleneck.
      const done = () =>
        ws.send(
          JSON.stringify({
            done: ask.c,
            cpuMs: (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000,
            wallMs: performance.now() - started,
          }),
        )
      if (!target) ws.send(JSON.stringify({ error: `no client ${ask.c}` }))
      else if (ask.mode === 'prepare') {
        prepared = prepare(ask.n, ask.distinct === true)
        ws.send(JSON.stringify({ prepared: ask.c }))
      } else if (ask.mode === 'burst') burst(target, prepared, done)
      else paced(target, ask.n, ask.everyMs ?? 1, ask.distinct === true, done)
    })
    return
  }
  const id = url.searchParams.get('c') ?? ''
  clients.set(id, ws)
  ws.on('close', () => clients.get(id) === ws && clients.delete(id))
  ws.on('message', (data) => {
    const text = String(data)
    if (text === 'ping') return void ws.send('pong')
    let message
    try {
      message = JSON.parse(text)
    } catch {
      return
    }
    if (message.op === 'login') ws.send('{"event":"login","code":0,"msg":""}')
    else if (message.op === 'subscribe' || message.op === 'unsubscribe')
      for (const arg of message.args ?? []) ws.send(JSON.stringify({ event: message.op, arg }))
  })
})

await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve))
const { port } = http.address()
process.stdout.write(
  `${JSON.stringify({ httpUrl: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}` })}\n`,
)
// Stops with the parent: when its stdin closes.
process.stdin.resume()
process.stdin.on('end', () => {
  for (const ws of wss.clients) ws.terminate()
  http.close()
  process.exit(0)
})
