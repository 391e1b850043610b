import * as v from 'valibot'
import { isFutures } from '../Category.js'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue, type Path } from '../Issue.js'
import { oneOf, positiveDecimal } from '../internal/fields.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { isCoinMargined, isRToken } from '../ProductLine.js'
import type { Instrument } from '../TickSize.js'
import { category, keepableDecimal, keepableTriggerBy, requestId, symbol } from './fields.js'
import { instrumentRule, type OrderDraft } from './placeOrder.rules.js'
import { orderTypes, yesNo } from './values.js'

const schema = () =>
  v.strictObject({
    orderId: v.optional(orderId),
    clientOid: v.optional(clientOidReference),
    qty: v.optional(positiveDecimal),
    price: v.optional(positiveDecimal),
    requestId: v.optional(requestId),
    autoCancel: v.optional(oneOf(yesNo)),
    symbol: v.optional(symbol),
    category: v.optional(category),
    tpTriggerBy: v.optional(keepableTriggerBy),
    slTriggerBy: v.optional(keepableTriggerBy),
    takeProfit: v.optional(keepableDecimal),
    stopLoss: v.optional(keepableDecimal),
    tpOrderType: v.optional(oneOf(orderTypes)),
    slOrderType: v.optional(oneOf(orderTypes)),
    tpLimitPrice: v.optional(keepableDecimal),
    slLimitPrice: v.optional(keepableDecimal),
    pxAmendType: v.optional(oneOf(yesNo)),
  })

/** The fields a modification may carry that rules read. */
type ModifyDraft = {
  readonly symbol?: string | undefined
  readonly category?: OrderDraft['category']
  readonly tpTriggerBy?: string | undefined
  readonly slTriggerBy?: string | undefined
  readonly tpOrderType?: 'limit' | 'market' | undefined
  readonly slOrderType?: 'limit' | 'market' | undefined
  readonly tpLimitPrice?: string | undefined
  readonly slLimitPrice?: string | undefined
}

/**
 * Rules 7 and 8: orders of rToken pairs and of the coin-margined `<BASE>USD_CM` line cannot be
 * modified (cancel and place again).
 */
export function modifiableRule(symbol: string | undefined, path: Path = []): Issue[] {
  if (symbol === undefined) return []
  const reason = isRToken(symbol)
    ? 'rToken orders cannot be modified; cancel and place again'
    : isCoinMargined(symbol)
      ? 'the USD_CM line does not support modify-order'
      : undefined
  if (reason === undefined) return []
  return [
    create({
      type: 'unsupported',
      path: [...path, 'symbol'],
      expected: `a symbol whose orders can be modified (${reason})`,
      received: describe(symbol),
    }),
  ]
}

/**
 * Trigger sources are futures only; a tp/sl limit price is only effective for the limit type,
 * so it is rejected next to an explicit `market` type. An empty value keeps the existing one
 * and is never an issue.
 */
export function modifyTpslRule(draft: ModifyDraft, path: Path = []): Issue[] {
  const issues: Issue[] = []
  const { category } = draft
  if (category !== undefined && !isFutures(category))
    for (const field of ['tpTriggerBy', 'slTriggerBy'] as const)
      if (draft[field])
        issues.push(
          create({
            type: 'forbidden',
            path: [...path, field],
            expected: `no ${field} for ${category} (futures only)`,
            received: describe(draft[field]),
          }),
        )
  for (const [type, price] of [
    ['tpOrderType', 'tpLimitPrice'],
    ['slOrderType', 'slLimitPrice'],
  ] as const)
    if (draft[type] === 'market' && draft[price])
      issues.push(
        create({
          type: 'forbidden',
          path: [...path, price],
          expected: `no ${price} when ${type} is "market" (effective only for limit type)`,
          received: describe(draft[price]),
        }),
      )
  return issues
}

/**
 * POST /api/v3/trade/modify-order: changes the quantity or price (and the preset
 * take-profit/stop-loss) of an order that is not fully filled. `orderId` wins over
 * `clientOid`; in tp/sl fields `''` keeps the existing value and `0` cancels it.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.check(Unified.modifyOrder, { orderId: '1', price: '101', requestId: 123 }).output
 * // { orderId: '1', price: '101', requestId: JsonNumber.from('123') } (sent as the JSON number 123)
 */
export const modifyOrder = Endpoint.define<ReturnType<typeof schema>, modifyOrder.Context>({
  id: 'unified.modifyOrder',
  method: 'POST',
  path: '/api/v3/trade/modify-order',
  auth: true,
  schema,
  rules: [
    (draft) => oneOfRequired(draft, ['orderId', 'clientOid']),
    (draft) => oneOfRequired(draft, ['qty', 'price']),
    (draft) => modifiableRule(draft.symbol),
    (draft) => modifyTpslRule(draft),
    // The order type is not part of a modification: a price is a limit price, and the
    // quantity is in the base coin, so every step and minimum applies.
    (draft, context) =>
      instrumentRule({ ...draft, orderType: 'limit' }, context.instrument, [], {
        allWithoutCategory: true,
      }),
  ],
})

export declare namespace modifyOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof modifyOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof modifyOrder>
  /** What the caller knows beyond the request. */
  type Context = {
    /** The instrument of the order, for the tick, lot and minimum checks. */
    readonly instrument?: Instrument | undefined
  }
}
