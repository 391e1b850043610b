import type { RateLimitRequest as CoreRateLimitRequest, RateLimiter } from '@tradeline/core'
import { describe, expectTypeOf, test } from 'vitest'
import { createRateLimiter, type RateLimitRequest } from './createRateLimiter.js'

describe('createRateLimiter', () => {
  test("is assignable to @tradeline/core's RateLimiter", () => {
    expectTypeOf(createRateLimiter()).toExtend<RateLimiter>()
    expectTypeOf(createRateLimiter({ uid: '1', store: undefined })).toExtend<RateLimiter>()
  })

  test("takes every request core's transport passes", () => {
    expectTypeOf<CoreRateLimitRequest>().toExtend<RateLimitRequest>()
  })
})
