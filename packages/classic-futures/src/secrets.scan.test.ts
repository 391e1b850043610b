// The secret scan of the classic futures client (the fault campaign): every failure path against a sandbox
// on 127.0.0.1 whose upstream echoes the credentials back; see @tradeline/fuzz/secrets.
import { BaseError } from '@tradeline/core'
import { describeSecretScan } from '@tradeline/fuzz/secrets'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll } from 'vitest'
import {
  type ClassicFuturesClient,
  createClassicFuturesClient,
} from './createClassicFuturesClient.js'
import { restingBuy } from './test/sandbox.js'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false, strict: true })
})
afterAll(() => sandbox.close())

describeSecretScan<ClassicFuturesClient>({
  name: 'classic futures (/api/v2/mix/order)',
  sandbox: () => sandbox,
  client: (options) =>
    createClassicFuturesClient({ ...options, rateLimiter: false, instruments: false }),
  read: {
    path: '/api/v2/mix/order/orders-pending',
    call: (client) => client.orders.getPending({ productType: 'USDT-FUTURES' }),
  },
  write: {
    path: '/api/v2/mix/order/place-order',
    call: (client) => client.orders.place(restingBuy),
  },
  reconciles: true,
  invalid: (client) => client.orders.place({ ...restingBuy, size: '-1' }),
  typed: (error) => BaseError.isInstance(error),
})
