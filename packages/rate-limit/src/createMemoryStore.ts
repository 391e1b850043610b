/**
 * The in-memory store: an exact sliding log per window budget (every admission time within the
 * window, so no span of `windowMs` ever holds more than `limit`), the last admission per
 * spacing budget, a counter per concurrency budget, and a pause per scope. Synchronous and
 * allocation-light, so an acquire that does not wait costs a few hundred nanoseconds.
 */
import type { Clock, Store, TakeRequest, TakeResult } from './Store.js'

type WindowState = { at: number[]; weight: number[]; head: number; used: number }
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
 * store.take({ budgets: [{ rule, id: 'k', scope: 'uid:1' }], marginMs: 0 }).ok // true
 * store.take({ budgets: [{ rule, id: 'k', scope: 'uid:1' }], marginMs: 0 }).ok // false
 */
export function createMemoryStore(
  options: createMemoryStore.Parameters = {},
): createMemoryStore.ReturnType {
  const clock = options.clock ?? monotonicClock
  const share = options.share ?? 1
  if (!(share > 0 && share <= 1)) throw new RangeError(`share must be in (0, 1], got ${share}`)
  const states = new Map<string, State>()
  const pausedUntil = new Map<string, number>()

  function take(request: TakeRequest): TakeResult {
    const now = clock.now()
    const { budgets, marginMs } = request
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
        if (!state) states.set(budget.id, (state = { at: [], weight: [], head: 0, used: 0 }))
        const log = state as WindowState
        const span = rule.windowMs + marginMs
        const cost = request.weight ?? rule.weight ?? 1
        const limit = Math.floor(rule.limit * share)
        prune(log, now - span)
        if (log.used + cost > limit) {
          // The earliest moment enough of the oldest admissions leave the window.
          let used = log.used
          let retryAt = Number.POSITIVE_INFINITY
          for (let i = log.head; i < log.at.length; i++) {
            used -= log.weight[i] as number
            if (used + cost <= limit) {
              retryAt = (log.at[i] as number) + span
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
        const cap = Math.floor(rule.limit * share)
        if (cap < 1) wait = Number.POSITIVE_INFINITY
        else if (held >= cap) full = true
      }
    }
    if (wait > 0) return { ok: false, retryAfterMs: wait }
    if (full) return { ok: false, retryAfterMs: undefined }
    let lease: ConcurrencyState[] | undefined
    for (const budget of budgets) {
      const { rule } = budget
      const state = states.get(budget.id)
      if (rule.kind === 'window') {
        const log = state as WindowState
        const cost = request.weight ?? rule.weight ?? 1
        log.at.push(now)
        log.weight.push(cost)
        log.used += cost
      } else if (rule.kind === 'spacing') {
        if (state) (state as SpacingState).last = now
        else states.set(budget.id, { last: now })
      } else {
        let slot = state as ConcurrencyState | undefined
        if (!slot) states.set(budget.id, (slot = { held: 0 }))
        slot.held++
        ;(lease ??= []).push(slot)
      }
    }
    return { ok: true, at: now, lease }
  }

  return {
    shared: false,
    take,
    release(lease) {
      if (!Array.isArray(lease)) return
      for (const slot of lease as ConcurrencyState[]) slot.held = Math.max(0, slot.held - 1)
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
     * without a shared store: window limits and concurrency caps are scaled by it (rounded
     * down), spacings divided by it. @default 1
     */
    share?: number | undefined
  }
  type ReturnType = Omit<Store, 'shared' | 'take'> & {
    readonly shared: false
    take(request: TakeRequest): TakeResult
    /** Forgets every budget and pause. */
    clear(): void
  }
  type ErrorType = RangeError
}

/** Drops the admissions at or before `cutoff` (they no longer count). */
function prune(log: WindowState, cutoff: number): void {
  let { head } = log
  while (head < log.at.length && (log.at[head] as number) <= cutoff) {
    log.used -= log.weight[head] as number
    head++
  }
  if (head === log.at.length) {
    log.at.length = 0
    log.weight.length = 0
    log.used = 0
    head = 0
  } else if (head > 64 && head * 2 > log.at.length) {
    log.at.splice(0, head)
    log.weight.splice(0, head)
    head = 0
  }
  log.head = head
}
