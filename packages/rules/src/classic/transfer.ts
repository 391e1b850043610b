/**
 * Moving the account's own funds between its accounts (spot, futures, margin, funding) and
 * reading those moves back (Bitget "Transfer": "Rate limit: 10 requests/second/UID"; "Get
 * Transfer Record": "Frequency limit: 20 times/1s (User ID)").
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf, positiveDecimal } from '../internal/fields.js'
import { clientOid, clientOidReference, orderId } from '../internal/identity.js'
import { classicAccountTypes, transferRules } from '../internal/transferRules.js'
import { marginCoin, queryInteger, queryIntegerIn, symbol } from './fields.js'
import { endNotBeforeStart, windowAtMost } from './timeRange.js'

/**
 * Every account type a transfer names (`fromType`, `toType`), as the exchange documents them.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.accountTypes.includes('usdt_futures') // true
 */
export const accountTypes = classicAccountTypes
/** An account type of a transfer. */
export type AccountType = (typeof accountTypes)[number]

/**
 * POST /api/v2/spot/wallet/transfer: moves `amount` of `coin` from one of the account's
 * accounts to another; a `clientOid` the exchange already saw answers that transfer again
 * ("If you set duplicate clientOid, it will return the result of existing clientOid transfer").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.transfer, { fromType: 'spot', toType: 'usdt_futures', amount: '100', coin: 'USDT' }) // true
 */
export const transfer = /* @__PURE__ */ Endpoint.define({
  id: 'classic.transfer',
  method: 'POST',
  path: '/api/v2/spot/wallet/transfer',
  auth: true,
  schema: () =>
    v.strictObject({
      fromType: oneOf(accountTypes),
      toType: oneOf(accountTypes),
      amount: positiveDecimal,
      coin: marginCoin,
      symbol: v.optional(symbol),
      clientOid: v.optional(clientOid),
    }),
  rules: [transferRules],
})

export declare namespace transfer {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof transfer>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof transfer>
}

/**
 * GET /api/v2/spot/account/transferRecords: the account's transfers of a coin, by sending
 * account, `clientOid` and time (90 days at most per query), `limit` 1 to 500 per `pageNum`.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getTransferRecords, { coin: 'USDT', clientOid: 'move-1' }) // true
 */
export const getTransferRecords = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getTransferRecords',
  method: 'GET',
  path: '/api/v2/spot/account/transferRecords',
  auth: true,
  schema: () =>
    v.strictObject({
      coin: marginCoin,
      fromType: v.optional(oneOf(accountTypes)),
      startTime: v.optional(queryInteger),
      endTime: v.optional(queryInteger),
      clientOid: v.optional(clientOidReference),
      pageNum: v.optional(queryIntegerIn(1, 1000)),
      limit: v.optional(queryIntegerIn(1, 500)),
      idLessThan: v.optional(orderId),
    }),
  rules: [endNotBeforeStart, windowAtMost(90)],
})

export declare namespace getTransferRecords {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTransferRecords>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTransferRecords>
}
