/**
 * The public classic-futures reads (docs/records.md "Classic: GET /api/v2/mix/market/contracts",
 * "Positions, accounts, ticker"): the contracts (tick from `pricePlace` and `priceEndStep`, lot
 * from `sizeMultiplier`) and one symbol's ticker.
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { upperCaseOneOf } from '../internal/fields.js'
import { marginCoin, productType, symbol } from './fields.js'
import { productTypes } from './values.js'

/**
 * The contracts read's `productType`: the three product types, and the demo-trading ones
 * (`SUSDT-FUTURES`, `SCOIN-FUTURES`, `SUSDC-FUTURES`) the exchange also answers for this read
 * (ccxt's `loadMarkets` asks for each of the six).
 */
const contractsProductType = upperCaseOneOf([
  ...productTypes,
  'SUSDT-FUTURES',
  'SCOIN-FUTURES',
  'SUSDC-FUTURES',
])

/**
 * GET /api/v2/mix/market/contracts: the contracts of a product type, or of one symbol.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getContracts, { productType: 'usdt-futures' }) // true
 */
export const getContracts = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getContracts',
  method: 'GET',
  path: '/api/v2/mix/market/contracts',
  auth: false,
  schema: () => v.strictObject({ productType: contractsProductType, symbol: v.optional(symbol) }),
})

export declare namespace getContracts {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getContracts>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getContracts>
}

/**
 * GET /api/v2/mix/market/ticker: one symbol's ticker (`data` is an array of one item).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getTicker, { symbol: 'BTCUSDT' }) // false: productType is required
 */
export const getTicker = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getTicker',
  method: 'GET',
  path: '/api/v2/mix/market/ticker',
  auth: false,
  schema: () => v.strictObject({ symbol, productType }),
})

/**
 * GET /api/v2/mix/market/query-position-lever: the position tiers of a symbol (Bitget "Get
 * Position Tier": "Frequency limit: 10 times/1s (IP)"): per notional bracket (`startUnit` to
 * `endUnit`) the largest `leverage` and the maintenance margin rate `keepMarginRate`. The page
 * lists the same six product types as the contracts read, the demo ones included.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getPositionTier, { symbol: 'BTCUSDT', productType: 'usdt-futures' }) // true
 */
export const getPositionTier = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getPositionTier',
  method: 'GET',
  path: '/api/v2/mix/market/query-position-lever',
  auth: false,
  schema: () => v.strictObject({ symbol, productType: contractsProductType }),
})

export declare namespace getPositionTier {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getPositionTier>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getPositionTier>
}

export declare namespace getTicker {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTicker>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTicker>
}

/**
 * GET /api/v2/mix/position/all-position (docs/records.md): the open positions of a product
 * type, optionally of one margin coin; `[]` when flat. Beyond the order pages; clients need it to see
 * positions.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getAllPositions, { productType: 'USDT-FUTURES', marginCoin: 'USDT' }) // true
 */
export const getAllPositions = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getAllPositions',
  method: 'GET',
  path: '/api/v2/mix/position/all-position',
  auth: true,
  schema: () => v.strictObject({ productType, marginCoin: v.optional(marginCoin) }),
})

export declare namespace getAllPositions {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getAllPositions>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAllPositions>
}
