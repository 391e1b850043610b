/**
 * The unified line's public funding reads (Bitget "Get Current Funding Rate", "Get Funding Rate
 * History": "Rate limit: 20/sec/IP"); exported from the `Market` namespace.
 */
import * as v from 'valibot'
import { futuresCategories } from '../Category.js'
import * as Endpoint from '../Endpoint.js'
import { upperCaseOneOf } from '../internal/fields.js'
import { pageLimit, symbol } from './fields.js'

/**
 * GET /api/v3/market/current-fund-rate: the funding rate, interval in hours, next funding time
 * and the rate's bounds of a symbol, or of every futures symbol (of `category`): the newer page
 * makes both `category` and `symbol` optional (the older required `symbol`).
 *
 * @example
 * import { Endpoint, Market } from '@tradeline/rules'
 * Endpoint.check(Market.getCurrentFundRate, { category: 'usdt-futures' }).output // { category: 'USDT-FUTURES' }
 */
export const getCurrentFundRate = /* @__PURE__ */ Endpoint.define({
  id: 'public.getCurrentFundRate',
  method: 'GET',
  path: '/api/v3/market/current-fund-rate',
  auth: false,
  schema: () =>
    v.strictObject({
      category: v.optional(upperCaseOneOf(futuresCategories)),
      symbol: v.optional(symbol),
    }),
})

export declare namespace getCurrentFundRate {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getCurrentFundRate>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getCurrentFundRate>
}

/**
 * GET /api/v3/market/history-fund-rate: a symbol's settled funding rates, newest first;
 * `cursor` is a page number from 1 to 100, `limit` 1 to 200 per page.
 *
 * @example
 * import { Endpoint, Market } from '@tradeline/rules'
 * Endpoint.validate(Market.getHistoryFundRate, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', cursor: '101' }) // false
 */
export const getHistoryFundRate = /* @__PURE__ */ Endpoint.define({
  id: 'public.getHistoryFundRate',
  method: 'GET',
  path: '/api/v3/market/history-fund-rate',
  auth: false,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(futuresCategories),
      symbol,
      cursor: v.optional(pageLimit(100)),
      limit: v.optional(pageLimit(200)),
    }),
})

export declare namespace getHistoryFundRate {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryFundRate>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryFundRate>
}
