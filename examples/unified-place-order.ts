import { startSandbox } from '@tradeline/sandbox'
import {
  createUnifiedClient,
  OrderOutcomeUnknownError,
  type placeOrder,
  ValidationError,
} from '@tradeline/unified'

// A local exchange on a free port; against the exchange, leave out `baseUrl` and pass your key.
const sandbox = await startSandbox({ port: 0 })
const client = createUnifiedClient({
  baseUrl: sandbox.url,
  credentials: sandbox.credentials, // { apiKey, secret, passphrase }
})

// `satisfies` checks the order where it is written and keeps its literals ('buy', not string).
const order = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '60000',
} satisfies placeOrder.Parameters

// The instrument (tick, lot, minimum, status) and the position mode are loaded on first use.
const placed = await client.orders.place(order)
console.log('placed', placed.orderId, placed.clientOid)

// Bad input never leaves the process: every issue names its field and rule.
try {
  await client.orders.place({ ...order, price: '60000.05' })
} catch (error) {
  if (!ValidationError.isInstance(error)) throw error
  console.log(
    'refused before sending:',
    error.issues.map((i) => `${i.path.join('.')} ${i.type}`),
  )
}

// The exchange applies the order but answers 40725: the outcome is unknown. The client looks the
// order up by its clientOid and returns what the exchange did; nothing is sent twice.
sandbox.admin.injectFault({ path: '/api/v3/trade/place-order', kind: 'code-after', code: '40725' })
try {
  const reconciled = await client.orders.place(order)
  console.log('reconciled', reconciled.orderId)
} catch (error) {
  // Not found by the lookups: it may still arrive. Send it again only as `retryWith` (the same
  // clientOid): the exchange refuses a second order with it, and the client returns the first.
  if (!OrderOutcomeUnknownError.isInstance(error)) throw error
  await client.orders.place(error.retryWith)
}

const { list } = await client.orders.getOpen({ category: 'USDT-FUTURES' })
console.log('open orders', list.length)
await sandbox.close()
