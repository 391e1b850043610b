import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { startNotAfterEnd, symbol, unixSeconds } from './fields.js'
import { orderFilters } from './orderQueries.js'

/**
 * GET /api/v3/stockplus/trade/history-orders: stock and option orders before today, filtered
 * by `symbol`, `status` (one or several), `side`, `market` and the window `startAt` to `endAt`
 * (Unix seconds, given as numbers or integer strings, sent as strings; `startAt` may not be
 * after `endAt`). The answer is `{ hasMore, orders }`.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getHistoryOrders, { symbol: 'AAPL.US', startAt: 1767225600, endAt: '1769904000' }).output
 * // { symbol: 'AAPL.US', startAt: '1767225600', endAt: '1769904000' }
 */
export const getHistoryOrders = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getHistoryOrders',
  method: 'GET',
  path: '/api/v3/stockplus/trade/history-orders',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol: v.optional(symbol),
      ...orderFilters,
      startAt: v.optional(unixSeconds),
      endAt: v.optional(unixSeconds),
    }),
  rules: [startNotAfterEnd('startAt', 'endAt')],
})

export declare namespace getHistoryOrders {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryOrders>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryOrders>
}
