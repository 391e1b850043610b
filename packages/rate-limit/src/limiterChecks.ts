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

/** How an option reads in a message: its text for a number, a string or a flag, else its type. */
const shown = (value: unknown): string =>
  value === null || ['number', 'string', 'boolean'].includes(typeof value)
    ? JSON.stringify(value)
    : typeof value

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
const methods =
  (...names: string[]) =>
  (value: unknown): boolean =>
    isObject(value) && names.every((name) => typeof value[name] === 'function')
const ms = (min: number, finite: boolean) => (value: unknown) =>
  typeof value === 'number' && value >= min && (!finite || value < Number.POSITIVE_INFINITY)

/** Each option the numbers alone do not check: its test and the rule a message states. */
const optionRows: readonly (readonly [string, (value: unknown) => boolean, string])[] = [
  [
    'store',
    methods('take', 'release', 'pause'),
    'a Store (an object with take, release and pause)',
  ],
  ['clock', methods('now'), 'a clock (an object with now)'],
  ['countFrom', (value) => value === 'settled' || value === 'admitted', '"settled" or "admitted"'],
  ['uid', (value) => typeof value === 'string', 'a string'],
  ['ip', (value) => typeof value === 'string', 'a string'],
  ['rules', isObject, 'an object of rule lists by key'],
  ['pollMs', ms(1, true), 'a finite number of ms, 1 or more'],
  ['maxWaitMs', ms(0, false), 'a number of ms, 0 or more'],
  ['priority', (value) => typeof value === 'function', 'a function (endpoint) => number'],
  ['rTokenWhitelisted', (value) => typeof value === 'boolean', 'true or false'],
  ['copyTrader', (value) => typeof value === 'boolean', 'true or false'],
]

/**
 * The options of a limiter the numbers alone do not check: one given in a shape or range the
 * limiter cannot use (a store without `take`, a `pollMs` of 0) is a `TypeError` naming it, at
 * creation, not a `TypeError` of the first call's (`store.take is not a function`) or a wait of
 * `NaN`. `undefined` stands for "not given".
 */
export function checkLimiterOptions(
  name: string,
  options: Readonly<Record<string, unknown>>,
): void {
  for (const [option, fits, rule] of optionRows) {
    const value = options[option]
    if (value !== undefined && !fits(value))
      throw new TypeError(`${name}: ${option} must be ${rule}; got ${shown(value)}`)
  }
}
