import { exportsFromInternal } from '@tradeline/vitest-config'
import { describe, expect, test } from 'vitest'
import * as core from './index.js'
import * as internal from './internal.js'

describe('@tradeline/core exports', () => {
  test('no public export comes from an internal/ module (public types live outside it)', () => {
    expect(exportsFromInternal(new URL('./index.ts', import.meta.url))).toEqual([])
  })

  test('@tradeline/core: every export by name (a change here is an API change)', () => {
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "ApiError",
        "BaseError",
        "FastFields",
        "Fields",
        "HookError",
        "InvalidPrivateKeyError",
        "Ledger",
        "MissingCredentialsError",
        "NetworkError",
        "OrderClosedOutcomeUnknownError",
        "OrderIdUnresolvedError",
        "OrderNotChangedError",
        "OrderNotPlacedError",
        "OrderOutcomeUnknownError",
        "OrderReplacedError",
        "RateLimitedError",
        "ResponseError",
        "StreamClosedError",
        "StreamGapError",
        "StreamListenerError",
        "StreamLoginError",
        "StreamMessageTooLargeError",
        "StreamOverflowError",
        "StreamPushError",
        "StreamStateCappedError",
        "StreamSubscribeError",
        "StreamSubscribeTimeoutError",
        "StreamSubscriptionsWaitingError",
        "TimeoutError",
        "UnknownOutcomeError",
        "ValidationError",
        "allPages",
        "bindActions",
        "callEndpoint",
        "chunk",
        "classifyCode",
        "clientOidFor",
        "clockTolerance",
        "combineSignals",
        "compareDecimals",
        "computeOffset",
        "connectionOptions",
        "crc32",
        "createClientBase",
        "createClientOid",
        "createEventQueue",
        "createHmacSigner",
        "createLoadCache",
        "createMarketStream",
        "createOrderBook",
        "createPrivateStream",
        "createRsaSigner",
        "createStreamConnection",
        "createTransport",
        "defaultBaseUrl",
        "defaultReconcile",
        "defined",
        "duplicateClientOidCodes",
        "duplicates",
        "encodeQuery",
        "extendClient",
        "fundingRateRecord",
        "fundingRateRecords",
        "isReconcilable",
        "isRetry",
        "loadWebSocket",
        "losslessNumbers",
        "messageText",
        "modificationPendingCodes",
        "notCovered",
        "orderAbsentCodes",
        "parseData",
        "parseEnvelope",
        "pendingAsUnknown",
        "placement",
        "prehash",
        "readBookPush",
        "readFast",
        "readMarketCandle",
        "readMarketTicker",
        "readMarketTrade",
        "readServerMessage",
        "reconcileSettings",
        "refusalAsUnknown",
        "rejectionCodes",
        "requireArgument",
        "resolveOrderIds",
        "retryMark",
        "retryOf",
        "retrySince",
        "runBatches",
        "runChange",
        "sendRequest",
        "settle",
        "sign",
        "sleep",
        "sortQuery",
        "streamEndpoint",
        "streamLogin",
        "streamOptionError",
        "subscriptionKey",
        "successCode",
        "systemClock",
        "systemTimers",
        "timestampExpiredCode",
        "unknownOutcomeCodes",
        "validateRequest",
        "version",
      ]
    `)
  })

  test('@tradeline/core/internal: every export by name (a change here is an API change)', () => {
    expect(Object.keys(internal).sort()).toMatchInlineSnapshot(`
      [
        "answeredIds",
        "assertFactoryOptions",
        "assertStreamOptions",
        "batchPlacement",
        "chunk",
        "combineSignals",
        "defined",
        "duplicates",
        "idlessWrites",
        "keepState",
        "maxStateKeys",
        "messageText",
        "modificationRefusal",
        "pendingAsUnknown",
        "placementReading",
        "refusalAsUnknown",
        "requireArgument",
        "retryOffset",
        "retryOffsetMark",
        "runOneBatch",
        "runOptionsOf",
        "sleep",
        "streamOptionError",
        "subscriptionKey",
        "wallSkew",
        "withAliases",
        "withClientOid",
      ]
    `)
  })

  test('the helpers moved to /internal stay at the root as the same functions, deprecated', () => {
    const root: Record<string, unknown> = { ...core }
    const moved: Record<string, unknown> = { ...internal }
    // Added to /internal after the move: never at the root.
    const later = [
      'withAliases',
      'withClientOid',
      'batchPlacement',
      'modificationRefusal',
      'placementReading',
      'retryOffset',
      'retryOffsetMark',
      'runOneBatch',
      'runOptionsOf',
      'wallSkew',
      'keepState',
      'maxStateKeys',
      'assertFactoryOptions',
      'assertStreamOptions',
      'answeredIds',
      'idlessWrites',
    ]
    const names = Object.keys(moved).filter((name) => !later.includes(name))
    expect(names).toHaveLength(11)
    for (const name of names) expect(root[name]).toBe(moved[name])
  })

  test('BaseError and ValidationError are the ones of @tradeline/rules', async () => {
    const rules = await import('@tradeline/rules')
    expect([
      core.BaseError === rules.BaseError,
      core.ValidationError === rules.ValidationError,
    ]).toEqual([true, true])
  })
})
