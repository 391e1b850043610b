import {
  bindActions,
  type CallingClient,
  type CallOptions,
  callEndpoint,
  createClientBase,
  extendClient,
} from '@tradeline/core'
import { createRateLimiterFor } from '@tradeline/rate-limit'
import { ClassicFutures, RateLimits, Savings } from '@tradeline/rules'
import { startSandbox } from '@tradeline/sandbox'
import { productRecords } from '@tradeline/savings'

// An action takes the client first, then its parameters and options.
const getProducts = (client: CallingClient, parameters: object = {}, options: CallOptions = {}) =>
  callEndpoint(client, Savings.getProducts, parameters, productRecords, options)

function createEarnClient(options: createClientBase.OrderParameters = {}) {
  const base = createClientBase(options, {
    name: 'earn',
    version: '0.1.0',
    rateLimits: RateLimits.savingsTable, // the default limiter: these rows and the public ones
    createRateLimiter: createRateLimiterFor,
  })
  return extendClient(base, (client) => ({
    savings: bindActions(client, { products: getProducts }),
  }))
}

const sandbox = await startSandbox({ port: 0 })
const client = createEarnClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })

const products = await client.savings.products({ coin: 'USDT' })
console.log(
  'products',
  products.map((product) => product.productId),
)
console.log('config frozen:', Object.isFrozen(client.config))

// Another line's endpoint: the default limiter holds none of its rows, so nothing is sent.
try {
  await client.transport.request({
    endpoint: ClassicFutures.getContracts,
    query: { productType: 'USDT-FUTURES' },
  })
} catch (error) {
  if (!(error instanceof Error)) throw error
  console.log('refused:', error.name)
}
await sandbox.close()
