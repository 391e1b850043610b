import * as Endpoint from '../Endpoint.js'
import { ordersQuery, timeWindow } from './ordersQuery.js'

/**
 * GET /api/v3/trade/unfilled-strategy-orders (a page of its own; query as on
 * the public exchange): the open strategy orders of a category, optionally of one type.
 *
 * @example
 * import { Endpoint, Strategy } from '@tradeline/rules'
 * Endpoint.check(Strategy.getUnfilledStrategyOrders, { category: 'usdt-futures', limit: 50 }).output
 * // { category: 'USDT-FUTURES', limit: '50' }
 */
export const getUnfilledStrategyOrders = /* @__PURE__ */ Endpoint.define({
  id: 'strategy.getUnfilledStrategyOrders',
  method: 'GET',
  path: '/api/v3/trade/unfilled-strategy-orders',
  auth: true,
  schema: ordersQuery,
  rules: [timeWindow],
})

export declare namespace getUnfilledStrategyOrders {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getUnfilledStrategyOrders>
  /** The query as it is sent: every value a string. */
  type Request = Endpoint.OutputOf<typeof getUnfilledStrategyOrders>
}
