/**
 * The limiter: a priority queue of waiting calls in front of a store. A call takes every rule
 * of its key at once; a refused call waits exactly as long as the store says (or until a
 * concurrency slot is released), later calls on the same budgets wait behind it (higher
 * priority first, then first come), and calls on other budgets pass by.
 */
import type { BaseError } from '@tradeline/rules/shared'
import { createMemoryStore, monotonicClock } from './createMemoryStore.js'
import {
  afterDeadline,
  answerWithin,
  checkLimiterOptions,
  checkRule,
  maxTimerMs,
  withInFlight,
} from './limiterChecks.js'
import {
  CostExceedsLimitError,
  LimiterClosedError,
  UnknownKeyError,
  WaitTooLongError,
} from './limiterErrors.js'
import {
  type Budget,
  budgetsOf,
  type Clock,
  type CountFrom,
  type Identity,
  type Refused,
  type Rule,
  type Store,
  type TakeResult,
} from './Store.js'

/** Gives back what an acquire took (concurrency slots); call it once, when the call settled. */
export type Release = () => void

/**
 * The default margin added to windows and spacings, in milliseconds: none, since by default a
 * call counts until it settled (see `countFrom`), which already covers any network delay.
 */
export const defaultMarginMs = 0

type Waiter = {
  readonly label: string
  readonly budgets: readonly Budget[]
  readonly weight: number | undefined
  readonly priority: number
  readonly deadline: number
  readonly signal: AbortSignal | undefined
  readonly resolve: (release: Release) => void
  readonly reject: (error: unknown) => void
  onAbort: (() => void) | undefined
  /** Cancels the waiter's deadline timer (see `afterDeadline`). */
  cancelDeadline: (() => void) | undefined
  done: boolean
}

const noop: Release = () => {}

/**
 * Creates a limiter over a store (in memory by default) and an optional table of rules by key.
 *
 * @example
 * import { createLimiter } from '@tradeline/rate-limit'
 * const limiter = createLimiter({
 *   rules: { orders: [{ kind: 'window', key: 'orders', scope: 'uid', limit: 10, windowMs: 1000, source: 'docs' }] },
 * })
 * const release = await limiter.acquire('orders')
 * release()
 */
