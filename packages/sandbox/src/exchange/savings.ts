/**
 * The savings book of the sandbox, in exact decimals (decimal.js through `@tradeline/rules/big`,
 * never JavaScript numbers): subscriptions move the coin from the spot balance into a holding,
 * redemptions move it back, and interest accrues at each UTC midnight the sandbox clock passes.
 *
 * Sandbox choices (README "Savings"):
 * - Interest of a day is the holding's amount held the whole day (subscribed before the day's
 *   start, `interestTime` of subscribe-info) times the product's yearly rate (`currentApy`, a
 *   percentage; a ladder applies each step's rate to the part of the amount within the step,
 *   the part above the last step at the last rate) over 365, rounded DOWN to the product's
 *   `profitPrecision`: the exchange never pays more than is due.
 * - Flexible products (`settleMethod` `daily`) credit the day's interest to the spot balance at
 *   once (a `pay_interest` record). Fixed products (`maturity`) keep it in the holding and pay
 *   principal and interest at maturity (`expireTime`), credited after the product's
 *   `redeemDelay` (`redeemTime`), with a `redeem` and a `pay_interest` record.
 * - A flexible redemption takes the most recent part first and is credited after the product's
 *   `redeemDelay` (`D+0` at once, `D+1` one day later); a fixed one before maturity is refused
 *   (`advanceRedeem` `No`). A redemption less than a minute after the account's previous one is
 *   refused ("The interval of each redeem should be more than 1min").
 */
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../envelope.js'
import type { SandboxState } from '../state.js'
import { adjust, available } from './balances.js'
import { initialQuota, type SavingsProduct, savingsProduct } from './savingsProducts.js'

/** A day in milliseconds. */
export const day = 86_400_000
/** The shortest interval between two redemptions of an account. */
export const redeemIntervalMs = 60_000

/** A part of a holding: its amount and the midnight from which it earns interest. */
type Tranche = { amount: Big; readonly from: number }

/** A holding: the flexible one of an account and product, or one fixed-term subscription. */
export type Holding = {
  /** The orderId of the subscription that opened it (the assets' `orderId` of a fixed one). */
  readonly id: string
  readonly uid: string
  readonly product: SavingsProduct
  readonly createdAt: number
  tranches: Tranche[]
  /** Interest earned and not yet paid (fixed products). */
  accrued: Big
  lastProfit: Big
  totalProfit: Big
  /** The maturity (`expireTime`) of a fixed holding. */
  readonly maturity: number | undefined
  settled: boolean
}

/** A savings record (the records endpoint): `amount` a decimal string. */
export type SavingsRecord = {
  readonly orderId: string
  readonly uid: string
  readonly productId: string
  readonly coin: string
  readonly periodType: 'flexible' | 'fixed'
  readonly period: string
  readonly amount: string
  readonly ts: number
  readonly orderType: 'subscribe' | 'redeem' | 'pay_interest'
}

/** A subscription or a redemption and its result. */
export type SavingsOrder = {
  readonly orderId: string
  readonly uid: string
  readonly productId: string
  readonly periodType: string
  readonly amount: string
  readonly result: 'success' | 'fail'
  readonly msg: string
}
/** A subscription and its result. */
export type Subscription = SavingsOrder
/** A redemption and its result. */
export type Redemption = SavingsOrder

/** A day's interest of a holding. */
export type Earning = {
  readonly uid: string
  readonly coin: string
  readonly amount: Big
  readonly ts: number
}

/** A credit to the spot balance that is due later (a redemption's delay). */
type Payout = { readonly uid: string; readonly coin: string; readonly amount: Big; dueAt: number }

/** The savings part of a sandbox state. */
export type SavingsState = {
  /** The quota left of each product: a sandbox rule refusing subscriptions beyond it, never answered. */
  readonly remaining: Map<string, Big>
  readonly subscriptions: Map<string, Subscription>
  readonly redemptions: Map<string, Redemption>
  readonly holdings: Holding[]
  readonly records: SavingsRecord[]
  payouts: Payout[]
  readonly lastRedeem: Map<string, number>
  /** Interest earned per account and coin (credited or accrued). */
  readonly interest: Map<string, Big>
  /** Every day's interest of every holding, oldest first (the account's earnings). */
  readonly earnings: Earning[]
  /** The last midnight whose interest was settled. */
  accruedTo: number
}

const all = new WeakMap<SandboxState, SavingsState>()

/** The savings part of a sandbox state when it has one (nothing to settle otherwise). */
export function savingsIfAny(state: SandboxState): SavingsState | undefined {
  return all.get(state)
}

