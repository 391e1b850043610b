import { startSandbox } from '@tradeline/sandbox'
import { createSavingsClient } from '@tradeline/savings'

const sandbox = await startSandbox({ port: 0 })
const client = createSavingsClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })

const [product] = await client.getProducts({ coin: 'USDT' })
console.log('product', product?.productId, product?.periodType)

// The conditions of subscribing: step rates as decimal strings, the redemption delay parsed.
const info = await client.getSubscribeInfo({ productId: '1001', periodType: 'flexible' })
console.log(
  'steps',
  info.apyList.map((step) => `${step.currentApy} up to ${step.maxStepVal}`),
)
console.log('redeem delay', info.redeemDelay) // { days: 0, raw: 'D+0' }

// Subscribing answers the orderId whose result subscribeResult reads.
const { orderId } = await client.subscribe({
  productId: '1001',
  periodType: 'flexible',
  amount: '100',
})
console.log('result', await client.getSubscribeResult({ orderId, periodType: 'flexible' }))
await sandbox.close()
