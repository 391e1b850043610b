import { describe, expect, test } from 'vitest'
import * as core from './index.js'

describe('index', () => {
  test('the public API (a change here is an API change)', () => {
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "ApiError",
        "BaseError",
        "InvalidPrivateKeyError",
        "MissingCredentialsError",
        "NetworkError",
        "RateLimitedError",
        "ResponseError",
        "TimeoutError",
        "UnknownOutcomeError",
        "ValidationError",
        "classifyCode",
        "computeOffset",
        "createHmacSigner",
        "createLoadCache",
        "createRsaSigner",
        "createTransport",
        "defaultBaseUrl",
        "encodeQuery",
        "losslessNumbers",
        "parseEnvelope",
        "prehash",
        "rejectionCodes",
        "sign",
        "sortQuery",
        "successCode",
        "systemClock",
        "timestampExpiredCode",
        "unknownOutcomeCodes",
      ]
    `)
  })

  test('BaseError and ValidationError are the ones of @tradeline/rules', async () => {
    const rules = await import('@tradeline/rules')
    expect([
      core.BaseError === rules.BaseError,
      core.ValidationError === rules.ValidationError,
    ]).toEqual([true, true])
  })
})