export function createLimiter(options: createLimiter.Parameters = {}): createLimiter.ReturnType {
  checkLimiterOptions('createLimiter', options)
  const clock = options.clock ?? monotonicClock
  const store = options.store ?? createMemoryStore({ clock })
  const marginMs = options.marginMs ?? defaultMarginMs
  if (!(Number.isFinite(marginMs) && marginMs >= 0))
    throw new RangeError(
      `createLimiter: marginMs must be a finite number of ms, 0 or more; got ${marginMs}`,
    )
  const countFrom = options.countFrom ?? 'settled'
  const pollMs = options.pollMs ?? 10
  const identity: Identity = { uid: options.uid, ip: options.ip }
  const cache = new WeakMap<readonly Rule[], readonly Budget[]>()
  /** The lists of rules already checked (see `checkRule`). */
  const checked = new WeakSet<readonly Rule[]>()
  const queue: Waiter[] = []
  let pumping = false
  let again = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let immediate: ReturnType<typeof setImmediate> | undefined
  /** The clock when the last turn of the event loop was used to wait out a fraction of a ms. */
  let spunAt: number | undefined
  /** Stops listening to the store's releases (listened to while a call waits for a slot). */
  let unlisten: (() => void) | undefined

  function budgetsFor(rules: readonly Rule[], who: Identity | undefined): readonly Budget[] {
    // Every path checks the rules: with another identity, a 0 ms window hung the memory store.
    if (!checked.has(rules)) {
      for (const rule of rules) checkRule(rule)
      checked.add(rules)
    }
    if (who) return budgetsOf(withInFlight(rules, countFrom), { ...identity, ...who })
    let budgets = cache.get(rules)
    if (!budgets) {
      budgets = budgetsOf(withInFlight(rules, countFrom), identity)
      cache.set(rules, budgets)
    }
    return budgets
  }

  function releaseOf(lease: unknown): Release {
    if (lease === undefined) return noop
    let released = false
    return () => {
      if (released) return
      released = true
      const result = store.release(lease)
      if (isThenable(result)) result.then(pump, pump)
      else if (queue.length > 0) void pump()
    }
  }

  function settle(waiter: Waiter): void {
    waiter.done = true
    waiter.cancelDeadline?.()
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort)
    const index = queue.indexOf(waiter)
    if (index !== -1) queue.splice(index, 1)
  }

  async function pump(): Promise<void> {
    if (pumping) {
      again = true
      return
    }
    pumping = true
    let wakeAt = Number.POSITIVE_INFINITY
    /** Whether a call waits for a concurrency slot (a release, here or by another limiter). */
    let released = false
    try {
      do {
        again = false
        wakeAt = Number.POSITIVE_INFINITY
        released = false
        const blocked = new Set<string>()
        for (const waiter of queue.slice()) {
          if (waiter.done) continue
          const behind = waiter.budgets.some((budget) => blocked.has(budget.id))
          let result: Refused | undefined
          if (!behind) {
            let taken: TakeResult
            try {
              const pending = store.take({
                budgets: waiter.budgets,
                weight: waiter.weight,
                marginMs,
                countFrom,
              })
              taken = isThenable(pending) ? await pending : pending
            } catch (error) {
              if (!waiter.done) {
                settle(waiter)
                waiter.reject(error)
              }
              continue
            }
            if (waiter.done) {
              if (taken.ok) releaseOf(taken.lease)()
              continue
            }
            if (taken.ok) {
              settle(waiter)
              // A store that answered after the deadline: the slot is given back, not used late.
              if (clock.now() > waiter.deadline) {
                releaseOf(taken.lease)()
                waiter.reject(
                  new WaitTooLongError(waiter.label, undefined, clock.now(), waiter.deadline),
                )
              } else waiter.resolve(releaseOf(taken.lease))
              continue
            }
            result = taken
          }
          const now = clock.now()
          const readyAt = result?.retryAfterMs === undefined ? undefined : now + result.retryAfterMs
          if ((readyAt ?? now) > waiter.deadline || now >= waiter.deadline) {
            settle(waiter)
            waiter.reject(new WaitTooLongError(waiter.label, readyAt, now, waiter.deadline))
            continue
          }
          for (const budget of waiter.budgets) blocked.add(budget.id)
          if (result && result.retryAfterMs === undefined) released = true
          wakeAt = Math.min(wakeAt, readyAt ?? Number.POSITIVE_INFINITY, waiter.deadline)
        }
      } while (again)
    } finally {
      pumping = false
    }
    stopTimers()
    // Another limiter over the same store may release the slot: listen to the store, or poll it.
    if (released && !store.shared && store.onRelease)
      unlisten ??= store.onRelease(() => {
        if (queue.length > 0) void pump()
      })
    else stopListening()
    if (queue.length === 0) return
    const now = clock.now()
    let delay = wakeAt - now
    if (released && unlisten === undefined) delay = Math.min(delay, pollMs)
    if (delay === Number.POSITIVE_INFINITY) return
    // Timers count whole milliseconds and often fire one late, which a paced window pays once per
    // window: the timer waits the whole milliseconds, and the last fraction is waited out by
    // asking again on each turn of the event loop, as long as the clock moves between turns (a
    // fake clock may not: then a 1 ms timer).
    if (delay < 1 && now !== spunAt) {
      spunAt = now
      immediate = setImmediate(() => {
        immediate = undefined
        void pump()
      })
      return
    }
    timer = setTimeout(
      () => {
        timer = undefined
        void pump()
      },
      // A wait past 2^31 - 1 ms would fire at once (Node warns and uses 1 ms): wake at that, and look again.
      Math.min(maxTimerMs, Math.max(1, Math.floor(delay))),
    )
  }

  function stopListening(): void {
    unlisten?.()
    unlisten = undefined
  }

  function stopTimers(): void {
    if (timer !== undefined) clearTimeout(timer)
    if (immediate !== undefined) clearImmediate(immediate)
    timer = undefined
    immediate = undefined
  }

  function acquire(
    key: string | readonly Rule[],
    parameters: createLimiter.AcquireParameters = {},
  ): Promise<Release> {
    const rules = typeof key === 'string' ? options.rules?.[key] : key
    const label = typeof key === 'string' ? key : key.map((rule) => rule.key).join('+')
    if (!rules) return Promise.reject(new UnknownKeyError(label))
    const { signal, weight } = parameters
    if (weight !== undefined && !(Number.isFinite(weight) && weight > 0))
      return Promise.reject(
        new RangeError(
          `Rate limit "${label}": weight must be a finite number greater than 0; got ${weight}`,
        ),
      )
    for (const rule of rules)
      if (rule.kind === 'window' && (weight ?? rule.weight ?? 1) > rule.limit)
        return Promise.reject(new CostExceedsLimitError(label, rule, weight ?? rule.weight ?? 1))
    if (signal?.aborted) return Promise.reject(signal.reason)
    let budgets: readonly Budget[]
    try {
      budgets = budgetsFor(rules, parameters.identity)
    } catch (error) {
      return Promise.reject(error)
    }
    const now = clock.now()
    const maxWaitMs = parameters.maxWaitMs ?? options.maxWaitMs ?? Number.POSITIVE_INFINITY
    const deadline = Math.min(parameters.deadline ?? Number.POSITIVE_INFINITY, now + maxWaitMs)
    const waiting = () => enqueue(label, budgets, deadline, parameters)
    if (queue.length > 0 || pumping) return waiting()
    // A deadline already past: nothing is taken (the pump checks it too, after its take).
    if (now > deadline) return Promise.reject(new WaitTooLongError(label, undefined, now, deadline))
    const taken = store.take({ budgets, weight, marginMs, countFrom })
    // Taken past the deadline (a store that answered late, or a clock that moved during the
    // take): the slot is given back, as the pump does, never used late.
    const admit = (result: TakeResult): Release | Promise<Release> => {
      if (!result.ok) return waiting()
      const release = releaseOf(result.lease)
      const at = clock.now()
      if (at > deadline) {
        release()
        throw new WaitTooLongError(label, undefined, at, deadline)
      }
      if (!signal?.aborted) return release
      release()
      throw signal.reason
    }
    // The executor runs at once: a throw of `admit` becomes the rejection.
    if (!isThenable(taken)) return new Promise<Release>((resolve) => resolve(admit(taken)))
    if (deadline === Number.POSITIVE_INFINITY) return taken.then(admit)
    // The store's answer is awaited within the deadline; a slot it gives later is given back.
    return answerWithin(clock, deadline, taken, admit, {
      late: () => new WaitTooLongError(label, undefined, clock.now(), deadline),
      giveBack: (lease) => releaseOf(lease)(),
    })
  }

  function enqueue(
    label: string,
    budgets: readonly Budget[],
    deadline: number,
    parameters: createLimiter.AcquireParameters,
  ): Promise<Release> {
    const { signal } = parameters
    if (signal?.aborted) return Promise.reject(signal.reason)
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        label,
        budgets,
        weight: parameters.weight,
        priority: parameters.priority ?? 0,
        deadline,
        signal,
        resolve,
        reject,
        onAbort: undefined,
        cancelDeadline: undefined,
        done: false,
      }
      if (deadline !== Number.POSITIVE_INFINITY)
        waiter.cancelDeadline = afterDeadline(clock, deadline, () => {
          if (waiter.done) return
          settle(waiter)
          reject(new WaitTooLongError(label, undefined, clock.now(), deadline))
          void pump()
        })
      if (signal) {
        waiter.onAbort = () => {
          if (waiter.done) return
          settle(waiter)
          reject(signal.reason)
          void pump()
        }
        signal.addEventListener('abort', waiter.onAbort, { once: true })
      }
      let index = queue.findIndex((other) => other.priority < waiter.priority)
      if (index === -1) index = queue.length
      queue.splice(index, 0, waiter)
      void pump()
    })
  }

  return {
    store,
    acquire,
    budgets: (rules, who) => budgetsFor(rules, who),
    pause(ms, scopes) {
      const all = scopes ?? [`uid:${identity.uid ?? 'default'}`, `ip:${identity.ip ?? 'default'}`]
      const result = store.pause(all, ms)
      if (isThenable(result)) result.then(undefined, () => {})
    },
    get waiting() {
      return queue.length
    },
    close() {
      stopTimers()
      stopListening()
      for (const waiter of queue.slice()) {
        settle(waiter)
        waiter.reject(new LimiterClosedError(waiter.label))
      }
    },
  }
}

