/**
 * Classic position reads beyond all-position: one symbol's position (Bitget "Get Single
 * Position"), the positions that closed (Bitget "Get Historical Position") and the open
 * positions' auto-deleveraging ranks (Bitget "Get Position Adl Rank").
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { orderId } from '../internal/identity.js'
import { marginCoin, productType, queryInteger, queryIntegerIn, symbol } from './fields.js'
import { endNotBeforeStart, windowAtMost } from './timeRange.js'

/**
 * GET /api/v2/mix/position/single-position: the account's positions of one symbol (`data` a
 * list: one per hold side in hedge mode), all three fields required ("Rate limit: 10
 * requests/sec/UID").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getSinglePosition, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' }) // false: marginCoin is required
 */
export const getSinglePosition = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getSinglePosition',
  method: 'GET',
  path: '/api/v2/mix/position/single-position',
  auth: true,
  schema: () => v.strictObject({ productType, symbol, marginCoin }),
})

export declare namespace getSinglePosition {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getSinglePosition>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getSinglePosition>
}

/**
 * GET /api/v2/mix/position/history-position: the closed positions (three months at most),
 * newest first, paged with `idLessThan` = the previous page's `endId`; `productType` optional
 * (the exchange defaults it to `USDT-FUTURES`, and `symbol` overrides it) ("20times/S (uid)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getHistoryPosition, {}) // true: USDT-FUTURES by default
 */
export const getHistoryPosition = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getHistoryPosition',
  method: 'GET',
  path: '/api/v2/mix/position/history-position',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol: v.optional(symbol),
      productType: v.optional(productType),
      idLessThan: v.optional(orderId),
      startTime: v.optional(queryInteger),
      endTime: v.optional(queryInteger),
      limit: v.optional(queryIntegerIn(1, 100)),
    }),
  rules: [endNotBeforeStart, windowAtMost(90)],
})

export declare namespace getHistoryPosition {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryPosition>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryPosition>
}

/**
 * GET /api/v2/mix/position/adlRank: where each open position of a product type stands in the
 * auto-deleveraging queue (`symbol`, `marginCoin`, `holdSide`, `rank`: the closer to 1, the
 * sooner an auto-deleveraging event reduces it; `adlRank` deprecated); `productType` required,
 * the page's only parameter (Bitget "Get Position Adl Rank",
 * https://www.bitget.com/api-doc/contract/position/Get-Position-Adl: "5times/S (uid)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.getAdlRank, { productType: 'usdt-futures' }).output
 * // { productType: 'USDT-FUTURES' }
 */
export const getAdlRank = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getAdlRank',
  method: 'GET',
  path: '/api/v2/mix/position/adlRank',
  auth: true,
  schema: () => v.strictObject({ productType }),
})

export declare namespace getAdlRank {
  /** The query as a caller writes it: `productType`. */
  type Parameters = Endpoint.InputOf<typeof getAdlRank>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAdlRank>
}
