import { describe, expect, test } from 'vitest'
import * as exports from './index.js'

describe('@tradeline/sandbox', () => {
  test('exports', () => {
    expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
      [
        "DroppedConnectionError",
        "authenticate",
        "coinsOf",
        "createClock",
        "createFaultStore",
        "createOrderStore",
        "createRateLimiter",
        "createSandboxApp",
        "createState",
        "defaultBalances",
        "defaultInstruments",
        "defaultPrices",
        "defaultTimestampWindowMs",
        "endpointMap",
        "failure",
        "failures",
        "faultCodes",
        "faultKinds",
        "faultMessages",
        "fillRecord",
        "isEndpoint",
        "isLoopback",
        "issueFailure",
        "notFound",
        "onPrice",
        "openStatuses",
        "orderRecord",
        "orderStatuses",
        "permissions",
        "prehash",
        "publicRoutes",
        "realityFillsSince",
        "requirementOf",
        "routeKey",
        "routes",
        "rulesOf",
        "setCountdown",
        "settle",
        "sortedRawQuery",
        "startSandbox",
        "strategyRecord",
        "strategyStatusOf",
        "success",
        "unifiedRoutes",
        "unknownSymbol",
      ]
    `)
  })
})