/** The savings part of a sandbox state (created on first use). */
export function savingsOf(state: SandboxState): SavingsState {
  let found = all.get(state)
  if (!found) {
    found = {
      remaining: new Map(Object.entries(initialQuota).map(([id, q]) => [id, new Big(q)])),
      subscriptions: new Map(),
      redemptions: new Map(),
      holdings: [],
      records: [],
      payouts: [],
      lastRedeem: new Map(),
      interest: new Map(),
      earnings: [],
      accruedTo: Math.floor(state.clock.now() / day) * day,
    }
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
  interval: { code: '40054', msg: 'The interval of each redeem should be more than 1min' },
  precision: { code: '40020', msg: 'Parameter amount has more decimals than the product allows' },
  held: { code: '40055', msg: 'The redemption amount exceeds the holding' },
  early: { code: '40056', msg: 'The product does not allow redemption before maturity' },
} as const satisfies Record<string, Failure>

const decimalText = /^\d+(\.\d+)?$/

/** Decimal places of a decimal string (trailing zeros do not count). */
function placesOf(amount: string): number {
  return new Big(amount).decimalPlaces()
}

/** The times of a product subscribed at `now` (Unix ms): interest start, maturity, payout. */
export function productTimes(product: SavingsProduct, now: number) {
  const interest = Math.floor(now / day) * day + day
  const fixedTerm = product.periodType === 'fixed'
  const expire = interest + Number(product.period || 0) * day
  return { interest, expire: fixedTerm ? expire : undefined, redeem: expire + delayOf(product) }
}

/** The product's `redeemDelay` (`D+n`) in milliseconds. */
export function delayOf(product: SavingsProduct): number {
  return Number(/^D\+(\d+)$/.exec(product.redeemDelay)?.[1] ?? 0) * day
}

/** Writes a savings record (a new id unless `orderId` is given). */
export function record(
  state: SandboxState,
  fields: Omit<SavingsRecord, 'orderId'>,
  orderId?: string,
) {
  savingsOf(state).records.push({ orderId: orderId ?? state.ids.orderId(), ...fields })
}

/** The record fields of a holding's `amount` at `ts`. */
export function recordOf(holding: Holding, amount: Big, ts: number) {
  const { product } = holding
  return {
    uid: holding.uid,
    productId: product.productId,
    coin: product.coin,
    periodType: product.periodType,
    period: product.period,
    amount: amount.toFixed(),
    ts,
  }
}

/** The amount of a holding (its parts). */
export function heldOf(holding: Holding): Big {
  return holding.tranches.reduce((sum, part) => sum.plus(part.amount), new Big(0))
}

/**
 * What `uid` holds of a product: the principal of its open holdings (fixed interest not yet paid
 * apart), what subscribe-info answers as `remainingAmount` ("total held").
 */
export function heldAmount(state: SandboxState, uid: string, product: SavingsProduct): Big {
  return savingsOf(state)
    .holdings.filter((h) => h.uid === uid && h.product === product && !h.settled)
    .reduce((sum, h) => sum.plus(heldOf(h)), new Big(0))
}

/**
 * Subscribes `amount` of a product for `uid`: `fail` (with `msg`) below `singleMinAmount`,
 * above `singleMaxAmount` or the product's remaining quota (a sandbox rule shared by every
 * account, never answered: subscribe-info's `remainingAmount` is the caller's holding), with more
 * decimals than `subscribePrecision`,
 * or beyond the available spot balance of the coin; else `success`, the balance debited, the
 * quota reduced, the holding grown and a `subscribe` record written (its `orderId` the
 * subscription's). `undefined` when the product does not exist.
 */
export function subscribe(
  state: SandboxState,
  uid: string,
  productId: string,
  amount: string,
): Subscription | undefined {
  const product = savingsProduct(productId)
  if (!product) return undefined
  const savings = savingsOf(state)
  const msg = subscriptionRefusal(state, uid, product, amount)
  const orderId = state.ids.orderId()
  if (msg === '') {
    const now = state.clock.now()
    const value = new Big(amount)
    adjust(state, uid, product.coin, value.neg())
    savings.remaining.set(productId, savings.remaining.get(productId)!.minus(value))
    const times = productTimes(product, now)
    const part = { amount: value, from: times.interest }
    const open =
      product.periodType === 'flexible'
        ? savings.holdings.find((h) => h.uid === uid && h.product === product && !h.settled)
        : undefined
    if (open) open.tranches.push(part)
    else
      savings.holdings.push({
        id: orderId,
        uid,
        product,
        createdAt: now,
        tranches: [part],
        accrued: new Big(0),
        lastProfit: new Big(0),
        totalProfit: new Big(0),
        maturity: times.expire,
        settled: false,
      })
    const holding = open ?? savings.holdings[savings.holdings.length - 1]!
    record(state, { ...recordOf(holding, value, now), orderType: 'subscribe' }, orderId)
  }
  const subscription: Subscription = {
    orderId,
    uid,
    productId,
    periodType: product.periodType,
    amount,
    result: msg === '' ? 'success' : 'fail',
    msg,
  }
  savings.subscriptions.set(orderId, subscription)
  return subscription
}

/** Why a subscription fails (`''` when it does not), in exact decimals. */
function subscriptionRefusal(
  state: SandboxState,
  uid: string,
  product: SavingsProduct,
  amount: string,
): string {
  if (!decimalText.test(amount)) return 'The subscription amount is not a number'
  const value = new Big(amount)
  const remaining = savingsOf(state).remaining.get(product.productId) ?? new Big(0)
  if (value.lt(product.singleMinAmount))
    return `The subscription amount is below the minimum ${product.singleMinAmount}`
  if (value.gt(product.singleMaxAmount))
    return `The subscription amount is above the maximum ${product.singleMaxAmount}`
  if (value.gt(remaining)) return 'The subscription amount exceeds the remaining amount'
  if (placesOf(amount) > Number(product.subscribePrecision))
    return `The subscription amount has more than ${product.subscribePrecision} decimals`
  if (value.gt(available(state, uid, product.coin))) return 'Insufficient balance'
  return ''
}

/** A redemption's request. */
export type RedeemRequest = {
  readonly productId: string
  readonly periodType: string
  readonly amount: string
  readonly orderId?: string | undefined
}

/**
 * Redeems from a holding of `uid`: the redemption (result `success`) and its `redeem` record,
 * the amount credited to spot after the product's `redeemDelay`; or the failure (unknown
 * product or holding, a minute not passed since the last redemption, more decimals than
 * `subscribePrecision`, more than held, a fixed product before maturity).
 */
export function redeem(
  state: SandboxState,
  uid: string,
  request: RedeemRequest,
): { redemption: Redemption } | { error: Failure } {
  const savings = savingsOf(state)
  const product = savingsProduct(request.productId, request.periodType)
  if (!product) return { error: savingsFailures.product }
  const now = state.clock.now()
  const last = savings.lastRedeem.get(uid)
  if (last !== undefined && now - last < redeemIntervalMs)
    return { error: savingsFailures.interval }
  if (!decimalText.test(request.amount)) return { error: savingsFailures.precision }
  if (placesOf(request.amount) > Number(product.subscribePrecision))
    return { error: savingsFailures.precision }
  const holding = savings.holdings.find(
    (h) =>
      h.uid === uid &&
      h.product === product &&
      !h.settled &&
      (product.periodType === 'flexible' || h.id === request.orderId),
  )
  if (!holding) return { error: savingsFailures.order }
  if (product.periodType === 'fixed') return { error: savingsFailures.early }
  const value = new Big(request.amount)
  if (value.gt(heldOf(holding))) return { error: savingsFailures.held }
  take(holding, value)
  savings.remaining.set(product.productId, savings.remaining.get(product.productId)!.plus(value))
  savings.lastRedeem.set(uid, now)
  pay(state, { uid, coin: product.coin, amount: value, dueAt: now + delayOf(product) })
  const orderId = state.ids.orderId()
  record(state, { ...recordOf(holding, value, now), orderType: 'redeem' }, orderId)
  const redemption: Redemption = {
    orderId,
    uid,
    productId: product.productId,
    periodType: product.periodType,
    amount: value.toFixed(),
    result: 'success',
    msg: '',
  }
  savings.redemptions.set(orderId, redemption)
  return { redemption }
}

/** Takes `value` from a holding, the most recent parts first; an emptied holding is settled. */
function take(holding: Holding, value: Big): void {
  let rest = value
  while (rest.gt(0)) {
    const part = holding.tranches[holding.tranches.length - 1]!
    const taken = Big.min(part.amount, rest)
    part.amount = part.amount.minus(taken)
    rest = rest.minus(taken)
    if (part.amount.isZero()) holding.tranches.pop()
  }
  if (holding.tranches.length === 0 && holding.accrued.isZero()) holding.settled = true
}

/** Credits a payout now when due, else keeps it for {@link settleSavings}. */
export function pay(state: SandboxState, payout: Payout): void {
  if (payout.amount.isZero()) return
  if (payout.dueAt <= state.clock.now()) adjust(state, payout.uid, payout.coin, payout.amount)
  else savingsOf(state).payouts.push(payout)
}

/**
 * What an account has of a coin across spot and savings, exactly: `spot` balance, `held` in
 * holdings (with fixed interest not yet paid), `pending` redemptions not yet credited, and
 * `interest` earned. Conservation: `spot + held + pending = deposits + interest`.
 *
 * @example
 * import { createState, savingsTotals } from '@tradeline/sandbox'
 * savingsTotals(createState(), '1', 'USDT').interest // '0'
 */
export function savingsTotals(
  state: SandboxState,
  uid: string,
  coin: string,
): { spot: string; held: string; pending: string; interest: string } {
  const savings = savingsOf(state)
  const held = savings.holdings
    .filter((h) => h.uid === uid && h.product.coin === coin && !h.settled)
    .reduce((sum, h) => sum.plus(heldOf(h)).plus(h.accrued), new Big(0))
  const pending = savings.payouts
    .filter((p) => p.uid === uid && p.coin === coin)
    .reduce((sum, p) => sum.plus(p.amount), new Big(0))
  return {
    spot: new Big(state.balances.get(uid)?.get(coin) ?? '0').toFixed(),
    held: held.toFixed(),
    pending: pending.toFixed(),
    interest: (savings.interest.get(`${uid}/${coin}`) ?? new Big(0)).toFixed(),
  }
}
