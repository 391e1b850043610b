import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { orderId } from '../internal/identity.js'
import { symbol } from './fields.js'
import { orderFilters } from './orderQueries.js'

/**
 * GET /api/v3/stockplus/trade/today-orders: today's stock and option orders, of every status,
 * filtered by `symbol`, `status` (one or several), `side`, `market` and `orderId`. The answer
 * is `{ orders }`.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getTodayOrders, { symbol: 'AAPL.US', status: ['NewStatus', 'PartialFilledStatus'] }).output
 * // { symbol: 'AAPL.US', status: 'NewStatus,PartialFilledStatus' }
 */
export const getTodayOrders = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getTodayOrders',
  method: 'GET',
  path: '/api/v3/stockplus/trade/today-orders',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol: v.optional(symbol),
      ...orderFilters,
      orderId: v.optional(orderId),
    }),
})

export declare namespace getTodayOrders {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTodayOrders>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTodayOrders>
}
