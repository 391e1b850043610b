import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { orderId } from '../internal/identity.js'
import * as Limits from '../Limits.js'
import { decimalString, looseInteger, maxCharacters, positiveDecimalString } from './fields.js'

/**
 * POST /api/v3/stockplus/trade/modify-order: changes a resting stock or option order: its
 * `quantity` (required, the whole new quantity) and, as its type uses them, `price`,
 * `triggerPrice`, `limitOffset`, `trailingAmount`, `trailingPercent`, `limitDepthLevel`,
 * `triggerCount`, `monitorPrice` and `remark`. Prices and quantities are decimal strings (a
 * `number` is refused, naming the field), sent normalised. The answer is `{ orderId, clientOid, symbol }`.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.modifyOrder, { orderId: '1001', quantity: '5', price: '149.50' }).output
 * // { orderId: '1001', quantity: '5', price: '149.5' }
 */
export const modifyOrder = /* @__PURE__ */ Endpoint.define({
  id: 'securities.modifyOrder',
  method: 'POST',
  path: '/api/v3/stockplus/trade/modify-order',
  auth: true,
  schema: () =>
    v.strictObject({
      orderId,
      quantity: positiveDecimalString,
      price: v.optional(positiveDecimalString),
      triggerPrice: v.optional(positiveDecimalString),
      limitOffset: v.optional(decimalString),
      trailingAmount: v.optional(positiveDecimalString),
      trailingPercent: v.optional(positiveDecimalString),
      limitDepthLevel: v.optional(looseInteger(Limits.limitDepthLevel)),
      triggerCount: v.optional(looseInteger(Limits.triggerCount)),
      monitorPrice: v.optional(positiveDecimalString),
      remark: v.optional(maxCharacters(Limits.securitiesRemarkLength)),
    }),
})

export declare namespace modifyOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof modifyOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof modifyOrder>
}
