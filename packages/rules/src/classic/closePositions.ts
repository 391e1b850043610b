import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { holdSide, productType, symbol } from './fields.js'

/**
 * POST /api/v2/mix/order/close-positions: flash-closes positions at market, of a product type,
 * optionally one symbol and one side (named in navigation only; parameters per
 * the exchange documentation).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.closePositions, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', holdSide: 'long' }) // true
 */
export const closePositions = /* @__PURE__ */ Endpoint.define({
  id: 'classic.closePositions',
  method: 'POST',
  path: '/api/v2/mix/order/close-positions',
  auth: true,
  schema: () =>
    v.strictObject({
      productType,
      symbol: v.optional(symbol),
      holdSide: v.optional(holdSide),
    }),
})

export declare namespace closePositions {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof closePositions>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof closePositions>
}
