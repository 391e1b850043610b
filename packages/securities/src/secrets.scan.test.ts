// The secret scan of the securities client (the fault campaign): every failure path against a sandbox on
// 127.0.0.1 whose upstream echoes the credentials back; see @tradeline/fuzz/secrets.
import { BaseError } from '@tradeline/core'
import { describeSecretScan } from '@tradeline/fuzz/secrets'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll } from 'vitest'
import { createSecuritiesClient, type SecuritiesClient } from './createSecuritiesClient.js'
import { setup } from './test/sandbox.js'

let sandbox: RunningSandbox
beforeAll(async () => {
  ;({ sandbox } = await setup())
})
afterAll(() => sandbox.close())

const limitBuy = {
  symbol: 'AAPL.US',
  orderType: 'LO',
  side: 'Buy',
  submittedQuantity: '1',
  submittedPrice: '1.00',
  timeInForce: 'Day',
  outsideRth: 'RTHOnly',
} as const

describeSecretScan<SecuritiesClient>({
  name: 'securities (/api/v3/stockplus)',
  sandbox: () => sandbox,
  permissions: ['trade_rw', 'optionQuote'],
  client: (options) =>
    createSecuritiesClient({
      ...options,
      rateLimiter: false,
      // The sandbox runs on a fixed clock (a weekday session).
      clock: options.clock ?? { now: () => sandbox.admin.now() },
    }),
  read: { path: '/api/v3/stockplus/asset/account', call: (client) => client.account.getFunds({}) },
  write: {
    path: '/api/v3/stockplus/trade/place-order',
    call: (client) => client.orders.place(limitBuy),
  },
  // An unknown placement is reconciled by matching today's orders.
  reconciles: true,
  invalid: (client) => client.orders.place({ ...limitBuy, submittedQuantity: '-1' }),
  typed: (error) => BaseError.isInstance(error),
})

// securities order management: the order reads, and a cancel reconciled by order-detail.
describeSecretScan<SecuritiesClient>({
  name: 'securities order management (/api/v3/stockplus/trade)',
  sandbox: () => sandbox,
  permissions: ['trade_rw'],
  client: (options) =>
    createSecuritiesClient({
      ...options,
      rateLimiter: false,
      clock: options.clock ?? { now: () => sandbox.admin.now() },
    }),
  read: {
    path: '/api/v3/stockplus/trade/today-orders',
    call: (client) => client.orders.getToday({ symbol: 'AAPL.US' }),
  },
  write: {
    path: '/api/v3/stockplus/trade/cancel-order',
    call: (client) => client.orders.cancel({ symbol: 'AAPL.US', orderId: '1001' }),
  },
  reconciles: true,
  invalid: (client) => client.orders.modify({ orderId: '1001', quantity: '0' }),
  typed: (error) => BaseError.isInstance(error),
})
