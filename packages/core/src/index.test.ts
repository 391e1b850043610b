import { describe, expect, test } from 'vitest'
import * as core from './index.js'

describe('index', () => {
  test('the public API (a change here is an API change)', () => {
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "ApiError",
        "BaseError",
        "Fields",
        "HookError",
        "InvalidPrivateKeyError",
        "MissingCredentialsError",
        "NetworkError",
        "OrderIdUnresolvedError",
        "OrderNotChangedError",
        "OrderNotPlacedError",
        "OrderOutcomeUnknownError",
        "RateLimitedError",
        "ResponseError",
        "StreamClosedError",
        "StreamLoginError",
        "StreamOverflowError",
        "StreamSubscribeError",
        "TimeoutError",
        "UnknownOutcomeError",
        "ValidationError",
        "callEndpoint",
        "chunk",
        "classifyCode",
        "combineSignals",
        "computeOffset",
        "createClientOid",
        "createEventQueue",
        "createHmacSigner",
        "createLoadCache",
        "createRsaSigner",
        "createStreamConnection",
        "createTransport",
        "defaultBaseUrl",
        "defaultReconcile",
        "defined",
        "duplicateClientOidCodes",
        "duplicates",
        "encodeQuery",
        "isReconcilable",
        "loadWebSocket",
        "losslessNumbers",
        "messageText",
        "modificationPendingCodes",
        "orderAbsentCodes",
        "parseData",
        "parseEnvelope",
        "pendingAsUnknown",
        "prehash",
        "reconcileSettings",
        "rejectionCodes",
        "requireArgument",
        "runBatches",
        "sendRequest",
        "settle",
        "sign",
        "sleep",
        "sortQuery",
        "subscriptionKey",
        "successCode",
        "systemClock",
        "systemTimers",
        "timestampExpiredCode",
        "unknownOutcomeCodes",
        "version",
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
