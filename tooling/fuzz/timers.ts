/**
 * Test helpers of time: timers and a clock that move only when told to, the system's timers in
 * the same shape, and a small seeded generator for campaigns that must replay. Never part of a
 * build.
 */

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

/** The runtime's timers and `Date.now()`, in the shape of `manualTimers` (a campaign on real time). */
export const systemTimers = {
  now: () => Date.now(),
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * A client's local clock that moves only when told to, and a `fetch` (the client's option) that
 * moves it by `slowLegMs` while a server-time request is on its way out: the server reads its
 * clock at the end of the round trip, so the clock synchronised from it reads the server's time
 * ahead by half the round trip (within its uncertainty), as after a slow request and a quick
 * answer. Requests go to the real server.
 */
export function slowTimeRequest(start: number, slowLegMs: number) {
  let local = start
  const sending: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (new URL(url).pathname.endsWith('/public/time')) local += slowLegMs
    return fetch(input, init)
  }
  return { clock: { now: () => local }, fetch: sending }
}

/** A small seeded generator in [0, 1) (mulberry32), so that a failing campaign can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * How long `eventually` and `take` wait by default: a guard against a hang, not a measure. A pass
 * returns as soon as the condition holds. On a loaded machine the waits stretch several-fold
 * (the stream test files took 2 to 3 times as long under `stress-ng --cpu 2` beside other test
 * runs), so the guard is 10 s, under the 20 s test timeout.
 */
const guardMs = 10_000

/** Waits (real time, polling) until `check` holds; fails after `ms`. */
export async function eventually(check: () => boolean, what: string, ms = guardMs): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** Reads `n` values of an iterator, failing (real time) after `ms`. */
export async function take<T>(iterator: AsyncIterator<T>, n: number, ms = guardMs): Promise<T[]> {
  const values: T[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`got ${values.length} of ${n} values`)), ms)
  })
  try {
    while (values.length < n) {
      const next = await Promise.race([iterator.next(), timeout])
      if (next.done) break
      values.push(next.value)
    }
  } finally {
    clearTimeout(timer)
  }
  return values
}

/** What an iterator yields within `ms` (real time), or `undefined`. */
export async function quiet<T>(iterator: AsyncIterator<T>, ms = 150): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const idle = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  const next = iterator.next().then((r) => (r.done ? undefined : r.value))
  const value = await Promise.race([next, idle])
  clearTimeout(timer)
  return value
}
