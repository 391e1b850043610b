/**
 * The public market reads the clients load before checking an order and that peers (ccxt,
 * bitget-api) read to load markets (docs/records.md "Instruments", "UTA public time and
 * tickers", "Classic spot"): no key, limited per IP.
 */
import * as v from 'valibot'
import { categories } from './Category.js'
import * as Endpoint from './Endpoint.js'
import { symbol, upperCaseOneOf } from './internal/fields.js'

/** The categories of the tickers endpoint: every category but MARGIN (docs/records.md). */
const tickerCategories = ['SPOT', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const

/**
 * GET /api/v3/market/instruments: the instruments of a category (tick, lot, precision,
 * minimums, status), or of one symbol.
 *
 * @example
 * import { Endpoint, Market } from '@tradeline/rules'
 * Endpoint.validate(Market.getInstruments, { category: 'spot' }) // true: sent as SPOT
 */
export const getInstruments = /* @__PURE__ */ Endpoint.define({
  id: 'public.getInstruments',
  method: 'GET',
  path: '/api/v3/market/instruments',
  auth: false,
  schema: () =>
    v.strictObject({ category: upperCaseOneOf(categories), symbol: v.optional(symbol) }),
})

export declare namespace getInstruments {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getInstruments>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getInstruments>
}

/**
 * GET /api/v3/market/tickers: last price, best bid and ask, 24 h figures of a category (no
 * MARGIN), or of one symbol.
 *
 * @example
 * import { Endpoint, Market } from '@tradeline/rules'
 * Endpoint.validate(Market.getTickers, { category: 'MARGIN' }) // false
 */
export const getTickers = /* @__PURE__ */ Endpoint.define({
  id: 'public.getTickers',
  method: 'GET',
  path: '/api/v3/market/tickers',
  auth: false,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(tickerCategories),
      symbol: v.optional(symbol),
    }),
})

export declare namespace getTickers {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTickers>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTickers>
}

/**
 * GET /api/v2/spot/public/symbols: the classic spot pairs (precision, minimums, status).
 *
 * @example
 * import { Endpoint, Market } from '@tradeline/rules'
 * Endpoint.validate(Market.getSpotSymbols, {}) // true
 */
export const getSpotSymbols = /* @__PURE__ */ Endpoint.define({
  id: 'public.getSpotSymbols',
  method: 'GET',
  path: '/api/v2/spot/public/symbols',
  auth: false,
  schema: () => v.strictObject({ symbol: v.optional(symbol) }),
})

export declare namespace getSpotSymbols {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getSpotSymbols>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getSpotSymbols>
}

/**
 * GET /api/v2/spot/public/coins: the coins and their chains.
 *
 * @example
 * import { Endpoint, Market } from '@tradeline/rules'
 * Endpoint.validate(Market.getSpotCoins, { coin: 'USDT' }) // true
 */
export const getSpotCoins = /* @__PURE__ */ Endpoint.define({
  id: 'public.getSpotCoins',
  method: 'GET',
  path: '/api/v2/spot/public/coins',
  auth: false,
  schema: () => v.strictObject({ coin: v.optional(symbol) }),
})

export declare namespace getSpotCoins {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getSpotCoins>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getSpotCoins>
}

// Ledger: the unified line's funding rates.
export { getCurrentFundRate, getHistoryFundRate } from './unified/funding.js'
