/**
 * Interest of the savings book: at each UTC midnight the sandbox clock passes, every holding
 * earns its day (rounded down to the product's `profitPrecision`), flexible interest is credited
 * to spot, fixed interest kept until maturity, when principal and interest are paid after the
 * product's delay; payouts that fell due are credited. Choices: ./savings.ts.
 */
import { Big } from '@tradeline/rules/big'
import type { SandboxState } from '../state.js'
import { adjust } from './balances.js'
import {
  day,
  delayOf,
  type Holding,
  heldOf,
  pay,
  record,
  recordOf,
  type SavingsState,
  savingsIfAny,
  savingsOf,
} from './savings.js'
import type { SavingsProduct } from './savingsProducts.js'

/**
 * A day's interest on `amount` at the product's rates: each step's `currentApy` (percent a
 * year) on the part of the amount within the step (above the last step: the last rate), over
 * 365, rounded down to `profitPrecision`.
 *
 * @example
 * import { dailyInterest, savingsProducts } from '@tradeline/sandbox'
 * dailyInterest(savingsProducts[0]!, '600') // '0.08767123' (500 at 6% and 100 at 2%: 32 a year, over 365, rounded down)
 */
export function dailyInterest(product: SavingsProduct, amount: string): string {
  const held = new Big(amount)
  let yearly = new Big(0)
  product.apyList.forEach((step, index) => {
    const last = index === product.apyList.length - 1
    const top = last ? held : Big.min(held, step.maxStepVal)
    const part = top.minus(step.minStepVal)
    if (part.gt(0)) yearly = yearly.plus(part.times(step.currentApy).div(100))
  })
  return yearly.div(365).toDecimalPlaces(Number(product.profitPrecision), Big.ROUND_DOWN).toFixed()
}

/** Adds to the interest an account earned in a coin. */
function earn(savings: SavingsState, uid: string, coin: string, amount: Big, ts: number): void {
  const key = `${uid}/${coin}`
  savings.interest.set(key, (savings.interest.get(key) ?? new Big(0)).plus(amount))
  savings.earnings.push({ uid, coin, amount, ts })
}

/** The interest of the day that ends at midnight `midnight`, and the maturities it reaches. */
function accrueDay(state: SandboxState, savings: SavingsState, midnight: number): void {
  for (const holding of savings.holdings) {
    if (holding.settled) continue
    const { product } = holding
    const earning = holding.tranches
      .filter((part) => part.from <= midnight - day)
      .reduce((sum, part) => sum.plus(part.amount), new Big(0))
    const inTerm = holding.maturity === undefined || midnight <= holding.maturity
    const interest = inTerm ? new Big(dailyInterest(product, earning.toFixed())) : new Big(0)
    holding.lastProfit = interest
    if (interest.gt(0)) {
      holding.totalProfit = holding.totalProfit.plus(interest)
      earn(savings, holding.uid, product.coin, interest, midnight)
      if (product.settleMethod === 'daily') {
        adjust(state, holding.uid, product.coin, interest)
        record(state, { ...recordOf(holding, interest, midnight), orderType: 'pay_interest' })
      } else holding.accrued = holding.accrued.plus(interest)
    }
    if (holding.maturity !== undefined && midnight >= holding.maturity) mature(state, holding)
  }
}

/** Pays a fixed holding at maturity: principal and interest after the product's delay. */
function mature(state: SandboxState, holding: Holding): void {
  const { product } = holding
  const principal = heldOf(holding)
  const at = holding.maturity!
  const savings = savingsOf(state)
  savings.remaining.set(
    product.productId,
    savings.remaining.get(product.productId)!.plus(principal),
  )
  const dueAt = at + delayOf(product)
  pay(state, {
    uid: holding.uid,
    coin: product.coin,
    amount: principal.plus(holding.accrued),
    dueAt,
  })
  record(state, { ...recordOf(holding, principal, at), orderType: 'redeem' })
  if (holding.accrued.gt(0))
    record(state, { ...recordOf(holding, holding.accrued, at), orderType: 'pay_interest' })
  holding.tranches = []
  holding.accrued = new Big(0)
  holding.settled = true
}

/**
 * Brings the savings book up to `now`: the interest of every UTC midnight passed, maturities and
 * the payouts that fell due.
 *
 * @example
 * import { createState, settleSavings } from '@tradeline/sandbox'
 * const state = createState()
 * settleSavings(state, state.clock.now())
 */
export function settleSavings(state: SandboxState, now: number): void {
  const savings = savingsIfAny(state)
  if (!savings) return
  while (savings.accruedTo + day <= now) {
    savings.accruedTo += day
    accrueDay(state, savings, savings.accruedTo)
  }
  const due = savings.payouts.filter((payout) => payout.dueAt <= now)
  if (due.length === 0) return
  savings.payouts = savings.payouts.filter((payout) => payout.dueAt > now)
  for (const payout of due) adjust(state, payout.uid, payout.coin, payout.amount)
}
