/**
 * Modifying orders, single and batch: the order must be open, not of an rToken pair or the
 * USD_CM line, with no modification in flight, and not go below its filled quantity; a batch
 * may not change a reduce-only order. A single modification's take-profit/stop-loss meets the
 * rules with the order's category (trigger sources are futures only) and its presets (a limit
 * price goes with the `limit` type). "5 in-flight requests" is HTTP concurrency, held by the
 * rate limiter (the rules' table).
 */
import { Decimal, Endpoint, Issue, ProductLine, Unified } from '@tradeline/rules'
import type { Failure } from '../../envelope.js'
import { failures, issueFailure } from '../../exchange/codes.js'
import {
  modifiable,
  presetChanges,
  presetRefusal,
  submitModification,
} from '../../exchange/modify.js'
import type { Outcome, Route } from '../../exchange.js'
import type { Order } from '../../orders.js'
import type { SandboxState } from '../../state.js'
import { findOrder, instrumentsOf, uidOf } from './common.js'

/** What the request itself cannot tell: the order's line and its filled quantity. */
function refusal(
  state: SandboxState,
  order: Order,
  params: Record<string, unknown>,
): Failure | undefined {
  const symbol = order.symbol
  if (ProductLine.isRToken(symbol) || ProductLine.isCoinMargined(symbol)) {
    const check = Endpoint.check(Unified.modifyOrder, { orderId: order.orderId, qty: '1', symbol })
    if (!check.success) return issueFailure(check.issues[0])
  }
  const refused = modifiable(state, order)
  if (refused) return refused
  const presets = presetChanges(params)
  if (Object.keys(presets).length > 0) {
    // The request need not name its category: the order's decides what the rules allow.
    const check = Endpoint.check(Unified.modifyOrder, {
      orderId: order.orderId,
      qty: '1',
      category: order.category,
      ...presets,
    })
    if (!check.success) return issueFailure(check.issues[0])
    const forbidden = presetRefusal(order, presets)
    if (forbidden) return forbidden
  }
  // "not below the filled quantity": refused at submission; a fill in between fails in matching.
  if (typeof params.qty === 'string' && Decimal.compare(params.qty, order.filledQty) < 0)
    return failures.belowFilled
  return undefined
}

/** POST /api/v3/trade/modify-order: submits one modification; see the module comment. */
export const modifyOrderRoute: Route = {
  id: 'unified.modifyOrder',
  method: 'POST',
  path: '/api/v3/trade/modify-order',
  auth: true,
  context: (input, { state, key }) => {
    const order = key ? findOrder(state, key.uid, input) : undefined
    return { instrument: order ? state.instruments.get(order.category, order.symbol) : undefined }
  },
  handle({ state, key, params }): Outcome {
    const order = findOrder(state, uidOf(key), params)
    if (!order) return { error: failures.notFound }
    const refused = refusal(state, order, params)
    if (refused) return { error: refused }
    const failed = submitModification(state, order, params)
    if (failed) return { error: failed }
    return { data: { orderId: order.orderId, clientOid: order.clientOid } }
  },
}

/**
 * POST /api/v3/trade/batch-modify-order: all or nothing at submission (an item naming a missing
 * or refused order fails the request with its code), then each modification is submitted in
 * order; a 6th batch while 5 await their result answers 429.
 */
export const batchModifyOrderRoute: Route = {
  id: 'unified.batchModifyOrder',
  method: 'POST',
  path: '/api/v3/trade/batch-modify-order',
  auth: true,
  // An item's category, else the category of the order it names.
  context: (input, { state, key }) => ({
    instruments: instrumentsOf(
      state,
      input,
      (item) => item.category ?? (key ? findOrder(state, key.uid, item)?.category : undefined),
    ),
  }),
  handle({ state, key, params }): Outcome {
    const uid = uidOf(key)
    const items = params as unknown as Record<string, unknown>[]
    const orders: Order[] = []
    for (const item of items) {
      const order = findOrder(state, uid, item)
      if (!order) return { error: failures.notFound }
      // batch-modify-order: "reduce-only orders cannot be modified" (single modify may).
      if (order.reduceOnly === 'yes') return { error: failures.reduceOnly }
      const refused = refusal(state, order, item)
      if (refused) return { error: refused }
      orders.push(order)
    }
    // "Modifies up to 20 orders across symbols of one product line": the orders named, not only
    // the categories the items write (an item naming its order by id alone writes none).
    const mixed = orders.findIndex((order) => order.category !== orders[0]?.category)
    if (mixed !== -1)
      return {
        error: issueFailure(
          Issue.create({
            type: 'mismatch',
            path: [mixed, 'category'],
            expected: `${Issue.describe(orders[0]?.category)} (orders of one product line)`,
            received: Issue.describe(orders[mixed]?.category),
          }),
        ),
      }
    const batch = state.ids.orderId()
    for (const [index, order] of orders.entries())
      submitModification(state, order, items[index]!, batch)
    return { data: orders.map((order) => ({ orderId: order.orderId, clientOid: order.clientOid })) }
  },
}
