/**
 * Savings endpoints (`/api/v2/earn/savings`, every `Savings.*` endpoint of the rules): the
 * subscription conditions of a few seeded products (the exchange records) and the result of a
 * subscription. Subscriptions are made with `admin.subscribeSavings`, which applies the
 * product's limits: the result is `success`, or `fail` with `msg`.
 */
import { Savings } from '@tradeline/rules'
import type { Failure } from '../envelope.js'
import { fixed } from '../exchange/stockplus.js'
import type { Route } from '../exchange.js'
import type { SandboxState } from '../state.js'

/** A step rate (`apyList` item): all strings. */
export type ApyStep = {
  readonly rateLevel: string
  readonly minStepVal: string
  readonly maxStepVal: string
  readonly currentApy: string
}

/** A savings product of the sandbox. */
export type SavingsProduct = {
  readonly productId: string
  readonly coin: string
  readonly periodType: 'flexible' | 'fixed'
  /** Days of a fixed product; `''` for flexible. */
  readonly period: string
  readonly apyType: 'single' | 'ladder'
  readonly apyList: readonly ApyStep[]
  readonly singleMinAmount: string
  readonly singleMaxAmount: string
  readonly subscribePrecision: string
  readonly profitPrecision: string
  readonly settleMethod: 'daily' | 'maturity'
  readonly redeemDelay: string
}

/** The products of every sandbox. */
export const savingsProducts: readonly SavingsProduct[] = [
  {
    productId: '1001',
    coin: 'USDT',
    periodType: 'flexible',
    period: '',
    apyType: 'ladder',
    apyList: [
      { rateLevel: '1', minStepVal: '0', maxStepVal: '500', currentApy: '6.00' },
      { rateLevel: '2', minStepVal: '500', maxStepVal: '100000', currentApy: '2.00' },
    ],
    singleMinAmount: '10',
    singleMaxAmount: '100000',
    subscribePrecision: '2',
    profitPrecision: '8',
    settleMethod: 'daily',
    redeemDelay: 'D+0',
  },
  {
    productId: '1002',
    coin: 'USDT',
    periodType: 'fixed',
    period: '30',
    apyType: 'single',
    apyList: [{ rateLevel: '1', minStepVal: '0', maxStepVal: '50000', currentApy: '8.00' }],
    singleMinAmount: '100',
    singleMaxAmount: '50000',
    subscribePrecision: '0',
    profitPrecision: '8',
    settleMethod: 'maturity',
    redeemDelay: 'D+1',
  },
  {
    productId: '1003',
    coin: 'BTC',
    periodType: 'flexible',
    period: '',
    apyType: 'single',
    apyList: [{ rateLevel: '1', minStepVal: '0', maxStepVal: '10', currentApy: '1.50' }],
    singleMinAmount: '0.001',
    singleMaxAmount: '10',
    subscribePrecision: '6',
    profitPrecision: '8',
    settleMethod: 'daily',
    redeemDelay: 'D+1',
  },
]

/** Initial remaining quota of each product. */
const initialQuota: Readonly<Record<string, number>> = {
  '1001': 5_000_000,
  '1002': 200_000,
  '1003': 100,
}

/** A subscription and its result. */
export type Subscription = {
  readonly orderId: string
  readonly uid: string
  readonly productId: string
  readonly periodType: string
  readonly amount: string
  readonly result: 'success' | 'fail'
  readonly msg: string
}

type SavingsState = {
  readonly remaining: Map<string, number>
  readonly subscriptions: Map<string, Subscription>
}

const all = new WeakMap<SandboxState, SavingsState>()

/** The savings part of a sandbox state (created on first use). */
export function savingsOf(state: SandboxState): SavingsState {
  let found = all.get(state)
  if (!found) {
    found = { remaining: new Map(Object.entries(initialQuota)), subscriptions: new Map() }
    all.set(state, found)
  }
  return found
}

/**
 * The failures of the savings routes (sandbox choices, README "Savings").
 *
 * @example
 * import { savingsFailures } from '@tradeline/sandbox'
 * savingsFailures.product.code // '40034'
 */
