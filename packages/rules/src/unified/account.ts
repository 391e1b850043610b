/**
 * Account reads the clients load before checking an order (docs/records.md "UTA account
 * settings and positions"): the account settings (`holdMode`, the position mode) and the current
 * positions of a futures category; the positions' auto-deleveraging ranks; and the account's
 * assets and fee rate of a symbol.
 */
import * as v from 'valibot'
import { futuresCategories } from '../Category.js'
import * as Endpoint from '../Endpoint.js'
import { oneOf, upperCaseOneOf } from '../internal/fields.js'
import { category, symbol } from './fields.js'
import { posSides } from './values.js'

/**
 * GET /api/v3/account/settings: the account's mode, `holdMode` (`one_way_mode` or
 * `hedge_mode`), STP mode and per-symbol margin settings; no parameters.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getAccountSettings, {}) // true
 */
export const getAccountSettings = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getAccountSettings',
  method: 'GET',
  path: '/api/v3/account/settings',
  auth: true,
  schema: () => v.strictObject({}),
})

export declare namespace getAccountSettings {
  /** The query as a caller writes it: empty. */
  type Parameters = Endpoint.InputOf<typeof getAccountSettings>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAccountSettings>
}

/**
 * GET /api/v3/position/current-position: the open positions of a futures category
 * (`category` required: futures only), optionally of one symbol and side.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getCurrentPosition, { category: 'SPOT' }) // false: futures only
 */
export const getCurrentPosition = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getCurrentPosition',
  method: 'GET',
  path: '/api/v3/position/current-position',
  auth: true,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(futuresCategories),
      symbol: v.optional(symbol),
      posSide: v.optional(oneOf(posSides)),
    }),
})

export declare namespace getCurrentPosition {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getCurrentPosition>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getCurrentPosition>
}

/**
 * GET /api/v3/position/adlRank: where each open futures position of the account stands in the
 * auto-deleveraging queue (`symbol`, `marginCoin`, `holdSide`, `adlRank`: the closer to 1, the
 * sooner an auto-deleveraging event reduces it); no parameters (Bitget UTA "Get Position ADL
 * Rank": "Rate limit: 1/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getAdlRank, {}) // true
 */
export const getAdlRank = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getAdlRank',
  method: 'GET',
  path: '/api/v3/position/adlRank',
  auth: true,
  schema: () => v.strictObject({}),
})

export declare namespace getAdlRank {
  /** The query as a caller writes it: empty. */
  type Parameters = Endpoint.InputOf<typeof getAdlRank>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAdlRank>
}

/**
 * GET /api/v3/account/assets: the account's equity and its coins (balance, available, locked,
 * debt, USD value); no parameters. Beyond the order pages; peers (ccxt's `fetchBalance`) read it.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getAccountAssets, {}) // true
 */
export const getAccountAssets = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getAccountAssets',
  method: 'GET',
  path: '/api/v3/account/assets',
  auth: true,
  schema: () => v.strictObject({}),
})

export declare namespace getAccountAssets {
  /** The query as a caller writes it: empty. */
  type Parameters = Endpoint.InputOf<typeof getAccountAssets>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAccountAssets>
}

/**
 * GET /api/v3/account/fee-rate: the account's maker and taker fee rates of a symbol, as decimal
 * fractions (`"0.0002"` is 0.02 %); `symbol` and `category` (any category) required (Bitget UTA
 * "Get Account Fee Rate": "Rate limit: 3/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getFeeRate, { category: 'SPOT', symbol: 'BTCUSDT' }) // true
 */
export const getFeeRate = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getFeeRate',
  method: 'GET',
  path: '/api/v3/account/fee-rate',
  auth: true,
  schema: () => v.strictObject({ category, symbol }),
})

export declare namespace getFeeRate {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getFeeRate>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getFeeRate>
}
