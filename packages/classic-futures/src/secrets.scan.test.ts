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
import { restingBuy, triggerBuy } from './test/sandbox.js'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false, strict: true, accountMode: 'classic' })
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

const btc = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT' } as const

// The account's settings and ledger: a signed ledger read and an idempotent settings write (sent
// as is after an unknown outcome, so nothing is reconciled).
describeSecretScan<ClassicFuturesClient>({
  name: 'classic futures account (/api/v2/mix/account)',
  sandbox: () => sandbox,
  client: (options) =>
    createClassicFuturesClient({ ...options, rateLimiter: false, instruments: false }),
  read: {
    path: '/api/v2/mix/account/bill',
    call: (client) => client.account.getBills({ productType: 'USDT-FUTURES' }),
  },
  write: {
    path: '/api/v2/mix/account/set-leverage',
    call: (client) => client.account.setLeverage({ ...btc, leverage: '5' }),
  },
  reconciles: false,
  invalid: (client) => client.account.setLeverage({ ...btc, leverage: '2.5' }),
  typed: (error) => BaseError.isInstance(error),
})

// Plan orders: placements reconciled by clientOid through the plan lists.
describeSecretScan<ClassicFuturesClient>({
  name: 'classic futures plan orders (/api/v2/mix/order/*plan*)',
  sandbox: () => sandbox,
  client: (options) =>
    createClassicFuturesClient({
      ...options,
      rateLimiter: false,
      instruments: false,
      positionMode: 'one_way',
    }),
  read: {
    path: '/api/v2/mix/order/orders-plan-pending',
    call: (client) =>
      client.plans.getPending({ productType: 'USDT-FUTURES', planType: 'normal_plan' }),
  },
  write: {
    path: '/api/v2/mix/order/place-plan-order',
    call: (client) => client.plans.place({ ...triggerBuy, triggerPrice: '99000' }),
  },
  reconciles: true,
  invalid: (client) => client.plans.place({ ...triggerBuy, size: '-1' }),
  typed: (error) => BaseError.isInstance(error),
})
