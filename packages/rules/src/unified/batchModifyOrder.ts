import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue } from '../Issue.js'
import { oneOf, positiveDecimal } from '../internal/fields.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { once } from '../internal/once.js'
import type { Instrument } from '../TickSize.js'
import { batchRule, batchSchema, sameValueIssues } from './batch.js'
import { category, requestId, symbol } from './fields.js'
import { modifiableRule } from './modifyOrder.js'
import { instrumentRule } from './placeOrder.rules.js'
import { yesNo } from './values.js'

/** One modification of batch-modify-order: the fields of the exchange documentation's table. */
const item = /* @__PURE__ */ once(() =>
  v.strictObject({
    orderId: v.optional(orderId),
    clientOid: v.optional(clientOidReference),
    qty: v.optional(positiveDecimal),
    price: v.optional(positiveDecimal),
    requestId: v.optional(requestId),
    autoCancel: v.optional(oneOf(yesNo)),
    category: v.optional(category),
    symbol: v.optional(symbol),
    pxAmendType: v.optional(oneOf(yesNo)),
  }),
)

const schema = () => batchSchema(item())

type Identity = { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }

/**
 * `duplicate` issues for every order named again after its first item; an item is named by
 * `orderId` when it has one (orderId wins), else by `clientOid`.
 */
export function duplicateOrderIssues(orders: readonly (Identity | undefined)[]): Issue[] {
  const seen = new Map<string, number>()
  const issues: Issue[] = []
  for (const [index, order] of orders.entries()) {
    const field = order?.orderId !== undefined ? 'orderId' : 'clientOid'
    const value = order?.[field]
    if (value === undefined) continue
    const key = `${field}\u0000${value}`
    const first = seen.get(key)
    if (first === undefined) {
      seen.set(key, index)
      continue
    }
    issues.push(
      create({
        type: 'duplicate',
        path: [index, field],
        expected: `each order at most once per batch (already at index ${first})`,
        received: describe(value),
      }),
    )
  }
  return issues
}

/**
 * POST /api/v3/trade/batch-modify-order: modifies 1 to 20 orders across symbols of one product
 * line, each order at most once. Orders of rToken pairs and of the USD_CM line cannot be
 * modified.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * const result = Endpoint.check(Unified.batchModifyOrder, [{ orderId: '1', price: '10' }, { orderId: '1', qty: '2' }])
 * result.issues?.[0]?.type // 'duplicate'
 */
export const batchModifyOrder = Endpoint.define<
  ReturnType<typeof schema>,
  batchModifyOrder.Context
>({
  id: 'unified.batchModifyOrder',
  method: 'POST',
  path: '/api/v3/trade/batch-modify-order',
  auth: true,
  schema,
  rules: [
    batchRule<ReturnType<typeof item>, batchModifyOrder.Context>({
      item,
      each: (order, context) => {
        const instruments = context.instruments
        const known =
          instruments !== undefined &&
          order.symbol !== undefined &&
          Object.hasOwn(instruments, order.symbol)
        return [
          ...oneOfRequired(order, ['orderId', 'clientOid']),
          ...modifiableRule(order.symbol),
          ...(known
            ? instrumentRule({ ...order, orderType: 'limit' }, instruments[order.symbol!], [], {
                allWithoutCategory: true,
              })
            : []),
        ]
      },
      across: (orders) => [
        ...duplicateOrderIssues(orders),
        ...sameValueIssues(orders, 'category', 'orders of one product line'),
      ],
    }),
  ],
})

export declare namespace batchModifyOrder {
  /** The request as a caller writes it: the list of modifications. */
  type Parameters = Endpoint.InputOf<typeof batchModifyOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof batchModifyOrder>
  /** One modification as a caller writes it. */
  type Item = v.InferInput<ReturnType<typeof item>>
  /** What the caller knows beyond the request. */
  type Context = {
    /** Instruments by symbol, for the tick, lot and minimum checks of items naming a symbol. */
    readonly instruments?: Readonly<Record<string, Instrument>> | undefined
  }
}
