import { startSandbox } from '@tradeline/sandbox'
import { cancelOrder, createUnifiedBaseClient, getOrderInfo, placeOrder } from '@tradeline/unified'

const sandbox = await startSandbox({ port: 0 })
// The same options and checks as createUnifiedClient, without the grouped methods: a bundle holds
// only the actions the app imports.
const client = createUnifiedBaseClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })

const { orderId } = await placeOrder(client, {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
})
await cancelOrder(client, { orderId })
const { orderStatus } = await getOrderInfo(client, { orderId })
console.log(orderId, orderStatus)
await sandbox.close()
