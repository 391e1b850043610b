import { describe, expect, test } from 'vitest'
import * as exports from './index.js'
import * as redis from './redis/index.js'

describe('exports', () => {
  test('the public API', () => {
    expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
      [
        "CostExceedsLimitError",
        "LimiterClosedError",
        "UnknownKeyError",
        "WaitTooLongError",
        "budgetsOf",
        "createLimiter",
        "createMemoryStore",
        "createRateLimiter",
        "createRateLimiterFor",
        "createStreamGate",
        "defaultMarginMs",
        "defaultPriority",
        "findViolations",
        "monotonicClock",
        "streamMarginMs",
        "version",
      ]
    `)
    expect(Object.keys(redis).sort()).toMatchInlineSnapshot(`
      [
        "StoreUnavailableError",
        "createRedisStore",
      ]
    `)
  })
})
