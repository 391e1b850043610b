import {
  createClassicFuturesClient,
  OrderOutcomeUnknownError,
  type placeOrder,
  ValidationError,
} from '@tradeline/classic-futures'
import { startSandbox } from '@tradeline/sandbox'

// A classic account: a unified (UTA) account's key gets 40085 from the classic API, as live.
const sandbox = await startSandbox({ port: 0, accountMode: 'classic' })
const client = createClassicFuturesClient({
  baseUrl: sandbox.url,
  credentials: sandbox.credentials,
  // Contracts (tick, lot, minimums, status) load from GET /api/v2/mix/market/contracts and the
  // position mode from the account (posMode of GET /api/v2/mix/account/account) on first use.
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const order = {
  ...pair,
  marginMode: 'crossed',
  marginCoin: 'USDT',
  side: 'buy',
  orderType: 'limit',
} as const

let placed: placeOrder.ReturnType
try {
  placed = await client.orders.place({ ...order, size: '0.01', price: '60000' })
} catch (caught) {
  // The lookups by clientOid did not settle it: send it again only as error.retryWith (the
  // action's ErrorType gives it the call's parameters).
  const error = caught as placeOrder.ErrorType
  if (!OrderOutcomeUnknownError.isInstance(error)) throw error
  placed = await client.orders.place(error.retryWith)
}
console.log('placed', placed.orderId)

// Modify cancels the order and places a new one (newClientOid); waitForNew resolves with the new
// order's id once the exchange shows it.
const modified = await client.orders.modify(
  { ...pair, orderId: placed.orderId, newSize: '0.02', newPrice: '59000' },
  { waitForNew: true },
)
const renewed = await client.orders.get({ ...pair, orderId: modified.orderId })
console.log('modified into', modified.orderId, renewed.state, renewed.size, renewed.price)

// 120 orders: grouped, sent in batches of 50, one outcome per order in input order.
const many = Array.from({ length: 120 }, (_, i) => ({
  ...order,
  size: '0.001',
  price: `${50000 + i}`,
}))
const outcomes = await client.batch.place(many, {
  onProgress: ({ done, total }) => console.log(`batch: ${done}/${total}`),
})
console.log('ok:', outcomes.filter((o) => o.status === 'ok').length)

try {
  await client.orders.place({ ...order, size: '0.0001', price: '60000' })
} catch (error) {
  if (!ValidationError.isInstance(error)) throw error
  console.log(
    'refused before sending:',
    error.issues.map((i) => `${i.path.join('.')} ${i.type}`),
  )
}

const before = await client.orders.getPending({ productType: 'USDT-FUTURES' })
console.log('pending (first page):', before.entrustedList.length)
await client.orders.cancelAll({ productType: 'USDT-FUTURES', marginCoin: 'USDT' })
const pending = await client.orders.getPending({ productType: 'USDT-FUTURES' })
console.log('pending after cancel all:', pending.entrustedList.length)
await sandbox.close()
