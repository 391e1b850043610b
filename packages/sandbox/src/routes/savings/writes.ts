/**
 * The savings writes over the book (../../exchange/savings.ts): POST subscribe (answers the
 * subscription's `orderId`, whose result subscribe-result reads), POST redeem and GET
 * redeem-result.
 */
import { Savings } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { redeem, savingsFailures, savingsOf, subscribe } from '../../exchange/savings.js'
import { savingsProduct } from '../../exchange/savingsProducts.js'
import type { Route } from '../../exchange.js'
import { uidOf } from '../classic/common.js'
import { endpointRoute } from '../endpointRoute.js'

/** An amount as the savings pages' examples write `status` ("2000.000000"): six places, more when it has more (never rounded). */
function amountStatus(value: string): string {
  const amount = new Big(value)
  return amount.toFixed(Math.max(6, amount.decimalPlaces()))
}

/**
 * POST /api/v2/earn/savings/subscribe: `{ orderId, status }` of the subscription (`status` the
 * amount with six decimals, as the page's example shows "2000.000000"), also when it fails
 * (below the minimum, above the maximum or the remaining amount, more decimals than
 * `subscribePrecision`, more than the free spot balance): subscribe-result then answers `fail`
 * with its message, and nothing moved. `40034` for an unknown product or another period type.
 */
export const subscribeRoute = endpointRoute(Savings.subscribe, {
  handle({ state, key, params }) {
    const productId = String(params.productId)
    if (!savingsProduct(productId, String(params.periodType)))
      return { error: savingsFailures.product }
    const made = subscribe(state, uidOf(key), productId, String(params.amount))
    if (!made) return { error: savingsFailures.product }
    return { data: { orderId: made.orderId, status: amountStatus(made.amount) } }
  },
})

/**
 * POST /api/v2/earn/savings/redeem: `{ orderId, status }`, `status` the redeemed amount with six
 * decimals as the docs' example shows it ("2000.000000"); refusals: `40034` unknown product or
 * holding, `40054` within a minute of the previous redemption, `40020` more decimals than the
 * product's precision, `40055` more than held, `40056` a fixed product before maturity.
 */
export const redeemRoute = endpointRoute(Savings.redeem, {
  handle({ state, key, params }) {
    const done = redeem(state, uidOf(key), {
      productId: String(params.productId),
      periodType: String(params.periodType),
      amount: String(params.amount),
      orderId: params.orderId === undefined ? undefined : String(params.orderId),
    })
    if ('error' in done) return { error: done.error }
    const { redemption } = done
    return { data: { orderId: redemption.orderId, status: amountStatus(redemption.amount) } }
  },
})

/**
 * GET /api/v2/earn/savings/redeem-result: `{ result, msg }` of the caller's redemption (`msg`
 * `''` on success, as the docs' example); `40034` when the caller has none of that `orderId`
 * and `periodType`.
 */
export const redeemResultRoute = endpointRoute(Savings.getRedeemResult, {
  handle({ state, key, params }) {
    const found = savingsOf(state).redemptions.get(String(params.orderId))
    if (!found || found.uid !== key?.uid || found.periodType !== params.periodType)
      return { error: savingsFailures.order }
    return { data: { result: found.result, msg: found.msg } }
  },
})

/** The savings write routes. */
export const savingsWriteRoutes: readonly Route[] = [subscribeRoute, redeemRoute, redeemResultRoute]