export declare namespace createLimiter {
  type Parameters = {
    /** Where budgets are counted. @default createMemoryStore({ clock }) */
    store?: Store | undefined
    /** Rules by key, for `acquire(key)`. @default {} */
    rules?: Readonly<Record<string, readonly Rule[]>> | undefined
    /** The account counted by uid-scoped rules. @default 'default' */
    uid?: string | undefined
    /** The address counted by ip-scoped rules. @default 'default' */
    ip?: string | undefined
    /** Monotonic time source for waits and deadlines; inject one in tests. @default performance.now() */
    clock?: Clock | undefined
    /**
     * When a call counts: `'settled'` from its admission and again from the moment it settled,
     * since the server saw it somewhere in between (never exceeds the limit, whatever the
     * network does; each window is in effect longer by the round trip); `'admitted'` from its
     * admission only (full use of the limit; strict while the jitter stays within `marginMs`).
     * @default 'settled'
     */
    countFrom?: CountFrom | undefined
    /**
     * Milliseconds added to every window and spacing: with `countFrom: 'admitted'`, two calls
     * admitted one window apart can reach the server closer by the network jitter.
     * @default 0
     */
    marginMs?: number | undefined
    /** A call whose wait would exceed this fails at once with a `WaitTooLongError`. @default Infinity */
    maxWaitMs?: number | undefined
    /** How often a shared store (or one that tells no releases) is asked again while a call waits for a concurrency slot. @default 10 */
    pollMs?: number | undefined
  }
  type AcquireParameters = {
    /** Stops waiting; the acquire rejects with the signal's reason. */
    signal?: AbortSignal | undefined
    /** The latest moment (on the limiter's clock) the call may be admitted. */
    deadline?: number | undefined
    /** The longest wait for this call. @default the limiter's `maxWaitMs` */
    maxWaitMs?: number | undefined
    /** Higher goes first among calls waiting on the same budgets. @default 0 */
    priority?: number | undefined
    /** The cost on window rules. @default each rule's `weight`, or 1 */
    weight?: number | undefined
    /** Another identity for this call. @default the limiter's `uid` and `ip` */
    identity?: Identity | undefined
  }
  type ReturnType = {
    /** The store the limiter counts in. */
    readonly store: Store
    /** Waits for a slot of every rule of `key` (a key of `rules`, or the rules themselves). */
    acquire(key: string | readonly Rule[], parameters?: AcquireParameters): Promise<Release>
    /** The budgets a list of rules takes for the limiter's identity (or another). */
    budgets(rules: readonly Rule[], identity?: Identity | undefined): readonly Budget[]
    /** Holds every budget of the scopes (`uid:<uid>`, `ip:<ip>`; default both of the limiter) for `ms`. */
    pause(ms: number, scopes?: readonly string[] | undefined): void
    /** How many calls wait. */
    readonly waiting: number
    /** Rejects every waiting call with a `LimiterClosedError` and stops the timer. */
    close(): void
  }
  type ErrorType =
    | WaitTooLongError
    | CostExceedsLimitError
    | UnknownKeyError
    | LimiterClosedError
    | BaseError
}

function isThenable<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function'
}

export { CostExceedsLimitError, LimiterClosedError, UnknownKeyError, WaitTooLongError }
