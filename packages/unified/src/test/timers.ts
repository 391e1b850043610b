/** Test helper: timers and a clock that move only when told to. Never part of the build. */

/**
 * A clock with `setTimeout`/`clearTimeout` that run nothing until `advance(ms)` moves the time,
 * the injectable timers of `DeadManSwitch` without `vi.useFakeTimers()`.
 */
export function manualTimers(start = 1_700_000_000_000) {
  let now = start
  let nextId = 1
  const queue = new Map<number, { at: number; callback: () => void }>()
  return {
    clock: { now: () => now },
    timers: {
      setTimeout: (callback: () => void, ms: number): number => {
        const id = nextId++
        queue.set(id, { at: now + Math.max(0, ms), callback })
        return id
      },
      clearTimeout: (id: number): void => void queue.delete(id),
    },
    /** Timers waiting to run. */
    pending: (): number => queue.size,
    /**
     * Moves the time forward by `ms`, running each timer that falls due, earliest (then oldest)
     * first; returns how many ran.
     */
    advance(ms: number): number {
      const end = now + ms
      let ran = 0
      for (;;) {
        let due: [number, { at: number; callback: () => void }] | undefined
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
