/**
 * Conservation of the savings book: random sequences of subscriptions, redemptions and clock
 * moves (interest, maturities, delayed payouts) keep, for every account and coin, exactly
 * `spot + held + pending = deposits + interest`, in exact decimals.
 */
import { Big } from '@tradeline/rules/big'
import { describe, expect, test } from 'vitest'
import { createState } from '../state.js'
import { savingsOf, savingsTotals } from './savings.js'
import { applySavingsStep, type SavingsStep } from './savingsSteps.js'

const T0 = Date.UTC(2026, 6, 1, 14, 0)
const uids = ['9100000001', '9100000002']
const deposits = { USDT: '250000.5', BTC: '12.345678' } as const

/** A small seeded generator (mulberry32): the same seed, the same sequence. */
function generator(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (n: number) => Math.floor(next() * n)
  return { int, pick: <T>(items: readonly T[]) => items[int(items.length)]! }
}

/** An amount with `places` decimals of about `scale`, sometimes beyond the product's precision. */
function amountOf(random: ReturnType<typeof generator>, scale: number, places: number): string {
  const digits = places + random.int(2)
  const units = random.int(scale * 10 ** digits) + 1
  return new Big(units).div(new Big(10).pow(digits)).toFixed()
}

/** One random step over the sandbox's products and the accounts' holdings. */
function stepOf(
  random: ReturnType<typeof generator>,
  state: ReturnType<typeof createState>,
): SavingsStep {
  const uid = random.pick(uids)
  const roll = random.int(10)
  if (roll < 4) {
    const productId = random.pick(['1001', '1002', '1003'])
    const amount =
      productId === '1003'
        ? amountOf(random, 2, 6)
        : amountOf(random, 3000, productId === '1001' ? 2 : 0)
    return { kind: 'subscribe', uid, productId, amount }
  }
  if (roll < 7) {
    const held = savingsOf(state).holdings.filter((h) => h.uid === uid && !h.settled)
    const holding = held.length > 0 ? random.pick(held) : undefined
    const product = holding?.product
    return {
      kind: 'redeem',
      uid,
      productId: product?.productId ?? '1001',
      periodType: product?.periodType ?? 'flexible',
      orderId: holding?.id,
      amount: product?.coin === 'BTC' ? amountOf(random, 1, 6) : amountOf(random, 500, 2),
    }
  }
  const ms = random.pick([30_000, 61_000, 3_600_000, 86_400_000, 5 * 86_400_000])
  return { kind: 'advance', ms }
}

function assertConserved(state: ReturnType<typeof createState>): void {
  for (const uid of uids)
    for (const [coin, deposit] of Object.entries(deposits)) {
      const { spot, held, pending, interest } = savingsTotals(state, uid, coin)
      for (const part of [spot, held, pending, interest]) expect(new Big(part).gte(0)).toBe(true)
      expect(new Big(spot).plus(held).plus(pending).toFixed()).toBe(
        new Big(deposit).plus(interest).toFixed(),
      )
    }
}

describe('savings conservation', () => {
  test.each([1, 2, 3])(
    'seed %i: 1,500 random subscribe/redeem/advance steps keep spot + held + pending = deposits + interest exactly',
    (seed) => {
      const state = createState({ clock: { now: () => T0 }, seed })
      for (const uid of uids) {
        state.fund(uid)
        for (const [coin, amount] of Object.entries(deposits))
          state.balances.get(uid)!.set(coin, amount)
      }
      const random = generator(seed)
      const applied = { subscribe: 0, redeem: 0, advance: 0 }
      for (let step = 0; step < 1_500; step++) {
        const next = stepOf(random, state)
        if (applySavingsStep(state, next).applied) applied[next.kind]++
        assertConserved(state)
      }
      // The sequences did exercise every kind of step and paid interest.
      expect(applied.subscribe).toBeGreaterThan(50)
      expect(applied.redeem).toBeGreaterThan(20)
      expect(new Big(savingsTotals(state, uids[0]!, 'USDT').interest).gt(0)).toBe(true)
      // Every amount the book holds has no more places than its precision allows.
      for (const record of savingsOf(state).records)
        expect(new Big(record.amount).decimalPlaces()).toBeLessThanOrEqual(8)
    },
  )
})
