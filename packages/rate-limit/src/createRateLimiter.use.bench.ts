import { bench, describe } from 'vitest'
import { type MeasureResult, measureLimiterUse } from '../bench/use.mjs'

/**
 * The size goals, "Limiter at full use without violations": 30 s of steady state (after 3 s of
 * warm-up) of place-order (10 per second per UID) under saturating load against a loopback
 * sandbox, at 1 process in memory, 1 process on Redis and 4 processes sharing Redis. Target: at
 * least 99.5% of the limit, 0 responses of 429, 0 violations. Report only (the numbers depend on
 * the machine); bench/use.mjs says what `use` and `rate` mean.
 */
const line = (name: string, r: MeasureResult) =>
  `${name}: use ${(r.use * 100).toFixed(2)}% (${r.admitted} of ${r.allowed} in ${r.seconds} s), rate ${(r.rate * 100).toFixed(2)}% (bound ${(r.bound * 100).toFixed(2)}% for a mean flight of ${r.flightMs.toFixed(2)} ms), 429s ${r.responses429}, violations ${r.violations} (arrivals ${r.checks.arrivals}, admissions ${r.checks.admissions}, flights ${r.checks.flights}), other failures ${r.failures}`

describe('use of a strict limit in steady state (the size goals target: >= 99.5%, 0 responses of 429, 0 violations)', async () => {
  const runs: [string, Parameters<typeof measureLimiterUse>[0]][] = [
    ['1 process, memory', { processes: 1, store: 'memory' }],
    ['1 process, Redis', { processes: 1, store: 'redis' }],
    ['4 processes, Redis', { processes: 4, store: 'redis' }],
  ]
  for (const [name, options] of runs)
    console.log(`limiter use: ${line(name, await measureLimiterUse({ seconds: 30, ...options }))}`)
  bench('report only (see the limiter use lines above)', () => {})
})
