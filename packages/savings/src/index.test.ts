import { exportsFromInternal } from '@tradeline/vitest-config'
import { describe, expect, test } from 'vitest'
import * as exports from './index.js'

describe('@tradeline/savings exports', () => {
  test('no public export comes from an internal/ module (public types live outside it)', () => {
    expect(exportsFromInternal(new URL('./index.ts', import.meta.url))).toEqual([])
  })

  test('@tradeline/savings: every export by name (a change here is an API change)', () => {
    expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
      [
        "ApiError",
        "BaseError",
        "NetworkError",
        "RateLimitedError",
        "ResponseError",
        "SavingsOutcomeUnknownError",
        "TimeoutError",
        "UnknownOutcomeError",
        "ValidationError",
        "apyRange",
        "apyStep",
        "assetsPage",
        "createSavingsClient",
        "getAccount",
        "getAssets",
        "getProducts",
        "getRecords",
        "getRedeemResult",
        "getSubscribeInfo",
        "getSubscribeResult",
        "parseRedeemDelay",
        "periodType",
        "productRecord",
        "productRecords",
        "recordsPage",
        "redeem",
        "redeemAck",
        "redeemDelay",
        "savingsAccount",
        "savingsAsset",
        "savingsRecord",
        "subscribe",
        "subscribeAck",
        "subscribeInfo",
        "subscribeResult",
        "time",
        "version",
      ]
    `)
  })
})
