/**
 * What the limiter refuses to count (rules no store can keep: a window of 0 ms, a cap under 1),
 * the cap a spacing adds, timer delays past what a timer takes, and the timer of a waiting
 * call's deadline.
 */
import type { Clock, CountFrom, Rule, TakeResult } from './Store.js'

/** The longest delay a timer takes (2^31 - 1 ms, about 24.8 days). */
export const maxTimerMs = 2_147_483_647

/**
 * A rule the stores can count: a window of at least 1 ms and one call, a concurrency cap of at
 * least 1 (a window of 0 ms kept a call in flight moving in the memory store's log forever).
 */
export function checkRule(rule: Rule): void {
  const bad = (what: string, value: unknown) =>
    new RangeError(`Rate limit rule "${rule.key}": ${what}; got ${String(value)}`)
  if (rule.kind === 'window') {
    if (!(Number.isFinite(rule.windowMs) && rule.windowMs > 0))
      throw bad('windowMs must be a finite number of ms greater than 0', rule.windowMs)
    if (!(Number.isFinite(rule.limit) && rule.limit >= 1))
      throw bad('limit must be a finite number, at least 1', rule.limit)
  } else if (rule.kind === 'spacing') {
    if (!(Number.isFinite(rule.minIntervalMs) && rule.minIntervalMs >= 0))
      throw bad('minIntervalMs must be a finite number of ms, 0 or more', rule.minIntervalMs)
  } else if (!(Number.isInteger(rule.limit) && rule.limit >= 1))
    throw bad('limit must be a whole number, at least 1', rule.limit)
}

/**
 * Calls `due` once `clock` reaches `deadline`: a timer, armed again while the clock says it is not
 * yet due (a clock may run apart from the timers). Returns the cancel. A waiting call's deadline
 * holds also while a store's answer is awaited: a Redis that hangs with its connection open kept
 * a call waiting for the store's timeout, past its `maxWaitMs`, and then admitted it.
 */
export function afterDeadline(clock: Clock, deadline: number, due: () => void): () => void {
  let handle: ReturnType<typeof setTimeout> | undefined
  // Due once the deadline has passed: a call admitted at its deadline's very moment (a wait of
  // exactly `maxWaitMs`) is the pump's to admit, as before.
  const arm = () => {
    const left = deadline - clock.now()
    if (left < 0) {
      handle = undefined
      due()
    } else handle = setTimeout(arm, Math.min(maxTimerMs, Math.max(1, Math.ceil(left))))
  }
  handle = setTimeout(arm, Math.min(maxTimerMs, Math.max(1, Math.ceil(deadline - clock.now()))))
  return () => {
    if (handle !== undefined) clearTimeout(handle)
    handle = undefined
  }
}

/**
 * Counted until settled, two calls of a spacing rule may reach the server anywhere within
 * their flights, so a spacing also holds one call in flight at a time.
 */
export function withInFlight(rules: readonly Rule[], countFrom: CountFrom): readonly Rule[] {
  if (countFrom === 'admitted' || !rules.some((rule) => rule.kind === 'spacing')) return rules
  return rules.flatMap((rule): Rule[] =>
    rule.kind === 'spacing'
      ? [
          rule,
          {
            kind: 'concurrency',
            key: `${rule.key}~inFlight`,
            scope: rule.scope,
            limit: 1,
            source: rule.source,
          },
        ]
      : [rule],
  )
}

/**
 * A store's answer awaited within `deadline`: rejects with `late()` once it has passed; a slot
 * the store gives after that is given back (`giveBack`), never used late.
 */
export function answerWithin<T>(
  clock: Clock,
  deadline: number,
  taken: Promise<TakeResult>,
  admit: (result: TakeResult) => T | Promise<T>,
  on: { late: () => Error; giveBack: (lease: unknown) => void },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let over = false
    const cancel = afterDeadline(clock, deadline, () => {
      over = true
      reject(on.late())
    })
    taken.then(
      (result) => {
        cancel()
        if (over) {
          if (result.ok) on.giveBack(result.lease)
          return
        }
        try {
          resolve(admit(result))
        } catch (error) {
          reject(error)
        }
      },
      (error: unknown) => {
        cancel()
        if (!over) reject(error)
      },
    )
  })
}