export const savingsFailures = {
  product: { code: '40034', msg: 'Parameter productId does not exist' },
  order: { code: '40034', msg: 'Parameter orderId does not exist' },
} as const satisfies Record<string, Failure>

const day = 86_400_000

/**
 * Subscribes `amount` of a product for `uid`: `fail` (with `msg`) below `singleMinAmount`,
 * above `singleMaxAmount` or the remaining quota, with more decimals than `subscribePrecision`,
 * or beyond the spot balance of the coin; else `success`, the balance debited and the quota
 * reduced. `undefined` when the product does not exist.
 */
export function subscribe(
  state: SandboxState,
  uid: string,
  productId: string,
  amount: string,
): Subscription | undefined {
  const product = savingsProducts.find((p) => p.productId === productId)
  if (!product) return undefined
  const savings = savingsOf(state)
  const value = Number(amount)
  const remaining = savings.remaining.get(productId) ?? 0
  state.fund(uid)
  const balances = state.balances.get(uid) ?? new Map<string, string>()
  state.balances.set(uid, balances)
  const balance = Number(balances.get(product.coin) ?? '0')
  const decimals = amount.includes('.') ? amount.length - amount.indexOf('.') - 1 : 0
  const msg = !/^\d+(\.\d+)?$/.test(amount)
    ? 'The subscription amount is not a number'
    : value < Number(product.singleMinAmount)
      ? `The subscription amount is below the minimum ${product.singleMinAmount}`
      : value > Number(product.singleMaxAmount)
        ? `The subscription amount is above the maximum ${product.singleMaxAmount}`
        : value > remaining
          ? 'The subscription amount exceeds the remaining amount'
          : decimals > Number(product.subscribePrecision)
            ? `The subscription amount has more than ${product.subscribePrecision} decimals`
            : value > balance
              ? 'Insufficient balance'
              : ''
  if (msg === '') {
    balances.set(product.coin, fixed(balance - value, 8))
    savings.remaining.set(productId, remaining - value)
    state.events.emit({ type: 'balance', uid })
  }
  const subscription: Subscription = {
    orderId: state.ids.orderId(),
    uid,
    productId,
    periodType: product.periodType,
    amount,
    result: msg === '' ? 'success' : 'fail',
    msg,
  }
  savings.subscriptions.set(subscription.orderId, subscription)
  return subscription
}

/** The times of a product subscribed at `now`, Unix-ms strings (`''` when not applicable). */
function timesOf(product: SavingsProduct, now: number) {
  const midnight = Math.floor(now / day) * day
  const interest = midnight + day
  const fixedProduct = product.periodType === 'fixed'
  const expire = interest + Number(product.period || 0) * day
  return {
    subscribeTime: String(now),
    interestTime: String(interest),
    settleTime: String(fixedProduct ? expire : interest + day),
    expireTime: fixedProduct ? String(expire) : '',
    redeemTime: fixedProduct ? String(expire + day) : '',
  }
}

/**
 * GET /api/v2/earn/savings/product: the products (the exchange records), of one `coin` when given;
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
 * GET /api/v2/earn/savings/subscribe-info: the product's conditions (the exchange records);
 * `40034` when no product has that `productId` and `periodType`.
 */
export const subscribeInfoRoute: Route = {
  id: Savings.getSubscribeInfo.id,
  method: 'GET',
  path: Savings.getSubscribeInfo.path,
  auth: true,
  handle({ state, params, now }) {
    const product = savingsProducts.find(
      (p) => p.productId === params.productId && p.periodType === params.periodType,
    )
    if (!product) return { error: savingsFailures.product }
    return {
      data: {
        singleMinAmount: product.singleMinAmount,
        singleMaxAmount: product.singleMaxAmount,
        remainingAmount: fixed(savingsOf(state).remaining.get(product.productId) ?? 0, 8),
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
 * savingsRoutes[0]?.id // 'savings.getSubscribeInfo'
 */
export const savingsRoutes: readonly Route[] = [
  productsRoute(),
  subscribeInfoRoute,
  subscribeResultRoute,
]
