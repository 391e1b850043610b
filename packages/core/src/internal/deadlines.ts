/**
 * The per-attempt timeouts of every transport of the process, on one timer: an attempt adds its
 * deadline to a set and removes it when it settles, and one timer, armed for the earliest
 * deadline, fires the ones that are due. A `setTimeout` and a `clearTimeout` per attempt were
 * about 4% of a place-order's CPU in memory (a timer list insert and unlink each); a set entry
 * costs a fraction of that. Deadlines are read on `Date.now()`, the clock the timer functions
 * are faked with in tests.
 */

type Entry = { readonly at: number; readonly fire: () => void }

const entries = new Set<Entry>()
let timer: ReturnType<typeof setTimeout> | undefined
/** The deadline the timer is armed for. */
let armedFor = Number.POSITIVE_INFINITY

function arm(at: number): void {
  if (timer !== undefined) {
    if (armedFor <= at) return
    clearTimeout(timer)
  }
  armedFor = at
  timer = setTimeout(sweep, Math.max(0, at - Date.now()))
}

function sweep(): void {
  timer = undefined
  armedFor = Number.POSITIVE_INFINITY
  const now = Date.now()
  let next = Number.POSITIVE_INFINITY
  const due: Entry[] = []
  for (const entry of entries) {
    if (entry.at <= now) due.push(entry)
    else if (entry.at < next) next = entry.at
  }
  for (const entry of due) entries.delete(entry)
  if (next !== Number.POSITIVE_INFINITY) arm(next)
  for (const entry of due) entry.fire()
}

/**
 * Calls `fire` after `ms` milliseconds unless the returned function is called first. With no
 * deadline pending, no timer is left: an idle process is free to exit.
 */
export function afterDeadline(ms: number, fire: () => void): () => void {
  const entry: Entry = { at: Date.now() + ms, fire }
  entries.add(entry)
  arm(entry.at)
  return () => {
    if (!entries.delete(entry) || entries.size > 0 || timer === undefined) return
    clearTimeout(timer)
    timer = undefined
    armedFor = Number.POSITIVE_INFINITY
  }
}
