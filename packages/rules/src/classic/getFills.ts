import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { orderId } from '../internal/identity.js'
import { productType, queryInteger, queryIntegerIn, symbol } from './fields.js'
import { endNotBeforeStart } from './timeRange.js'

/** The largest page of fills the exchange returns (its documented maximum). */
const pageSize = 100

/**
 * GET /api/v2/mix/order/fills: the account's classic fills of a product type (three months at
 * most), newest first, paged with `idLessThan` = the previous page's `endId` (a `tradeId`)
 * (Bitget "Get Order Fill Details": "Speed limit is 10 times/s ... according to user ID").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getFills, { productType: 'USDT-FUTURES', orderId: '1' }) // true
 */
export const getFills = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getFills',
  method: 'GET',
  path: '/api/v2/mix/order/fills',
  auth: true,
  schema: () =>
    v.strictObject({
      productType,
      orderId: v.optional(orderId),
      symbol: v.optional(symbol),
      idLessThan: v.optional(orderId),
      startTime: v.optional(queryInteger),
      endTime: v.optional(queryInteger),
      limit: v.optional(queryIntegerIn(1, pageSize)),
    }),
  rules: [endNotBeforeStart],
})

export declare namespace getFills {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getFills>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getFills>
}
