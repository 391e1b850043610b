import { createHmac } from 'node:crypto'
import { startSandbox } from '@tradeline/sandbox'

// Port 0 takes a free port; the same seed gives the same credentials and ids.
const sandbox = await startSandbox({ port: 0, seed: 42 })
const { apiKey, secret, passphrase } = sandbox.credentials

// Any client can call it: here a signed read with plain fetch.
const path = '/api/v3/trade/unfilled-orders'
const timestamp = String(Date.now())
const sign = createHmac('sha256', secret).update(`${timestamp}GET${path}`).digest('base64')
const response = await fetch(`${sandbox.url}${path}`, {
  headers: {
    'ACCESS-KEY': apiKey,
    'ACCESS-SIGN': sign,
    'ACCESS-PASSPHRASE': passphrase,
    'ACCESS-TIMESTAMP': timestamp,
  },
})
console.log(await response.json()) // { code: '00000', msg: 'success', requestTime, data: { list: [], cursor: '' } }

// The admin handle drives the exchange: prices, fills, the clock, faults, state.
sandbox.admin.setPrice('BTCUSDT', '64000.0')
sandbox.admin.injectFault({ path: '/api/v3/trade/place-order', kind: 'code-after', code: '40725' })
console.log('faults waiting:', sandbox.admin.state().faults.length)
await sandbox.close()
