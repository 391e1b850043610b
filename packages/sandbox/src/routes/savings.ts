/**
 * Savings endpoints (`/api/v2/earn/savings`, every `Savings.*` endpoint of the rules): the
 * products, their subscription conditions and the result of a subscription; the account,
 * holdings, records and the subscribe/redeem writes in ./savings/. The book (exact decimals,
 * interest on the clock) is ../exchange/savings.ts. `admin.subscribeSavings` subscribes as the
 * subscribe route does.
 */
import { Savings } from '@tradeline/rules'
import { day, heldAmount, productTimes, savingsFailures, savingsOf } from '../exchange/savings.js'
import {
  type SavingsProduct,
  savingsProduct,
  savingsProducts,
} from '../exchange/savingsProducts.js'
import type { Route } from '../exchange.js'
import { savingsListRoutes } from './savings/reads.js'
import { savingsWriteRoutes } from './savings/writes.js'

export {
  type Redemption,
  type Subscription,
  savingsFailures,
  savingsOf,
  subscribe,
} from '../exchange/savings.js'
export {
  type ApyStep,
  type SavingsProduct,
  savingsProducts,
} from '../exchange/savingsProducts.js'

/** The times of a product subscribed at `now`, Unix-ms strings (`''` when not applicable). */
function timesOf(product: SavingsProduct, now: number) {
  const { interest, expire, redeem } = productTimes(product, now)
  return {
    subscribeTime: String(now),
    interestTime: String(interest),
    settleTime: String(expire ?? interest + day),
    expireTime: expire === undefined ? '' : String(expire),
    redeemTime: expire === undefined ? '' : String(redeem),
  }
}

/**
 * GET /api/v2/earn/savings/product: the products (docs/records.md), of one `coin` when given;
 * `filter` `held` keeps the products the caller subscribed to successfully, `available` (the
 * default) and `all` every product (all are in progress), `available_and_held` both.
 */
function productsRoute(): Route {
  return {
    id: Savings.getProducts.id,
    method: 'GET',
    path: Savings.getProducts.path,
    auth: true,
    handle({ state, key, params }) {
      const held = new Set(
        [...savingsOf(state).subscriptions.values()]
          .filter((s) => s.uid === key?.uid && s.result === 'success')
          .map((s) => s.productId),
      )
      const filter = params.filter ?? 'available'
      const list = savingsProducts
        .filter((product) => params.coin === undefined || product.coin === params.coin)
        .filter((product) => filter !== 'held' || held.has(product.productId))
      return {
        data: list.map((product) => ({
          productId: product.productId,
          coin: product.coin,
          periodType: product.periodType,
          period: product.period,
          apyType: product.apyType,
          advanceRedeem: product.periodType === 'flexible' ? 'Yes' : 'No',
          settleMethod: product.settleMethod,
          apyList: product.apyList.map((step) => ({ ...step })),
          status: 'in_progress',
          productLevel: 'normal',
        })),
      }
    },
  }
}

/**
 * GET /api/v2/earn/savings/subscribe-info: the product's conditions (docs/records.md), with
 * `remainingAmount` the caller's amount held of the product ("total held": the principal of its
 * open holdings, `heldOf`; the product-wide quota stays internal); `40034` when no product has
 * that `productId` and `periodType`.
 */
export const subscribeInfoRoute: Route = {
  id: Savings.getSubscribeInfo.id,
  method: 'GET',
  path: Savings.getSubscribeInfo.path,
  auth: true,
  handle({ state, key, params, now }) {
    const product = savingsProduct(String(params.productId), String(params.periodType))
    if (!product) return { error: savingsFailures.product }
    return {
      data: {
        singleMinAmount: product.singleMinAmount,
        singleMaxAmount: product.singleMaxAmount,
        remainingAmount: heldAmount(state, key?.uid ?? '', product).toFixed(),
        subscribePrecision: product.subscribePrecision,
        profitPrecision: product.profitPrecision,
        ...timesOf(product, now),
        settleMethod: product.settleMethod,
        apyList: product.apyList.map((step) => ({ ...step })),
        redeemDelay: product.redeemDelay,
      },
    }
  },
}

/**
 * GET /api/v2/earn/savings/subscribe-result: `{ result, msg }` of the caller's subscription
 * (`msg` `''` on success); `40034` when the caller has none of that `orderId` and `periodType`.
 */
export const subscribeResultRoute: Route = {
  id: Savings.getSubscribeResult.id,
  method: 'GET',
  path: Savings.getSubscribeResult.path,
  auth: true,
  handle({ state, key, params }) {
    const found = savingsOf(state).subscriptions.get(String(params.orderId))
    if (!found || found.uid !== key?.uid || found.periodType !== params.periodType)
      return { error: savingsFailures.order }
    return { data: { result: found.result, msg: found.msg } }
  },
}

/**
 * The savings routes of the sandbox.
 *
 * @example
 * import { savingsRoutes } from '@tradeline/sandbox'
 * savingsRoutes[0]?.id // 'savings.getProducts'
 */
export const savingsRoutes: readonly Route[] = [
  productsRoute(),
  subscribeInfoRoute,
  subscribeResultRoute,
  // savings account, holdings, records and the subscribe/redeem writes
  ...savingsWriteRoutes,
  ...savingsListRoutes,
]
