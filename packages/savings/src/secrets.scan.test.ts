// The secret scan of the savings client (the fault campaign): every failure path against a sandbox on
// 127.0.0.1 whose upstream echoes the credentials back; see @tradeline/fuzz/secrets. The write is
// a subscription, reconciled by lookup of the records (no client id).
import { BaseError } from '@tradeline/core'
import { describeSecretScan } from '@tradeline/fuzz/secrets'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll } from 'vitest'
import { createSavingsClient, type SavingsClient } from './createSavingsClient.js'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false, strict: true })
})
afterAll(() => sandbox.close())

describeSecretScan<SavingsClient>({
  name: 'savings (/api/v2/earn/savings)',
  sandbox: () => sandbox,
  client: (options) => createSavingsClient({ ...options, rateLimiter: false }),
  read: {
    path: '/api/v2/earn/savings/product',
    call: (client) => client.getProducts({ coin: 'USDT' }),
  },
  write: {
    path: '/api/v2/earn/savings/subscribe',
    call: (client) => client.subscribe({ productId: '1001', periodType: 'flexible', amount: '10' }),
  },
  reconciles: true,
  invalid: (client) => client.getProducts({ coin: 'USDT', filter: 'nope' as never }),
  typed: (error) => BaseError.isInstance(error),
})
