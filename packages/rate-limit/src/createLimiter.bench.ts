import { bench, describe } from 'vitest'
import { createLimiter } from './createLimiter.js'
import { createMemoryStore } from './createMemoryStore.js'
import { findViolations } from './findViolations.js'
import { budgetsOf } from './Store.js'
import { window } from './test/harness.js'

// Never waits: 1e6 per 10 ms is far above what one process can ask.
const rules = [window('bench', 1_000_000, 10)]
const limiter = createLimiter()
const noop = async () => () => {}

describe('acquire in memory, not waiting (issue target: at most 2 µs)', () => {
  bench('baseline: a no-op async function returning a release', async () => {
    const release = await noop()
    release()
  })
  bench('createLimiter().acquire + release', async () => {
    const release = await limiter.acquire(rules)
    release()
  })
})

/**
 * Use of the limit over 10 s of saturating load, on a simulated clock stepping 0.1 ms: the
 * store is asked whenever it may admit; each call settles 5 ms after its admission (loopback).
 * Reported as admitted calls / (limit x 10 s / window), with the checker's violation count.
 */
function utilisation(countFrom: 'settled' | 'admitted'): string {
  let now = 0
  const store = createMemoryStore({ clock: { now: () => now } })
  const rule = window('use', 10, 1000)
  const budgets = budgetsOf([rule])
  const admissions: { at: number }[] = []
  const settling: { at: number; lease: unknown }[] = []
  for (; now < 10_000; now = Math.round((now + 0.1) * 10) / 10) {
    while (settling[0] && settling[0].at <= now) store.release(settling.shift()?.lease)
    for (;;) {
      const taken = store.take({ budgets, marginMs: 0, countFrom })
      if (!taken.ok) break
      admissions.push({ at: now })
      settling.push({ at: now + 5, lease: taken.lease })
    }
  }
  const used = admissions.length
  return `${countFrom}: ${used} of 100 (${used}%), violations ${findViolations(rule, admissions).length}`
}

describe('use of the limit over 10 s (issue target: at least 99%, 0 violations)', () => {
  console.log(`utilisation: ${utilisation('settled')}; ${utilisation('admitted')}`)
  bench('report only (see the utilisation line above)', () => {})
})
