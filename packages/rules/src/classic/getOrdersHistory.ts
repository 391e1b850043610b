import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { opaqueId } from '../internal/fields.js'
import { clientOidReference, orderId } from '../internal/identity.js'
import { productType, queryInteger, queryIntegerIn, symbol } from './fields.js'
import { endNotBeforeStart } from './timeRange.js'

/** The largest page of history orders the exchange returns (its documented maximum). */
const pageSize = 100

/**
 * GET /api/v2/mix/order/orders-history: the classic orders that ended (filled or canceled) of
 * a product type in the last 90 days, newest first, paged with `idLessThan` = the previous
 * page's `endId` (Bitget "Get History Order": "Rate limit: 10 req/sec/UID"). Times are Unix
 * milliseconds; numbers are accepted and sent as text.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.getOrdersHistory, { productType: 'usdt-futures', limit: 50 }).output
 * // { productType: 'USDT-FUTURES', limit: '50' }
 */
export const getOrdersHistory = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getOrdersHistory',
  method: 'GET',
  path: '/api/v2/mix/order/orders-history',
  auth: true,
  schema: () =>
    v.strictObject({
      productType,
      symbol: v.optional(symbol),
      orderId: v.optional(orderId),
      clientOid: v.optional(clientOidReference),
      idLessThan: v.optional(orderId),
      /** `normal`, `market`, `profit_market`, `liquidation`, ... (an open set). */
      orderSource: v.optional(opaqueId),
      startTime: v.optional(queryInteger),
      endTime: v.optional(queryInteger),
      limit: v.optional(queryIntegerIn(1, pageSize)),
    }),
  rules: [endNotBeforeStart],
})

export declare namespace getOrdersHistory {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOrdersHistory>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOrdersHistory>
}
