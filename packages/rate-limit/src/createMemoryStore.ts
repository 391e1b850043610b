/**
 * The in-memory store: an exact sliding log per window budget (every admission time within the
 * window, so no span of `windowMs` ever holds more than `limit`), the last admission per
 * spacing budget, a counter per concurrency budget, and a pause per scope. Synchronous and
 * allocation-light, so an acquire that does not wait costs a few hundred nanoseconds.
 */
import type { Clock, Store, TakeRequest, TakeResult } from './Store.js'

/** `held`: counted until settled and not yet released, so it still counts as of now. */
type Entry = { at: number; weight: number; held: boolean }
/**
 * Pacing, counted until settled only (see {@link paceGap}): `pace` is `undefined` while the
 * window has not been full since a whole span passed with nothing counted (calls may pass in a
 * burst), else the earliest next admission (`-Infinity` until the first paced one); `spread`
 * is the weight admitted since pacing began.
 */
type WindowState = {
  entries: Entry[]
  head: number
  used: number
  pace: number | undefined
  spread: number
}
type Lease = {
  windows: [WindowState, Entry][] | undefined
  spacings: SpacingState[] | undefined
  slots: ConcurrencyState[] | undefined
}
type SpacingState = { last: number }
type ConcurrencyState = { held: number }
type State = WindowState | SpacingState | ConcurrencyState

/** The monotonic clock of the runtime, `performance.now()`. */
export const monotonicClock: Clock = { now: () => performance.now() }

/**
 * Creates an in-memory store: one process, exact, synchronous.
 *
 * @example
 * import { createMemoryStore } from '@tradeline/rate-limit'
 * const store = createMemoryStore()
 * const rule = { kind: 'window', key: 'k', scope: 'uid', limit: 1, windowMs: 1000, source: '' } as const
 * store.take({ budgets: [{ rule, id: 'k', scope: 'uid:1' }], marginMs: 0, countFrom: 'admitted' }).ok // true
 * store.take({ budgets: [{ rule, id: 'k', scope: 'uid:1' }], marginMs: 0, countFrom: 'admitted' }).ok // false
 */
