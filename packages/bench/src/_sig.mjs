import { createHmac } from 'node:crypto'
import { Pool } from 'undici'
import { startServer, timePerOrder } from './orders.mjs'

const server = await startServer()
const { url, credentials } = server
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
class Deadline {
  aborted = false
  reason
  #l = []
  abort(r) {
    if (this.aborted) return
    this.aborted = true
    this.reason = r
    for (const l of this.#l.splice(0)) l()
  }
  once(_e, l) {
    this.#l.push(l)
    return this
  }
  on(e, l) {
    return this.once(e, l)
  }
  removeListener(_e, l) {
    const i = this.#l.indexOf(l)
    if (i !== -1) this.#l.splice(i, 1)
    return this
  }
}
const mk = (mode) => async () => {
  const body = JSON.stringify({ ...order, clientOid: `u${++n}` })
  const opts = { method: 'POST', headers: signedHeaders(credentials, body), body }
  let timer, d
  if (mode.includes('sig')) {
    d = new Deadline()
    opts.signal = d
  }
  if (mode.includes('timer')) timer = setTimeout(() => d?.abort(new Error('t')), 10000)
  try {
    const r = await pool.request({ path, ...opts })
    return JSON.parse(await r.body.text()).data
  } finally {
    if (timer) clearTimeout(timer)
  }
}
const pool = new Pool(url)
const list = { raw: mk(''), sig: mk('sig'), timer: mk('timer'), both: mk('sig timer') }
for (const f of Object.values(list)) for (let i = 0; i < 500; i++) await f()
const inflight = Number(process.env.N ?? 1)
const ratios = { sig: [], timer: [], both: [] }
for (let r = 0; r < 21; r++) {
  const t = {}
  for (const [k, f] of Object.entries(list).sort(() => Math.random() - 0.5)) {
    globalThis.gc?.()
    t[k] = await timePerOrder(f, inflight, 300)
  }
  for (const k of Object.keys(ratios)) ratios[k].push(t[k] / t.raw)
}
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1]
console.log(
  `N=${inflight}`,
  Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, med(v).toFixed(3)])),
)
await server.close()
