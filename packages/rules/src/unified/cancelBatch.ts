import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { once } from '../internal/once.js'
import { batchRule, batchSchema, sameValueIssues } from './batch.js'
import { category, symbol } from './fields.js'

/** One order of cancel-batch: the fields of the exchange documentation's table. */
const item = /* @__PURE__ */ once(() =>
  v.strictObject({
    category,
    symbol,
    orderId: v.optional(orderId),
    clientOid: v.optional(clientOidReference),
  }),
)

const schema = () => batchSchema(item())

/**
 * POST /api/v3/trade/cancel-batch: cancels 1 to 20 orders of one category; partial success is
 * allowed. Items may mix `orderId` and `clientOid` (the exchange then ignores the clientOid).
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.cancelBatch, [
 *   { category: 'SPOT', symbol: 'BTCUSDT', orderId: '1' },
 *   { category: 'SPOT', symbol: 'ETHUSDT', clientOid: 'my-2' },
 * ]) // true
 */
export const cancelBatch = /* @__PURE__ */ Endpoint.define({
  id: 'unified.cancelBatch',
  method: 'POST',
  path: '/api/v3/trade/cancel-batch',
  auth: true,
  schema,
  rules: [
    batchRule({
      item,
      each: (order) => oneOfRequired(order, ['orderId', 'clientOid']),
      across: (orders) => sameValueIssues(orders, 'category', 'identical for all orders'),
    }),
  ],
})

export declare namespace cancelBatch {
  /** The request as a caller writes it: the list of orders. */
  type Parameters = Endpoint.InputOf<typeof cancelBatch>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof cancelBatch>
  /** One order as a caller writes it. */
  type Item = v.InferInput<ReturnType<typeof item>>
}
