/** Options of {@link measureLimiterUse}. */
export type MeasureOptions = {
  /** Client processes sharing the limit (more than 1 needs `store: 'redis'`). @default 1 */
  processes?: number | undefined
  /** Where the limiter counts: in memory, or in a redis-server started for the run. @default 'memory' */
  store?: 'memory' | 'redis' | undefined
  /** Length of the measured steady state, in seconds. @default 30 */
  seconds?: number | undefined
  /** Seconds of load before the measured span starts. @default 3 */
  warmupSeconds?: number | undefined
  /** Concurrent callers per process, each sending again as soon as its call settled. @default 8 */
  callers?: number | undefined
  /** The limiter's `countFrom`. @default 'settled' */
  countFrom?: 'settled' | 'admitted' | undefined
}

/** What {@link measureLimiterUse} measured. */
export type MeasureResult = {
  /** Calls the sandbox received in the measured span / what the limit allows in it (0 to 1). */
  use: number
  /**
   * The long-run rate over the limit's (0 to 1): a whole number of windows' worth of calls over
   * the time they took, so bursts do not round it up; steadier than `use` for short spans.
   */
  rate: number
  /** Mean time from admission to settling of the calls admitted in the measured span (ms). */
  flightMs: number
  /**
   * The most a strict limiter counting from settlement can use with that round trip:
   * `windowMs / (windowMs + flightMs)` (each call waits until the one it replaces settled a
   * window ago).
   */
  bound: number
  /**
   * Mean wait of the calls admitted in the measured span past the moment counting until settled
   * allowed them (the `limit`-th latest settle before them plus a window): wake-up latency (ms).
   */
  lateMs: number
  /** Calls the sandbox received in the measured span. */
  admitted: number
  /** What the limit allows in the measured span (300 for 30 s of 10 per second). */
  allowed: number
  /** Responses of 429 the clients got over the whole run. */
  responses429: number
  /** Sum of the three checks (0 when none found a window over the limit). */
  violations: number
  /** Violations found by each check: arrival times, admission times, worst case over flights. */
  checks: { arrivals: number; admissions: number; flights: number }
  /** Calls that failed otherwise (not a 429), and the first one's message. */
  failures: number
  failure: string | undefined
  /** Calls the clients sent over the whole run. */
  calls: number
  processes: number
  store: 'memory' | 'redis'
  seconds: number
}

/** Measures the limiter's use of place-order's 10/s against a loopback sandbox (see use.mjs). */
export function measureLimiterUse(options?: MeasureOptions): Promise<MeasureResult>

/** Violations of the worst case over flights: see use.mjs. */
export function flightViolations(
  rule: { limit: number; windowMs: number },
  calls: readonly { at: number; end?: number | undefined }[],
): number

/** Mean wait past what counting until settled requires, of the calls admitted in `[t0, t1)`: see use.mjs. */
export function lateOf(
  rule: { limit: number; windowMs: number },
  calls: readonly { at: number; end?: number | undefined }[],
  t0: number,
  t1: number,
): number

/** The long-run rate of sorted arrival times over the rule's. */
export function rateOf(times: readonly number[], rule: { limit: number; windowMs: number }): number
