import { createClassicFuturesClient, ValidationError } from '@tradeline/classic-futures'
import { createRateLimiter } from '@tradeline/rate-limit'
import { startSandbox } from '@tradeline/sandbox'

// An elite trader's copy-trading key of a classic account on a local exchange.
const sandbox = await startSandbox({
  port: 0,
  accountMode: 'classic',
  data: { keys: [{ eliteTrader: true }] },
})
const credentials = sandbox.credentials

const client = createClassicFuturesClient({
  baseUrl: sandbox.url,
  credentials,
  rateLimiter: createRateLimiter({ copyTrader: true }),
  // The pairs the exchange publishes for elite traders: other symbols are refused before sending.
  eliteTraderPairs: ['BTCUSDT', 'ETHUSDT'],
})

const order = {
  productType: 'USDT-FUTURES',
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '0.01',
  side: 'buy',
  orderType: 'limit',
  price: '60000',
} as const
const placed = await client.orders.place({ ...order, symbol: 'BTCUSDT' })
console.log('BTCUSDT placed', placed.orderId !== null)
try {
  await client.orders.place({ ...order, symbol: 'SOLUSDT', price: '100' })
} catch (error) {
  if (!ValidationError.isInstance(error)) throw error
  console.log(
    'refused before sending:',
    error.issues.map((issue) => issue.path.join('.')),
  )
}
await sandbox.close()
