import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { orderId } from '../internal/identity.js'
import * as Limits from '../Limits.js'
import { looseAmount, looseInteger, maxCharacters, positiveLooseDecimal } from './fields.js'

/**
 * POST /api/v3/stockplus/trade/modify-order: changes a resting stock or option order: its
 * `quantity` (required, the whole new quantity) and, as its type uses them, `price`,
 * `triggerPrice`, `limitOffset`, `trailingAmount`, `trailingPercent`, `limitDepthLevel`,
 * `triggerCount`, `monitorPrice` and `remark`. Prices and quantities are accepted as decimal
 * strings or numbers and sent as decimal strings. The answer is `{ orderId, clientOid, symbol }`.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.modifyOrder, { orderId: '1001', quantity: 5, price: '149.50' }).output
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
      quantity: positiveLooseDecimal,
      price: v.optional(positiveLooseDecimal),
      triggerPrice: v.optional(positiveLooseDecimal),
      limitOffset: v.optional(looseAmount),
      trailingAmount: v.optional(positiveLooseDecimal),
      trailingPercent: v.optional(positiveLooseDecimal),
      limitDepthLevel: v.optional(looseInteger(Limits.limitDepthLevel)),
      triggerCount: v.optional(looseInteger(Limits.triggerCount)),
      monitorPrice: v.optional(positiveLooseDecimal),
      remark: v.optional(maxCharacters(Limits.securitiesRemarkLength)),
    }),
})

export declare namespace modifyOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof modifyOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof modifyOrder>
}
