import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { opaqueId } from '../internal/fields.js'
import { periodType } from './periodType.js'

/**
 * GET /api/v2/earn/savings/subscribe-info: the subscription conditions of a savings product
 * (amount limits, precisions, times, step rates).
 *
 * @example
 * import { Endpoint, Savings } from '@tradeline/rules'
 * Endpoint.validate(Savings.getSubscribeInfo, { productId: '1234', periodType: 'flexible' }) // true
 */
export const getSubscribeInfo = /* @__PURE__ */ Endpoint.define({
  id: 'savings.getSubscribeInfo',
  method: 'GET',
  path: '/api/v2/earn/savings/subscribe-info',
  auth: true,
  schema: () => v.strictObject({ productId: opaqueId, periodType }),
})

export declare namespace getSubscribeInfo {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getSubscribeInfo>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getSubscribeInfo>
}
