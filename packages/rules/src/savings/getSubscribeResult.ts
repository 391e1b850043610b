import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { orderId } from '../internal/identity.js'
import { periodType } from './periodType.js'

/**
 * GET /api/v2/earn/savings/subscribe-result: whether a savings subscription succeeded
 * (`success` or `fail` with a message).
 *
 * @example
 * import { Endpoint, Savings } from '@tradeline/rules'
 * Endpoint.check(Savings.getSubscribeResult, { orderId: '42' }).issues?.[0]?.path // ['periodType']
 */
export const getSubscribeResult = /* @__PURE__ */ Endpoint.define({
  id: 'savings.getSubscribeResult',
  method: 'GET',
  path: '/api/v2/earn/savings/subscribe-result',
  auth: true,
  schema: () => v.strictObject({ orderId, periodType }),
})

export declare namespace getSubscribeResult {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getSubscribeResult>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getSubscribeResult>
}
