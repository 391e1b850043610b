// Measures that live in other packages' scripts: bundle sizes (packages/unified/scripts/size.mjs)
// and the limiter's use of a strict limit (packages/rate-limit/bench/use.mjs).
import { measureLimiterUse } from '../../rate-limit/bench/use.mjs'
import { measureSizes } from '../../unified/scripts/size.mjs'

/** The browser bundle sizes of rules and the unified client, with rolldown and esbuild. */
export function sizes() {
  return measureSizes()
}

/**
 * The limiter's steady-state use of place-order's strict 10 per second over `seconds`: one
 * process counting in memory, one and four processes sharing a real redis-server. `use` is the
 * long-run rate of the arrivals in the measured span over the limit's (a whole number of
 * windows' worth of calls over the time they took); `counted` the arrivals in the span over the
 * 300 allowed, which moves by up to a call per slot with where the span starts against the
 * slots' cycles (a run at the same rate counts 297 or 300). `flightMs` (admission to settling)
 * is the price of counting each call until it settled, `bound` the most it leaves,
 * `lateMs` the mean wait past what that requires (the wake-up).
 */
export async function limiterUse({ seconds = 30 } = {}) {
  const rows = []
  for (const [processes, store] of [
    [1, 'memory'],
    [1, 'redis'],
    [4, 'redis'],
  ]) {
    const r = await measureLimiterUse({ processes, store, seconds })
    rows.push({
      processes,
      store,
      limit: 10,
      windowMs: 1000,
      seconds,
      use: r.rate,
      counted: r.use,
      flightMs: r.flightMs,
      lateMs: r.lateMs,
      bound: r.bound,
      responses429: r.responses429,
      violations: r.violations,
      failures: r.failures,
    })
  }
  return rows
}
