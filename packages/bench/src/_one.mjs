import { createUnifiedClient } from '@tradeline/unified'
import { startServer } from './orders.mjs'

const server = await startServer()
const { url, credentials } = server
const order = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
}
const client = createUnifiedClient({ baseUrl: url, credentials, rateLimiter: false })
for (let i = 0; i < 500; i++) await client.orders.place({ ...order })
const { Session } = await import('node:inspector/promises')
const s = new Session()
s.connect()
await s.post('Profiler.enable')
await s.post('Profiler.setSamplingInterval', { interval: 200 })
await s.post('Profiler.start')
let left = 12000
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (left-- > 0) await client.orders.place({ ...order })
  }),
)
const { profile } = await s.post('Profiler.stop')
// self time by function
const self = new Map()
const total = profile.samples.length
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const counts = new Map()
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1)
for (const [id, c] of counts) {
  const n = byId.get(id)
  const k = `${n.callFrame.functionName} ${n.callFrame.url}:${n.callFrame.lineNumber}`
  self.set(k, (self.get(k) ?? 0) + c)
}
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, 45)
for (const [k, c] of rows) console.log(((100 * c) / total).toFixed(1).padStart(5), k)
await server.close()
