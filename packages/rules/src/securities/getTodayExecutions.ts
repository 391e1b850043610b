import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { orderId } from '../internal/identity.js'
import { symbol } from './fields.js'

/**
 * GET /api/v3/stockplus/trade/today-executions: today's executions (each partial fill its
 * own), of a `symbol` or of one `orderId`. The answer is `{ trades }`.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getTodayExecutions, { orderId: '1001' }).output // { orderId: '1001' }
 */
export const getTodayExecutions = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getTodayExecutions',
  method: 'GET',
  path: '/api/v3/stockplus/trade/today-executions',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol: v.optional(symbol),
      orderId: v.optional(orderId),
    }),
})

export declare namespace getTodayExecutions {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTodayExecutions>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTodayExecutions>
}
