// The secret scan of the unified client (the fault campaign): every failure path against a sandbox on
// 127.0.0.1 whose upstream echoes the credentials back; see @tradeline/fuzz/secrets.
import { BaseError } from '@tradeline/core'
import { describeSecretScan } from '@tradeline/fuzz/secrets'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll } from 'vitest'
import { createUnifiedClient, type UnifiedClient } from './createUnifiedClient.js'
import { restingBuy } from './test/sandbox.js'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false, strict: true })
})
afterAll(() => sandbox.close())

describeSecretScan<UnifiedClient>({
  name: 'unified (/api/v3/trade)',
  sandbox: () => sandbox,
  client: (options) =>
    createUnifiedClient({
      ...options,
      rateLimiter: false,
      instruments: false,
      positionMode: false,
    }),
  read: {
    path: '/api/v3/trade/unfilled-orders',
    call: (client) => client.orders.getOpen({ category: 'SPOT' }),
  },
  write: { path: '/api/v3/trade/place-order', call: (client) => client.orders.place(restingBuy) },
  reconciles: true,
  invalid: (client) => client.orders.place({ ...restingBuy, qty: '-1' }),
  typed: (error) => BaseError.isInstance(error),
})

// Account settings and the ledger: a signed ledger read and an idempotent settings write (sent as
// is after an unknown outcome, so nothing is reconciled).
describeSecretScan<UnifiedClient>({
  name: 'unified account (/api/v3/account)',
  sandbox: () => sandbox,
  client: (options) =>
    createUnifiedClient({
      ...options,
      rateLimiter: false,
      instruments: false,
      positionMode: false,
    }),
  read: {
    path: '/api/v3/account/financial-records',
    call: (client) => client.account.getFinancialRecords({ category: 'USDT-FUTURES' }),
  },
  write: {
    path: '/api/v3/account/set-leverage',
    call: (client) =>
      client.account.setLeverage({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '5' }),
  },
  reconciles: false,
  invalid: (client) =>
    client.account.setLeverage({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '2.5' }),
  typed: (error) => BaseError.isInstance(error),
})
