/**
 * One step of the savings book as data, for property tests that drive a sandbox state with
 * random sequences (the savings conservation test, and a sandbox-wide step table): a
 * subscription, a redemption, or the clock moving forward (interest, maturities and payouts).
 */
import type { SandboxState } from '../state.js'
import { redeem, subscribe } from './savings.js'
import { settleSavings } from './savingsInterest.js'

/** A savings step. */
export type SavingsStep =
  | {
      readonly kind: 'subscribe'
      readonly uid: string
      readonly productId: string
      readonly amount: string
    }
  | {
      readonly kind: 'redeem'
      readonly uid: string
      readonly productId: string
      readonly periodType: 'flexible' | 'fixed'
      readonly amount: string
      readonly orderId?: string | undefined
    }
  | { readonly kind: 'advance'; readonly ms: number }

/** What a step did: applied, or refused with the reason (a `fail` message or an error code). */
export type SavingsStepOutcome = { readonly applied: boolean; readonly reason: string }

/**
 * Applies one savings step to a sandbox state, as the routes would: a subscription (its
 * `success` or `fail`), a redemption (applied or refused with its code), or the clock moved by
 * `ms` with the savings book brought up to it.
 *
 * @example
 * import { applySavingsStep, createState } from '@tradeline/sandbox'
 * const state = createState()
 * applySavingsStep(state, { kind: 'advance', ms: 86_400_000 }) // { applied: true, reason: '' }
 */
export function applySavingsStep(state: SandboxState, step: SavingsStep): SavingsStepOutcome {
  if (step.kind === 'advance') {
    state.clock.advance(step.ms)
    settleSavings(state, state.clock.now())
    return { applied: true, reason: '' }
  }
  if (step.kind === 'subscribe') {
    const made = subscribe(state, step.uid, step.productId, step.amount)
    if (!made) return { applied: false, reason: `no product ${step.productId}` }
    return { applied: made.result === 'success', reason: made.msg }
  }
  const outcome = redeem(state, step.uid, step)
  return 'error' in outcome
    ? { applied: false, reason: outcome.error.code }
    : { applied: true, reason: '' }
}