export function createMemoryStore(
  options: createMemoryStore.Parameters = {},
): createMemoryStore.ReturnType {
  const clock = options.clock ?? monotonicClock
  const share = options.share ?? 1
  if (!(share > 0 && share <= 1)) throw new RangeError(`share must be in (0, 1], got ${share}`)
  const states = new Map<string, State>()
  const pausedUntil = new Map<string, number>()
  /** Limiters waiting for a concurrency slot (several limiters may share one store). */
  const listeners = new Set<() => void>()

  function take(request: TakeRequest): TakeResult {
    const now = clock.now()
    const { budgets, marginMs } = request
    const settled = request.countFrom !== 'admitted'
    let wait = 0
    let full = false
    if (pausedUntil.size > 0)
      for (const budget of budgets) {
        const until = pausedUntil.get(budget.scope)
        if (until !== undefined && until > now) wait = Math.max(wait, until - now)
      }
    for (const budget of budgets) {
      const { rule } = budget
      let state = states.get(budget.id)
      if (rule.kind === 'window') {
        if (!state) {
          state = { entries: [], head: 0, used: 0, pace: undefined, spread: 0 }
          states.set(budget.id, state)
        }
        const log = state as WindowState
        const { limit, windowMs } = shareOf(rule.limit, rule.windowMs, share)
        const span = windowMs + marginMs
        const cost = request.weight ?? rule.weight ?? 1
        prune(log, now - span, now)
        // A call heavier than the local limit passes alone, in an empty window.
        const fits = (used: number) => used === 0 || used + cost <= limit
        if (settled) {
          // Pacing ends once a whole span passed with nothing counted after a paced call (not
          // before the first: a burst that settled at once leaves the window empty as the call
          // that found it full comes back): a burst may pass again.
          if (log.used === 0 && log.pace !== Number.NEGATIVE_INFINITY) log.pace = undefined
          else if (log.pace !== undefined && now < log.pace) wait = Math.max(wait, log.pace - now)
        }
        if (!fits(log.used)) {
          // Full: from now on the calls are paced (see nextPace).
          if (settled && log.pace === undefined) {
            log.pace = Number.NEGATIVE_INFINITY
            log.spread = 0
          }
          // The earliest moment enough of the oldest admissions leave the window.
          let used = log.used
          let retryAt = Number.POSITIVE_INFINITY
          for (let i = log.head; i < log.entries.length; i++) {
            const entry = log.entries[i] as Entry
            used -= entry.weight
            if (fits(used)) {
              retryAt = entry.at + span
              break
            }
          }
          wait = Math.max(wait, retryAt - now)
        }
      } else if (rule.kind === 'spacing') {
        const last = (state as SpacingState | undefined)?.last
        const gap = rule.minIntervalMs / share + marginMs
        if (last !== undefined && now - last < gap) wait = Math.max(wait, last + gap - now)
      } else {
        const held = (state as ConcurrencyState | undefined)?.held ?? 0
        // At least one slot: a share cannot bound concurrency across processes below 1 each.
        const cap = Math.max(1, Math.floor(rule.limit * share))
        if (held >= cap) full = true
      }
    }
    if (wait > 0) return { ok: false, retryAfterMs: wait }
    if (full) return { ok: false, retryAfterMs: undefined }
    let lease: Lease | undefined
    const leased = (): Lease => {
      lease ??= { windows: undefined, spacings: undefined, slots: undefined }
      return lease
    }
    for (const budget of budgets) {
      const { rule } = budget
      const state = states.get(budget.id)
      if (rule.kind === 'window') {
        const log = state as WindowState
        const weight = request.weight ?? rule.weight ?? 1
        const { limit, windowMs } = shareOf(rule.limit, rule.windowMs, share)
        // A heavy call stays in the window as long as its weight takes at the local rate.
        const at = now + (Math.max(weight, limit) / limit - 1) * windowMs
        const entry = { at, weight, held: settled }
        log.entries.push(entry)
        log.used += entry.weight
        if (log.pace !== undefined) {
          log.pace = now + paceGap(log.spread, weight, limit, windowMs + marginMs)
          log.spread += weight
        }
        if (settled) {
          const held = leased()
          held.windows ??= []
          held.windows.push([log, entry])
        }
      } else if (rule.kind === 'spacing') {
        let spacing = state as SpacingState | undefined
        if (spacing) spacing.last = now
        else {
          spacing = { last: now }
          states.set(budget.id, spacing)
        }
        if (settled) {
          const held = leased()
          held.spacings ??= []
          held.spacings.push(spacing)
        }
      } else {
        let slot = state as ConcurrencyState | undefined
        if (!slot) {
          slot = { held: 0 }
          states.set(budget.id, slot)
        }
        slot.held++
        const held = leased()
        held.slots ??= []
        held.slots.push(slot)
      }
    }
    return { ok: true, at: now, lease }
  }

  /** Counts the call from now on (it reached the server at the latest now) and frees its slots. */
  function release(lease: unknown): void {
    if (lease === undefined) return
    const { windows, spacings, slots } = lease as Lease
    const now = clock.now()
    if (windows)
      for (const [log, entry] of windows) {
        const index = log.entries.lastIndexOf(entry)
        if (index >= log.head) log.entries.splice(index, 1)
        else log.used += entry.weight
        entry.at = Math.max(entry.at, now)
        entry.held = false
        log.entries.push(entry)
      }
    if (spacings) for (const spacing of spacings) spacing.last = Math.max(spacing.last, now)
    if (slots) {
      for (const slot of slots) slot.held = Math.max(0, slot.held - 1)
      for (const listener of [...listeners]) listener()
    }
  }

  return {
    shared: false,
    take,
    release,
    onRelease(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    pause(scopes, ms) {
      const until = clock.now() + ms
      for (const scope of scopes)
        pausedUntil.set(scope, Math.max(pausedUntil.get(scope) ?? Number.NEGATIVE_INFINITY, until))
    },
    clear() {
      states.clear()
      pausedUntil.clear()
    },
  }
}

export declare namespace createMemoryStore {
  type Parameters = {
    /** Monotonic time source; inject one in tests. @default performance.now() */
    clock?: Clock | undefined
    /**
     * The part of every limit this store may use, for a process that shares limits with others
     * without a shared store: a window keeps `max(1, floor(limit * share))` calls and, when
     * that is more than `limit * share`, is stretched so the local rate never exceeds the share
     * (1 per second at 0.25 becomes 1 per 4 s); spacings are divided by it; concurrency caps
     * are scaled by it (rounded down) but keep at least 1 slot, so a share cannot bound
     * concurrency across processes below one call in flight each. @default 1
     */
    share?: number | undefined
  }
  type ReturnType = Omit<Store, 'shared' | 'take' | 'onRelease'> & {
    readonly shared: false
    take(request: TakeRequest): TakeResult
    onRelease(listener: () => void): () => void
    /** Forgets every budget and pause. */
    clear(): void
  }
  type ErrorType = RangeError
}

/**
 * The local window of a rule under a share: `max(1, floor(limit * share))` calls per a window
 * stretched (never shortened) so that the local rate stays within `share` of the rule's rate.
 * A shortened window could put more than `limit * share` in one span of the rule's window.
 */
function shareOf(
  limit: number,
  windowMs: number,
  share: number,
): { limit: number; windowMs: number } {
  if (share === 1) return { limit, windowMs }
  const local = Math.max(1, Math.floor(limit * share))
  return { limit: local, windowMs: windowMs * Math.max(1, local / (limit * share)) }
}

/**
 * The floor between two paced calls after the first span of pacing, as a part of `span / limit`:
 * a quarter (25 ms at 10 per second). A half held a call back whenever the jitter of the round
 * trips brought two slots within half a gap, each time a loss of up to half a gap for that slot:
 * on a loaded machine with Redis, 10 to 12 ms of wait past the window per call on average,
 * against 5 to 6 ms with a quarter (packages/rate-limit/bench/use.mjs, `lateMs`).
 */
export const paceFloor = 1 / 4

/**
 * How long after a call of `weight` the next call of a paced window may pass, `spread` the
 * weight admitted since pacing began before this call. Counted until settled, a window that is full admits its
 * next call when its oldest call settled a span ago, so calls admitted together (a burst) come
 * back together a span later, one round trip late each time, and overlap. Pacing spreads them:
 * the calls of the first span of pacing pass one per `span / limit` (by weight); after that the
 * window itself keeps them apart (each call comes back a span after its own predecessor
 * settled), and a quarter of that gap ({@link paceFloor}) is only a floor that keeps them from
 * bunching up again. A gap of a whole `span / limit` every time would hold back, by the jitter
 * of its round trip, every call whose predecessor settled a little early, a loss in every
 * window; the floor is hardly ever reached.
 */
export function paceGap(spread: number, weight: number, limit: number, span: number): number {
  const gap = (weight * span) / limit
  return spread + weight < limit ? gap : gap * paceFloor
}

/**
 * Drops the admissions at or before `cutoff` (they no longer count), except calls still in
 * flight: those may reach the server at any moment until released, so they move to `now`.
 */
function prune(log: WindowState, cutoff: number, now: number): void {
  let { head } = log
  const { entries } = log
  while (head < entries.length && (entries[head] as Entry).at <= cutoff) {
    const entry = entries[head] as Entry
    head++
    if (entry.held) {
      entry.at = now
      entries.push(entry)
    } else log.used -= entry.weight
  }
  if (head === entries.length) {
    entries.length = 0
    log.used = 0
    head = 0
  } else if (head > 64 && head * 2 > entries.length) {
    entries.splice(0, head)
    head = 0
  }
  log.head = head
}
