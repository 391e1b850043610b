/**
 * The savings account reads: the account summary, the holdings (assets) and the records of
 * subscriptions, redemptions and interest (Bitget "Savings Account", "Savings Assets" and
 * "Savings Records", https://www.bitget.com/api-doc/earn/savings/Savings-Account,
 * .../Savings-Assets, .../Savings-Records; each "Frequency limit: 10c/1s (Uid)").
 */
import * as v from 'valibot'
import { endNotBeforeStart, windowAtMost } from '../classic/timeRange.js'
import * as Endpoint from '../Endpoint.js'
import { oneOf, symbol } from '../internal/fields.js'
import { orderId } from '../internal/identity.js'
import { queryInteger, queryIntegerIn } from '../internal/queryInteger.js'
import { periodType } from './periodType.js'

/**
 * The record types of the savings records (`orderType`), as the exchange lists them:
 * subscription, redemption, interest payment and penalty interest (fixed term only).
 *
 * @example
 * import { Savings } from '@tradeline/rules'
 * Savings.recordTypes // ['subscribe', 'redeem', 'pay_interest', 'deduction']
 */
export const recordTypes = ['subscribe', 'redeem', 'pay_interest', 'deduction'] as const
/** A record type. */
export type RecordType = (typeof recordTypes)[number]

/**
 * The paging and time window the list reads share: `startTime`/`endTime` in Unix milliseconds
 * ("The maximum time span supported is three months": read as 90 days), `limit` 1 to 100
 * ("Default: 20, maximum: 100"), `idLessThan` the `endId` of the previous page.
 */
const window = {
  startTime: v.optional(queryInteger),
  endTime: v.optional(queryInteger),
  limit: v.optional(queryIntegerIn(1, 100)),
  idLessThan: v.optional(orderId),
}

/**
 * GET /api/v2/earn/savings/account: the savings account's estimated value and earnings in BTC
 * and USDT; no parameters.
 *
 * @example
 * import { Endpoint, Savings } from '@tradeline/rules'
 * Endpoint.validate(Savings.getAccount, {}) // true
 */
export const getAccount = /* @__PURE__ */ Endpoint.define({
  id: 'savings.getAccount',
  method: 'GET',
  path: '/api/v2/earn/savings/account',
  auth: true,
  schema: () => v.strictObject({}),
})

export declare namespace getAccount {
  /** The query as a caller writes it (empty). */
  type Parameters = Endpoint.InputOf<typeof getAccount>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAccount>
}

/**
 * GET /api/v2/earn/savings/assets: the holdings of one `periodType`, by creation time, newest
 * first, paged by `idLessThan`.
 *
 * @example
 * import { Endpoint, Savings } from '@tradeline/rules'
 * Endpoint.validate(Savings.getAssets, { periodType: 'fixed', limit: '20' }) // true
 */
export const getAssets = /* @__PURE__ */ Endpoint.define({
  id: 'savings.getAssets',
  method: 'GET',
  path: '/api/v2/earn/savings/assets',
  auth: true,
  schema: () => v.strictObject({ periodType, ...window }),
  rules: [endNotBeforeStart, windowAtMost(90)],
})

export declare namespace getAssets {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getAssets>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAssets>
}

/**
 * GET /api/v2/earn/savings/records: the subscriptions, redemptions, interest payments and
 * penalties of one `periodType`, of one `coin` and `orderType` when given, newest first, paged
 * by `idLessThan`.
 *
 * @example
 * import { Endpoint, Savings } from '@tradeline/rules'
 * Endpoint.validate(Savings.getRecords, { periodType: 'flexible', orderType: 'pay_interest' }) // true
 */
export const getRecords = /* @__PURE__ */ Endpoint.define({
  id: 'savings.getRecords',
  method: 'GET',
  path: '/api/v2/earn/savings/records',
  auth: true,
  schema: () =>
    v.strictObject({
      coin: v.optional(symbol),
      periodType,
      orderType: v.optional(oneOf(recordTypes)),
      ...window,
    }),
  rules: [endNotBeforeStart, windowAtMost(90)],
})

export declare namespace getRecords {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getRecords>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getRecords>
}
