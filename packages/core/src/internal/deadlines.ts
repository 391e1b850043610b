/**
 * The per-attempt timeouts of the undici sender (Node) of every transport of the process, on
 * one timer: an attempt adds its deadline to a set and removes it when it settles, and one timer,
 * armed for the earliest deadline, fires the ones that are due. A `setTimeout` and a
 * `clearTimeout` per attempt were about 4% of a place-order's CPU in memory (a timer list insert
 * and unlink each); a set entry costs a fraction of that. The fetch sender (every runtime, the
 * browser bundles) keeps its plain timer: this module stays in the Node-only chunk. Deadlines are
 * read on `Date.now()`, the clock the timer functions are faked with in tests.
 */

type Entry = { readonly at: number; readonly fire: () => void }

const entries = new Set<Entry>()
let timer: ReturnType<typeof setTimeout> | undefined
/** The deadline the timer is armed for. */
let armedFor = Number.POSITIVE_INFINITY
/** Whether the timer holds the process open (some deadline is pending). */
let holding = false

/** Node's timers can stop holding the process open; a browser's timer id cannot (no need). */
type Holding = { ref?: () => unknown; unref?: () => unknown }

/**
 * The `setTimeout` the timer was armed with: a test that fakes the timer functions and puts the
 * real ones back leaves a timer that never fires, so a change of `setTimeout` arms a new one (as
 * does a timer found overdue by a second).
 */
let armedWith: unknown

function arm(at: number): void {
  if (timer !== undefined) {
    if (armedFor <= at && armedWith === setTimeout && Date.now() <= armedFor + 1_000) {
      if (!holding) (timer as Holding).ref?.()
      holding = true
      return
    }
    clearTimeout(timer)
  }
  armedFor = at
  holding = true
  armedWith = setTimeout
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
 * deadline pending, the timer stays armed but no longer holds a Node process open (an idle
 * process is free to exit); the next attempt takes it up again, so attempts one after another
 * share one timer instead of arming and clearing one each.
 */
export function afterDeadline(ms: number, fire: () => void): () => void {
  const entry: Entry = { at: Date.now() + ms, fire }
  entries.add(entry)
  arm(entry.at)
  return () => {
    if (!entries.delete(entry) || entries.size > 0 || timer === undefined) return
    ;(timer as Holding).unref?.()
    holding = false
  }
}
