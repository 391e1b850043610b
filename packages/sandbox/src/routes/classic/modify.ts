/** Classic modify-order: see `exchange/classic/modify.ts`. */
import { ClassicFutures, Endpoint, type Issue } from '@tradeline/rules'
import * as v from 'valibot'
import { type ClassicModifyRequest, modifyClassicOrder } from '../../exchange/classic/modify.js'
import { classicFailures } from '../../exchange/codes.js'
import type { Outcome, Route } from '../../exchange.js'
import { findClassicOrder, uidOf } from './common.js'

/**
 * "If size, price and take-profit/stop-loss are all sent, the take-profit/stop-loss has no
 * effect": the rules refuse such a take-profit/stop-loss (it would be dropped silently); the
 * exchange ignores it, and so does the sandbox unless `strict`.
 */
function ignoresPresetsWithChange(issue: Issue.Issue): boolean {
  const field = issue.path[0]
  return (
    issue.type === 'forbidden' &&
    (field === 'newPresetStopSurplusPrice' || field === 'newPresetStopLossPrice')
  )
}

/**
 * The longest `newClientOid` the lenient sandbox takes: the bound the rules keep for a clientOid
 * that names an existing order (`clientOidReference`), so the new order is found by it.
 */
const newClientOidMax = 64

/**
 * modify-order as the exchange checks it: "newClientOid | String | Yes | New customized order
 * ID after order modification" (the Modify Order page) sets no length or characters, and ccxt's
 * `editOrder` sends a 36-character UUID; the rules keep a new order's clientOid rule (1 to 32 of
 * `A-Z a-z 0-9 _ : -`), which a strict sandbox applies.
 */
const lenientModifyOrder = /* @__PURE__ */ Endpoint.define({
  ...ClassicFutures.modifyOrder,
  schema: () =>
    v.strictObject({
      ...ClassicFutures.modifyOrder.schema.entries,
      newClientOid: v.pipe(
        v.string(),
        v.minLength(1),
        v.maxLength(newClientOidMax),
        v.regex(/^\P{Cc}*$/u, 'no control characters'),
      ),
    }),
})

/**
 * POST /api/v2/mix/order/modify-order: the rules with the order's instrument and type, then
 * `modifyEffect`. `data` is `{ orderId, clientOid }`: the kept order's after a take-profit or
 * stop-loss change; `orderId: null` and the `newClientOid` after a size or price change, whose
 * new order is found by `newClientOid`. Unknown order (of the symbol and product type): `40768`.
 */
export const modifyOrderRoute: Route = {
  id: ClassicFutures.modifyOrder.id,
  method: 'POST',
  path: ClassicFutures.modifyOrder.path,
  auth: true,
  context: (input, { state, key }) => {
    const order = key ? findClassicOrder(state, key.uid, input) : undefined
    return {
      instrument: order ? state.instruments.get(order.category, order.symbol) : undefined,
      orderType: order?.orderType,
    }
  },
  ignores: ignoresPresetsWithChange,
  lenient: lenientModifyOrder,
  handle({ state, key, params }): Outcome {
    const order = findClassicOrder(state, uidOf(key), params)
    if (!order) return { error: classicFailures.notFound }
    const modified = modifyClassicOrder(state, order, params as ClassicModifyRequest)
    if (!modified.ok) return { error: modified.error }
    return { data: { orderId: modified.orderId, clientOid: modified.clientOid } }
  },
}
