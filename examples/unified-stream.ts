import { startSandbox } from '@tradeline/sandbox'
import { createUnifiedClient, createUnifiedStream } from '@tradeline/unified'

const sandbox = await startSandbox({ port: 0 })
const { credentials } = sandbox
const client = createUnifiedClient({ baseUrl: sandbox.url, credentials })
// One WebSocket for every topic, opened on first use: login, a ping every 30 s, reconnects with
// backoff; after a reconnect the missed orders and fills are replayed (through REST), once each.
const stream = createUnifiedStream(client, { credentials })

// Listeners, or async iterables: stream.orders(), .fills(), .positions(), .account().
stream.on('fill', (fill) => console.log('fill', fill.execQty, '@', fill.execPrice))
const orders = stream.orders()
await stream.ready()

const { orderId } = await client.orders.place({
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
})
sandbox.admin.fill(orderId, '0.004') // the sandbox fills part of it

// Each order event is the REST order record (decimal strings, REST field names).
for await (const order of orders) {
  console.log('order', order.orderStatus, order.cumExecQty, 'of', order.qty)
  if (order.orderStatus === 'partially_filled') break // ends this iterator only
}

// A dropped connection: what happens meanwhile arrives after the reconnect, in order, to the
// readers there were before it happened (a reader gets nothing from before it began reading).
const later = stream.orders()
sandbox.admin.ws.drop()
sandbox.admin.fill(orderId)
for await (const order of later) {
  console.log('after the reconnect: order', order.orderStatus, order.cumExecQty)
  break
}
await stream.close()
await sandbox.close()
