/** Test helper: timers and a clock that move only when told to. Never part of the build. */

/**
 * A clock with `setTimeout`/`clearTimeout` that run nothing until `advance(ms)` moves the time,
 * the injectable timers of `DeadManSwitch` without `vi.useFakeTimers()`.
 */
export function manualTimers(start = 1_700_000_000_000) {
  let now = start
  let nextId = 1
  const queue = new Map<number, { at: number; callback: () => void; tag: string }>()
  /** Timers on this time whose pending count is kept under `tag`. */
  const tagged = (tag: string) => ({
    setTimeout: (callback: () => void, ms: number): number => {
      const id = nextId++
      queue.set(id, { at: now + Math.max(0, ms), callback, tag })
      return id
    },
    clearTimeout: (id: number): void => void queue.delete(id),
  })
  return {
    clock: { now: () => now },
    timers: tagged(''),
    tagged,
    /** Timers waiting to run (of one tag when given). */
    pending: (tag?: string): number =>
      tag === undefined ? queue.size : [...queue.values()].filter((t) => t.tag === tag).length,
    /**
     * Moves the time forward by `ms` without running any timer, as a process frozen (SIGSTOP)
     * or blocked sees it: every timer that fell due meanwhile runs late, on `step()`.
     */
    jump(ms: number): void {
      now += ms
    },
    /** Runs the earliest (then oldest) timer already due, if any; returns whether one ran. */
    step(): boolean {
      let due: [number, { at: number; callback: () => void; tag: string }] | undefined
      for (const entry of queue)
        if (entry[1].at <= now && (due === undefined || entry[1].at < due[1].at)) due = entry
      if (due === undefined) return false
      queue.delete(due[0])
      due[1].callback()
      return true
    },
    /**
     * Moves the time forward by `ms`, running each timer that falls due, earliest (then oldest)
     * first; returns how many ran.
     */
    advance(ms: number): number {
      const end = now + ms
      let ran = 0
      for (;;) {
        let due: [number, { at: number; callback: () => void; tag: string }] | undefined
        for (const entry of queue)
          if (entry[1].at <= end && (due === undefined || entry[1].at < due[1].at)) due = entry
        if (due === undefined) break
        queue.delete(due[0])
        now = due[1].at
        ran++
        due[1].callback()
      }
      now = end
      return ran
    },
  }
}
