/**
 * Conservation of the savings book: random sequences of subscriptions, redemptions and clock
 * moves (interest, maturities, delayed payouts) over two accounts keep, for every account and
 * coin, exactly `spot + held + pending = deposits + interest`, in exact decimals. The steps and
 * the checker are the savings rows of the sandbox-wide walk (../test/stockplusWorld.ts).
 */
import { Big } from '@tradeline/rules/big'
import { describe, expect, test } from 'vitest'
import { createState } from '../state.js'
import {
  type Driver,
  drawStep,
  generator,
  savingsConservation,
  savingsDeposits,
  savingsSteps,
} from '../test/stockplusWorld.js'
import { savingsOf, savingsTotals } from './savings.js'
import type { SavingsStepOutcome } from './savingsSteps.js'

const T0 = Date.UTC(2026, 6, 1, 14, 0)
const uids = ['9100000001', '9100000002']

/** The savings rows never touch the securities account: a driver that refuses every call. */
const refuse = (): never => {
  throw new Error('a savings row called the securities driver')
}
const noDriver: Driver = {
  transfer: refuse,
  place: refuse,
  fill: refuse,
  setPrice: refuse,
  setFeeRate: refuse,
}

describe('savings conservation', () => {
  test.each([1, 2, 3])(
    'seed %i: 1,500 random subscribe/redeem/advance steps keep spot + held + pending = deposits + interest exactly',
    async (seed) => {
      const state = createState({ clock: { now: () => T0 }, seed })
      for (const uid of uids) {
        state.fund(uid)
        for (const [coin, amount] of Object.entries(savingsDeposits))
          state.balances.get(uid)!.set(coin, amount)
      }
      const checkers = uids.map((uid) => savingsConservation(state, uid))
      const rand = generator(seed)
      const applied = new Map<string, number>()
      for (let i = 0; i < 1_500; i++) {
        const uid = rand.pick(uids)
        const step = drawStep(rand, savingsSteps)
        const world = { driver: noDriver, state, uid, rand, prices: new Map<string, string>() }
        const outcome = (await step.run(world)) as SavingsStepOutcome
        if (outcome.applied) applied.set(step.name, (applied.get(step.name) ?? 0) + 1)
        for (const checker of checkers) checker.check(`seed ${seed}, step ${i} (${step.name})`)
      }
      // The sequences did exercise every kind of step and paid interest.
      expect(applied.get('savings subscribe')).toBeGreaterThan(50)
      expect(applied.get('savings redeem')).toBeGreaterThan(20)
      expect(new Big(savingsTotals(state, uids[0]!, 'USDT').interest).gt(0)).toBe(true)
      // Every amount the book holds has no more places than its precision allows.
      for (const record of savingsOf(state).records)
        expect(new Big(record.amount).decimalPlaces()).toBeLessThanOrEqual(8)
    },
  )
})
