import {
  type ClassicStreamEventMeta,
  createClassicFuturesClient,
  createClassicFuturesStream,
} from '@tradeline/classic-futures'
import { startSandbox } from '@tradeline/sandbox'

const sandbox = await startSandbox({ port: 0, accountMode: 'classic' })
const { credentials } = sandbox
const client = createClassicFuturesClient({
  baseUrl: sandbox.url,
  credentials,
  positionMode: 'one_way',
})
// One WebSocket (/v2/ws/private) for the channels of one product type, opened on first use:
// login, a ping every 30 s, reconnects with backoff; after a reconnect the missed orders and
// fills are replayed (read through REST), once each, in order within each order.
const stream = createClassicFuturesStream(client, { credentials, productType: 'USDT-FUTURES' })

// Listeners, or async iterables: stream.orders(), .fills(), .positions(), .account(), .planOrders().
const how = (meta: ClassicStreamEventMeta) => (meta.action === 'replay' ? 'replayed ' : '')
let filled = () => {}
const done = new Promise<void>((resolve) => {
  filled = resolve
})
// Each order event is the order-detail record: state, baseVolume (filled so far), size, ...
stream.on('orders', (order, meta) => {
  console.log(`${how(meta)}order ${order.state} ${order.baseVolume} of ${order.size}`)
  if (order.state === 'filled') filled()
})
stream.on('fill', (fill, meta) =>
  console.log(`${how(meta)}fill ${fill.baseVolume} @ ${fill.price}`),
)
stream.on('positions', (p) => console.log(`position ${p.holdSide} ${p.total}`))
await stream.ready()

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const { orderId } = await client.orders.place({
  ...pair,
  marginMode: 'crossed',
  marginCoin: 'USDT',
  side: 'buy',
  orderType: 'limit',
  size: '0.01',
  price: '60000',
})
sandbox.admin.fill(orderId, '0.004') // the sandbox fills part of it
await new Promise((resolve) => setTimeout(resolve, 200))

// A dropped connection (reconnects refused for a moment): what happens meanwhile arrives after
// the reconnect, in order, once.
const down = new Promise<void>((resolve) =>
  stream.on('connection', (e) => e.type === 'down' && resolve()),
)
sandbox.admin.ws.refuse(true)
sandbox.admin.ws.drop()
await down
sandbox.admin.fill(orderId)
sandbox.admin.ws.refuse(false)
await done
await new Promise((resolve) => setTimeout(resolve, 200))
await stream.close()
await sandbox.close()
