/**
 * The account's fee rates (Bitget "Get Trade Rate", https://www.bitget.com/api-doc/common/public/Get-Trade-Rate):
 * a v2 common endpoint the classic futures account reads with `businessType: 'mix'`.
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf } from '../internal/fields.js'
import { symbol } from './fields.js'
import { tradeRateBusinessTypes } from './values.js'

/**
 * GET /api/v2/common/trade-rate: the account's `makerFeeRate` and `takerFeeRate` (fractions:
 * `"0.0002"` is 0.02 %) of a symbol and business type (`mix` futures, `spot`, `margin`)
 * (Bitget "Get Trade Rate": "Frequency limit:10 times/1s (UID)"). The page's curl writes the
 * query key as `business`, its table as `businessType`; public clients send `businessType`.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getTradeRate, { symbol: 'BTCUSDT', businessType: 'mix' }) // true
 */
export const getTradeRate = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getTradeRate',
  method: 'GET',
  path: '/api/v2/common/trade-rate',
  auth: true,
  schema: () => v.strictObject({ symbol, businessType: oneOf(tradeRateBusinessTypes) }),
})

export declare namespace getTradeRate {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTradeRate>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTradeRate>
}
