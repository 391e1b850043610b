import { describe, expect, test } from 'vitest'
import * as classic from './index.js'

describe('index', () => {
  test('the public API (a change here is an API change)', () => {
    expect(Object.keys(classic).sort()).toMatchInlineSnapshot(`
      [
        "ApiError",
        "BaseError",
        "NetworkError",
        "NewOrderNotFoundError",
        "OrderIdUnresolvedError",
        "OrderNotChangedError",
        "OrderNotPlacedError",
        "OrderOutcomeUnknownError",
        "OrderReplacedError",
        "RateLimitedError",
        "ResponseError",
        "TimeoutError",
        "UnknownOutcomeError",
        "ValidationError",
        "batchResult",
        "cancelAllOrders",
        "cancelBatch",
        "cancelOrder",
        "cancelOrders",
        "closePositions",
        "contractRecord",
        "contractRecords",
        "createClassicFuturesClient",
        "createClientOid",
        "getContracts",
        "getOrder",
        "getPendingOrders",
        "getPositions",
        "lookUpOrder",
        "modifyOrder",
        "orderAck",
        "orderDetail",
        "pendingOrder",
        "pendingPage",
        "placeBatch",
        "placeOrder",
        "placeOrders",
        "positionRecord",
        "positionRecords",
        "reverseOrder",
        "sameOrder",
        "toInstrument",
        "untradableStatuses",
        "version",
      ]
    `)
  })
})
