import * as Endpoint from '../Endpoint.js'
import { ordersQuery, timeWindow } from './ordersQuery.js'

/**
 * GET /api/v3/trade/history-strategy-orders (a page of its own; query as on
 * the public exchange): finished strategy orders of a category, a page at a time.
 *
 * @example
 * import { Endpoint, Strategy } from '@tradeline/rules'
 * Endpoint.check(Strategy.getHistoryStrategyOrders, { category: 'SPOT', type: 'twap', startTime: 1700000000000 }).output
 * // { category: 'SPOT', type: 'twap', startTime: '1700000000000' }
 */
export const getHistoryStrategyOrders = /* @__PURE__ */ Endpoint.define({
  id: 'strategy.getHistoryStrategyOrders',
  method: 'GET',
  path: '/api/v3/trade/history-strategy-orders',
  auth: true,
  schema: ordersQuery,
  rules: [timeWindow],
})

export declare namespace getHistoryStrategyOrders {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryStrategyOrders>
  /** The query as it is sent: every value a string. */
  type Request = Endpoint.OutputOf<typeof getHistoryStrategyOrders>
}
