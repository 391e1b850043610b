import { expect, test } from 'vitest'
import * as exports from './index.js'

test('the public API: every export, by name', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "ApiError",
      "BaseError",
      "DeadManSwitch",
      "HeartbeatTimeoutError",
      "InvalidPrivateKeyError",
      "MissingCredentialsError",
      "NetworkError",
      "OrderIdUnresolvedError",
      "OrderNotChangedError",
      "OrderNotPlacedError",
      "OrderOutcomeUnknownError",
      "RateLimitedError",
      "ResponseError",
      "StrategyLookupIncompleteError",
      "TimeoutError",
      "UnknownOutcomeError",
      "ValidationError",
      "armCountdown",
      "batchItemResult",
      "batchModifyResults",
      "batchResults",
      "cancelAllOrders",
      "cancelBatch",
      "cancelOrder",
      "cancelOrders",
      "cancelStrategyOrder",
      "countdownResponse",
      "createClientOid",
      "createUnifiedClient",
      "decimalish",
      "defaultReconcile",
      "disarmCountdown",
      "duplicateClientOidCodes",
      "fillPage",
      "fillRecord",
      "getFills",
      "getMarketStates",
      "getOpenOrders",
      "getOpenStrategyOrders",
      "getOrderHistory",
      "getOrderInfo",
      "getRealityFills",
      "getStrategyOrderHistory",
      "lookUpOrder",
      "lookUpStrategyOrder",
      "marketStates",
      "marketStatesResponse",
      "modifyBatch",
      "modifyOrder",
      "modifyOrders",
      "modifyStrategyOrder",
      "orderAbsentCodes",
      "orderAck",
      "orderPage",
      "orderRecord",
      "placeBatch",
      "placeOrder",
      "placeOrders",
      "placeStrategyOrder",
      "realityFill",
      "realityFills",
      "sessionState",
      "setCountdown",
      "strategyOrderPage",
      "strategyOrderRecord",
    ]
  `)
})

test('issue: the error classes a caller catches are exported by @tradeline/unified, the same classes as core', async () => {
  const core = await import('@tradeline/core')
  for (const name of [
    'ApiError',
    'BaseError',
    'InvalidPrivateKeyError',
    'NetworkError',
    'RateLimitedError',
    'ResponseError',
    'TimeoutError',
    'UnknownOutcomeError',
    'ValidationError',
  ] as const)
    expect((exports as Record<string, unknown>)[name]).toBe(core[name])
  const client = exports.createUnifiedClient({ baseUrl: 'http://127.0.0.1:9' })
  const error = await client.orders
    .place({ category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '1' })
    .catch((e: unknown) => e)
  expect(exports.ValidationError.isInstance(error)).toBe(true)
})
