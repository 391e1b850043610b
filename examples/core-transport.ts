import { ApiError, createTransport, type EndpointRef, UnknownOutcomeError } from '@tradeline/core'
import { startSandbox } from '@tradeline/sandbox'

const sandbox = await startSandbox({ port: 0 })
const transport = createTransport({
  baseUrl: sandbox.url, // default: 'https://api.bitget.com'
  credentials: sandbox.credentials, // { apiKey, secret, passphrase } or { apiKey, passphrase, privateKey }
  syncClock: true, // reads the server time once before the first private call
})

// Any endpoint, by id, method, path and whether it is signed (the rules package defines them all).
const placeOrder = {
  id: 'unified.placeOrder',
  method: 'POST',
  path: '/api/v3/trade/place-order',
  auth: true,
} satisfies EndpointRef
const body = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
  clientOid: 'my-1',
}

// Resolves to the envelope's data (not validated: the transport validates nothing).
console.log(await transport.request({ endpoint: placeOrder, body })) // { orderId: '…', clientOid: 'my-1' }

try {
  await transport.request({ endpoint: placeOrder, body }) // the same clientOid again
} catch (error) {
  if (!ApiError.isInstance(error)) throw error
  console.log('ApiError', error.code, error.msg, 'retrySafe:', error.retrySafe)
}

sandbox.admin.injectFault({ path: placeOrder.path, kind: 'code-after', code: '40725' })
try {
  await transport.request({ endpoint: placeOrder, body: { ...body, clientOid: 'my-2' } })
} catch (error) {
  // 40010 / 40725 / 45001, a timeout or a lost connection on a call that changes state: it may
  // have been applied. Look the order up by its clientOid (the clients do this for you).
  if (!UnknownOutcomeError.isInstance(error)) throw error
  console.log('UnknownOutcomeError', error.reason, 'retrySafe:', error.retrySafe)
}
await sandbox.close()
