/**
 * The per-attempt timeouts of the fetch sender (every runtime, the browser bundles). `fetch` can
 * only be stopped through an `AbortSignal`, and a new `AbortController` with a `setTimeout` and a
 * `clearTimeout` per attempt was about a fifth of a place-order's CPU in memory (the signal's
 * construction alone 8.6% of the samples). Attempts with the same timeout that start within a
 * short window share one controller instead, armed once for the window's last start: an attempt
 * is aborted no sooner than its timeout, and at most the window's length later (1% of the
 * timeout, at most 50 ms).
 *
 * A group aborts only while one of its attempts is unsettled: attempts that all settled in time
 * leave a group nobody listens to, and its timer, which no longer holds a Node process open,
 * drops it without aborting. A group takes at most {@link maxMembers} attempts, below the 1,500
 * abort listeners undici's `Request` allows a signal before Node warns of a leak. Time is read on
 * `Date.now()`, the clock the timer functions are faked with in tests; a group armed with another
 * `setTimeout` than today's (a test that faked the timers, then put the real ones back) takes no
 * new attempt.
 */

/** Node's timers can stop holding the process open; a browser's timer id cannot (no need). */
type Holding = { ref?: () => unknown; unref?: () => unknown }

/** Attempts that share one abort controller. */
export type TimeoutGroup = {
  readonly controller: AbortController
  readonly ms: number
  /** The last start this group takes (`Date.now()`). */
  readonly closesAt: number
  readonly armedWith: unknown
  timer: ReturnType<typeof setTimeout> | undefined
  /** Attempts not yet settled. */
  active: number
  /** Attempts that ever joined. */
  members: number
}

/** How many attempts one group takes at most. */
export const maxMembers = 1_000

/** The open group of each timeout (ms). */
const open = new Map<number, TimeoutGroup>()

/** How much later than its timeout an attempt may be aborted: 1% of it, 1 to 50 ms. */
export const windowOf = (ms: number): number => Math.min(50, Math.max(1, Math.ceil(ms / 100)))

/**
 * The group a new attempt with a timeout of `ms` milliseconds joins; call {@link leaveTimeout}
 * when the attempt settles. The group's signal aborts with `reason(ms)`.
 */
export function joinTimeout(ms: number, reason: (ms: number) => Error): TimeoutGroup {
  const now = Date.now()
  let group = open.get(ms)
  if (
    group === undefined ||
    now > group.closesAt ||
    group.members >= maxMembers ||
    group.armedWith !== setTimeout
  ) {
    const window = windowOf(ms)
    const created: TimeoutGroup = {
      controller: new AbortController(),
      ms,
      closesAt: now + window,
      armedWith: setTimeout,
      timer: undefined,
      active: 0,
      members: 0,
    }
    created.timer = setTimeout(() => fire(created, reason), ms + window)
    open.set(ms, created)
    group = created
  }
  if (group.active === 0) (group.timer as Holding).ref?.()
  group.active++
  group.members++
  return group
}

/** An attempt of `group` settled. */
export function leaveTimeout(group: TimeoutGroup): void {
  if (--group.active > 0) return
  if (Date.now() > group.closesAt) {
    // No attempt will join or is waiting: nothing to abort, ever.
    clearTimeout(group.timer)
    group.timer = undefined
    if (open.get(group.ms) === group) open.delete(group.ms)
  } else (group.timer as Holding).unref?.()
}

function fire(group: TimeoutGroup, reason: (ms: number) => Error): void {
  group.timer = undefined
  if (open.get(group.ms) === group) open.delete(group.ms)
  if (group.active > 0) group.controller.abort(reason(group.ms))
}
