import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue, prefix } from '../Issue.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { expects } from '../internal/valibot.js'
import { classicBatchSize } from '../Limits.js'
import { marginCoin, productType, symbol } from './fields.js'

const item = v.strictObject({
  orderId: v.optional(orderId),
  clientOid: v.optional(clientOidReference),
})
type Item = v.InferOutput<typeof item>

/**
 * POST /api/v2/mix/order/batch-cancel-orders: cancels up to 50 classic orders of one symbol, each
 * by `orderId` or `clientOid` (the page: "Either orderId or clientOid is required. If both are
 * entered, orderId prevails."), or without `orderIdList` every order of the product type (and
 * symbol, if given).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.batchCancelOrders, { productType: 'USDT-FUTURES', orderIdList: [{ orderId: '1' }] }).issues?.[0]?.path
 * // ['symbol']
 */
export const batchCancelOrders = /* @__PURE__ */ Endpoint.define({
  id: 'classic.batchCancelOrders',
  method: 'POST',
  path: '/api/v2/mix/order/batch-cancel-orders',
  auth: true,
  schema: () =>
    v.strictObject({
      productType,
      orderIdList: v.optional(
        v.pipe(
          v.array(item),
          expects(v.minLength<Item[], 1>(1), 'at least 1 order'),
          expects(
            v.maxLength<Item[], typeof classicBatchSize>(classicBatchSize),
            `at most ${classicBatchSize} orders`,
          ),
        ),
      ),
      symbol: v.optional(symbol),
      marginCoin: v.optional(marginCoin),
    }),
  rules: [
    (draft) =>
      draft.orderIdList !== undefined && draft.symbol === undefined
        ? [
            create({
              type: 'missing',
              path: ['symbol'],
              expected: 'a symbol (required when orderIdList is set)',
              received: describe(undefined),
            }),
          ]
        : [],
    (draft) =>
      (draft.orderIdList ?? []).flatMap((item, index) =>
        prefix(
          ['orderIdList', index],
          oneOfRequired(
            {
              orderId: item?.orderId === '' ? undefined : item?.orderId,
              clientOid: item?.clientOid === '' ? undefined : item?.clientOid,
            },
            ['orderId', 'clientOid'],
          ),
        ),
      ),
    (draft) => uniqueOrderIds(draft.orderIdList ?? []),
  ],
})

/**
 * An order can be cancelled once, so an order named twice is a duplicate: by its `orderId`, or
 * by its `clientOid` when the item has no `orderId` (the `orderId` prevails).
 */
function uniqueOrderIds(items: readonly Item[]): Issue[] {
  const seen = new Set<string>()
  const issues: Issue[] = []
  items.forEach((entry, index) => {
    const field = entry?.orderId !== undefined ? 'orderId' : 'clientOid'
    const value = entry?.[field]
    if (value === undefined) return
    const key = `${field}:${value}`
    if (seen.has(key))
      issues.push(
        create({
          type: 'duplicate',
          path: ['orderIdList', index, field],
          expected: `an ${field} not listed before`,
          received: describe(value),
        }),
      )
    seen.add(key)
  })
  return issues
}

export declare namespace batchCancelOrders {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof batchCancelOrders>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof batchCancelOrders>
}
