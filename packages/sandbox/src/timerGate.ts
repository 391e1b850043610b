/** Timers for the sandbox's `timers` option that can hold `delay` faults until released. */
export type TimerGate = {
  /** The timer the sandbox's `delay` faults wait on: a real one, or held while `hold()` is on. */
  readonly setTimeout: (callback: () => void, ms: number) => unknown
  /** From now on, a delayed request waits until `release()` instead of its delay. */
  readonly hold: () => void
  /** How many delayed requests wait (each one has reached the sandbox and was not handled yet). */
  readonly waiting: () => number
  /** Ends the hold: every waiting request is handled now, later ones wait their real delay. */
  readonly release: () => void
}

/**
 * Timers for the sandbox's `timers` option: real ones, except while `hold()` is on, when a
 * request delayed by a `delay` fault waits until `release()`. A test of "the answer comes after
 * the client gave up" or "the order lands after every lookup" holds the request until that
 * moment instead of betting a delay against real timers, so it means the same on a busy machine
 * as on a quiet one.
 *
 * @example
 * ```ts
 * import { createTimerGate, startSandbox } from '@tradeline/sandbox'
 *
 * const gate = createTimerGate()
 * const sandbox = await startSandbox({ timers: gate })
 * gate.hold()
 * sandbox.admin.injectFault({ path: '/api/v3/trade/place-order', kind: 'delay', delayMs: 300 })
 * // ... send the request, wait for gate.waiting() === 1, give up on it ...
 * gate.release() // the exchange applies the order now
 * ```
 */
export function createTimerGate(): TimerGate {
  let holding = false
  let held: (() => void)[] = []
  return {
    setTimeout: (callback, ms) => (holding ? void held.push(callback) : setTimeout(callback, ms)),
    hold: () => {
      holding = true
    },
    waiting: () => held.length,
    release: () => {
      holding = false
      const now = held
      held = []
      for (const callback of now) callback()
    },
  }
}
