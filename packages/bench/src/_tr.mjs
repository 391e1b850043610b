import { createHmac } from 'node:crypto'
import { createTransport } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
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
const pool = new Pool(url)
const rawPool = async () => {
  const body = JSON.stringify({ ...order, clientOid: `p${++n}` })
  const r = await pool.request({
    path,
    method: 'POST',
    headers: signedHeaders(credentials, body),
    body,
  })
  return JSON.parse(await r.body.text()).data
}
const t1 = createTransport({ baseUrl: url, credentials })
const t2 = createTransport({ baseUrl: url, credentials, timeout: false })
const list = {
  rawPool,
  tr: () => t1.request({ endpoint: Unified.placeOrder, body: { ...order, clientOid: `t${++n}` } }),
  trNoTimeout: () =>
    t2.request({ endpoint: Unified.placeOrder, body: { ...order, clientOid: `t${++n}` } }),
}
for (const f of Object.values(list)) for (let i = 0; i < 2000; i++) await f()
const inflight = Number(process.env.N ?? 1)
const ratios = Object.fromEntries(
  Object.keys(list)
    .slice(1)
    .map((k) => [k, []]),
)
for (let r = 0; r < 31; r++) {
  const t = {}
  for (const [k, f] of Object.entries(list).sort(() => Math.random() - 0.5)) {
    t[k] = await timePerOrder(f, inflight, 250)
  }
  for (const k of Object.keys(ratios)) ratios[k].push(t[k] / t.rawPool)
}
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1]
console.log(
  `N=${inflight}`,
  Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, med(v).toFixed(3)])),
)
await server.close()
process.exit(0)
