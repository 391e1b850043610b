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
        "defaultMarginMs",
        "defaultPriority",
        "findViolations",
        "monotonicClock",
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
