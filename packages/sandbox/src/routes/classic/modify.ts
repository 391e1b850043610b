/** Classic modify-order: see `exchange/classic/modify.ts`. */
import { ClassicFutures, type Issue } from '@tradeline/rules'
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
      instrument: order ? state.instruments.get(order.symbol) : undefined,
      orderType: order?.orderType,
    }
  },
  ignores: ignoresPresetsWithChange,
  handle({ state, key, params }): Outcome {
    const order = findClassicOrder(state, uidOf(key), params)
    if (!order) return { error: classicFailures.notFound }
    const modified = modifyClassicOrder(state, order, params as ClassicModifyRequest)
    if (!modified.ok) return { error: modified.error }
    return { data: { orderId: modified.orderId, clientOid: modified.clientOid } }
  },
}
