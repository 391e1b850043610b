/**
 * The per-attempt timeouts of the fetch sender (every runtime, the browser bundles). `fetch` can
 * only be stopped through an `AbortSignal`, and a new `AbortController` with a `setTimeout` and a
 * `clearTimeout` per attempt was about a fifth of a place-order's CPU in memory (the signal's
 * construction alone 8.6% of the samples). Attempts with the same timeout that start within a
 * short window share one controller instead, armed once for the window's last start: an attempt
 * is aborted no sooner than its timeout, and at most the window's length later (1% of the
 * timeout, at most 50 ms).
 *
 * The window is closed by a timer of its own, so that it runs on the clock the abort's timer runs
 * on (real or faked in a test, whatever `Date` does), and by `performance.now()` as well, which
 * closes it when a busy event loop holds the timer back. A group aborts only while one of its
 * attempts is unsettled: attempts that all settled in time leave a group nobody listens to, and
 * its timer, which no longer holds a Node, Bun or Deno process open, drops it without aborting.
 * A group takes at most {@link maxMembers} attempts (a signal's abort listeners: undici's
 * `Request` adds one each, and allows 1,500 before Node warns of a leak). A group armed with
 * another `setTimeout` than today's (a test that faked the timers, then put the real ones back)
 * takes no new attempt.
 */

/** What this module uses of a timer: Node's and Bun's can stop holding the process open. */
type Timer = ReturnType<typeof setTimeout> & { ref?: () => unknown; unref?: () => unknown }

/** Attempts that share one abort controller. */
export type TimeoutGroup = {
  readonly controller: AbortController
  readonly ms: number
  /** `performance.now()` when the group opened. */
  readonly openedAt: number
  /** How long after it opened it takes attempts, in ms. */
  readonly window: number
  readonly armedWith: unknown
  /** Whether the window's timer fired: the group takes no new attempt. */
  closed: boolean
  /** The abort's timer (`undefined` once it fired or was cleared). */
  timer: Timer | undefined
  /** Attempts not yet settled. */
  active: number
  /** Attempts that ever joined. */
  members: number
}

/** How many attempts one group takes at most. */
export const maxMembers = 1_000

/** The longest delay a timer takes (2^31 - 1 ms); a longer one fires at once. */
const maxDelay = 2_147_483_647

/** The open group of each timeout (ms). */
const open = new Map<number, TimeoutGroup>()

/** How much later than its timeout an attempt may be aborted: 1% of it, 1 to 50 ms. */
export const windowOf = (ms: number): number => Math.min(50, Math.max(1, Math.ceil(ms / 100)))

type Deno = { unrefTimer?: (id: unknown) => void; refTimer?: (id: unknown) => void }
const deno = (globalThis as { Deno?: Deno }).Deno

/** Lets the timer hold the process open or not (Node, Bun, Deno; browsers have no process). */
function holding(timer: Timer | undefined, hold: boolean): void {
  if (timer === undefined) return
  if (typeof timer.ref === 'function') hold ? timer.ref() : timer.unref?.()
  else hold ? deno?.refTimer?.(timer) : deno?.unrefTimer?.(timer)
}

/** Node's `setMaxListeners` where it exists (no import: this module is in the browser bundles). */
const setMaxListeners = (
  globalThis as {
    process?: {
      getBuiltinModule?: (id: string) => { setMaxListeners?: (n: number, t: unknown) => void }
    }
  }
).process?.getBuiltinModule?.('node:events')?.setMaxListeners

/**
 * The group a new attempt with a timeout of `ms` milliseconds joins; call {@link leaveTimeout}
 * when the attempt settles. The group's signal aborts with `reason(ms)`.
 */
export function joinTimeout(ms: number, reason: (ms: number) => Error): TimeoutGroup {
  let group = open.get(ms)
  if (
    group === undefined ||
    group.closed ||
    group.members >= maxMembers ||
    group.armedWith !== setTimeout ||
    performance.now() - group.openedAt > group.window
  )
    group = create(ms, reason)
  if (group.active === 0) holding(group.timer, true)
  group.active++
  group.members++
  return group
}

function create(ms: number, reason: (ms: number) => Error): TimeoutGroup {
  // A timeout near the longest delay keeps what is left of the window (0: a group per start).
  const window = Math.max(0, Math.min(windowOf(ms), maxDelay - ms))
  const group: TimeoutGroup = {
    controller: new AbortController(),
    ms,
    openedAt: performance.now(),
    window,
    armedWith: setTimeout,
    closed: window === 0,
    timer: undefined,
    active: 0,
    members: 0,
  }
  // Node's fetch raises the limit itself; another fetch (node-fetch, a test double) does not.
  setMaxListeners?.(maxMembers, group.controller.signal)
  group.timer = setTimeout(() => fire(group, reason), ms + window) as Timer
  if (window > 0) {
    const closing = setTimeout(() => close(group), window) as Timer
    holding(closing, false)
  }
  open.set(ms, group)
  return group
}

/** An attempt of `group` settled. */
export function leaveTimeout(group: TimeoutGroup): void {
  if (--group.active > 0) return
  if (group.closed) drop(group)
  else holding(group.timer, false)
}

/** The window ended: no new attempt; with none unsettled, nothing to abort, ever. */
function close(group: TimeoutGroup): void {
  group.closed = true
  if (open.get(group.ms) === group) open.delete(group.ms)
  if (group.active === 0) drop(group)
}

function drop(group: TimeoutGroup): void {
  if (group.timer !== undefined) clearTimeout(group.timer)
  group.timer = undefined
  if (open.get(group.ms) === group) open.delete(group.ms)
}

function fire(group: TimeoutGroup, reason: (ms: number) => Error): void {
  group.timer = undefined
  group.closed = true
  if (open.get(group.ms) === group) open.delete(group.ms)
  if (group.active > 0) group.controller.abort(reason(group.ms))
}
