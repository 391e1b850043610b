import { describe, expect, test } from 'vitest'
import * as exports from './index.js'

describe('@tradeline/sandbox', () => {
  test('exports', () => {
    expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
      [
        "DroppedConnectionError",
        "authenticate",
        "createClock",
        "createFaultStore",
        "createOrderStore",
        "createRateLimiter",
        "createSandboxApp",
        "createState",
        "defaultInstruments",
        "defaultPrices",
        "defaultTimestampWindowMs",
        "endpointMap",
        "failure",
        "faultCodes",
        "faultKinds",
        "faultMessages",
        "isEndpoint",
        "isLoopback",
        "notFound",
        "openStatuses",
        "orderRecord",
        "orderStatuses",
        "permissions",
        "prehash",
        "publicRoutes",
        "requirementOf",
        "routeKey",
        "routes",
        "rulesOf",
        "sortedRawQuery",
        "startSandbox",
        "success",
        "unifiedRoutes",
      ]
    `)
  })
})
