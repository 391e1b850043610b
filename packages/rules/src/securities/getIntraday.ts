import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { symbol } from './fields.js'

/**
 * GET /api/v3/stockplus/market/intraday: the minute bars of today for one symbol.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getIntraday, { symbol: 'AAPL.US' }).output
 * // { symbol: 'AAPL.US' }
 */
export const getIntraday = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getIntraday',
  method: 'GET',
  path: '/api/v3/stockplus/market/intraday',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
    }),
})

export declare namespace getIntraday {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getIntraday>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getIntraday>
}
