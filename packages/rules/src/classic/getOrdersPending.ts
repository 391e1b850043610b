import * as v from 'valibot'
import * as Decimal from '../Decimal.js'
import * as Endpoint from '../Endpoint.js'
import { create, describe } from '../Issue.js'
import { oneOf } from '../internal/fields.js'
import { clientOidReference, orderId } from '../internal/identity.js'
import { productType, queryInteger, queryIntegerIn, symbol } from './fields.js'
import { pendingStatuses } from './values.js'

/** The largest page of pending orders the exchange returns (its documented maximum). */
const pageSize = 100

/**
 * GET /api/v2/mix/order/orders-pending: the open classic orders of a product type, filtered and
 * paged (named in navigation only; parameters per the exchange documentation). Times are Unix
 * milliseconds; numbers are accepted and sent as text.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.getOrdersPending, { productType: 'USDT-FUTURES', limit: 50 }).output
 * // { productType: 'USDT-FUTURES', limit: '50' }
 */
export const getOrdersPending = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getOrdersPending',
  method: 'GET',
  path: '/api/v2/mix/order/orders-pending',
  auth: true,
  schema: () =>
    v.strictObject({
      productType,
      symbol: v.optional(symbol),
      orderId: v.optional(orderId),
      clientOid: v.optional(clientOidReference),
      status: v.optional(oneOf(pendingStatuses)),
      idLessThan: v.optional(orderId),
      startTime: v.optional(queryInteger),
      endTime: v.optional(queryInteger),
      limit: v.optional(queryIntegerIn(1, pageSize)),
    }),
  rules: [
    (draft) =>
      draft.startTime !== undefined &&
      draft.endTime !== undefined &&
      Decimal.compare(draft.startTime, draft.endTime) > 0
        ? [
            create({
              type: 'range',
              path: ['endTime'],
              expected: `a time not before startTime (${draft.startTime})`,
              received: describe(draft.endTime),
            }),
          ]
        : [],
  ],
})

export declare namespace getOrdersPending {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOrdersPending>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOrdersPending>
}
