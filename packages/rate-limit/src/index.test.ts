import { describe, expect, test } from 'vitest'
import * as exports from './index.js'
import * as redis from './redis/index.js'

describe('@tradeline/rate-limit exports', () => {
  test('@tradeline/rate-limit: every export by name (a change here is an API change)', () => {
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
  })

  test('@tradeline/rate-limit/redis: every export by name (a change here is an API change)', () => {
    expect(Object.keys(redis).sort()).toMatchInlineSnapshot(`
      [
        "StoreUnavailableError",
        "createRedisStore",
      ]
    `)
  })
})
