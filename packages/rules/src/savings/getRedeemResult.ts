import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { orderId } from '../internal/identity.js'
import { periodType } from './periodType.js'

/**
 * GET /api/v2/earn/savings/redeem-result: whether a redemption succeeded (`success`, or `fail`
 * with a message), by the redemption's `orderId` and `periodType` (Bitget "Savings Redemption
 * Results" https://www.bitget.com/api-doc/earn/savings/Savings-Redeem-Result).
 *
 * @example
 * import { Endpoint, Savings } from '@tradeline/rules'
 * Endpoint.validate(Savings.getRedeemResult, { orderId: '42', periodType: 'flexible' }) // true
 */
export const getRedeemResult = /* @__PURE__ */ Endpoint.define({
  id: 'savings.getRedeemResult',
  method: 'GET',
  path: '/api/v2/earn/savings/redeem-result',
  auth: true,
  schema: () => v.strictObject({ orderId, periodType }),
})

export declare namespace getRedeemResult {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getRedeemResult>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getRedeemResult>
}
