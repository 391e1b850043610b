/**
 * How much of a strict limit the limiter uses in steady state, against a loopback sandbox that
 * enforces the rules' limits: place-order (10 per second per UID) under saturating load from
 * `processes` client processes (bench/useWorker.mjs), counting in memory (1 process) or in a
 * real `redis-server` started here on 127.0.0.1 and a free port, and stopped by its pid.
 *
 * Use, precisely: the calls the sandbox received in `[t0, t0 + seconds)` on its clock, where
 * `t0` is `warmupSeconds` after the first call reached the sandbox (not after the processes were
 * told to start: on a loaded machine their start and the Redis store's first span, closed while
 * it cannot know what was sent before, took most of the warmup, and the measured span began
 * with the limiter's first span of pacing), divided by what the limit allows in that span
 * (`limit × seconds × 1000 / windowMs`, 300 for 30 s of 10/s). The processes are told when to
 * stop once the first call arrived: half a second after `t0 + seconds`.
 *
 * Violations, three independent checks (all must be 0):
 * - `arrivals`: `findViolations` over the sandbox's arrival times (what the exchange counts);
 * - `admissions`: `findViolations` over the admission times the clients recorded;
 * - `flights`: the worst case over each call's flight: the server saw a call somewhere between
 *   its admission and its settling, so for every settle time `t`, the calls whose flight meets
 *   `[t, t + windowMs)` must be at most `limit`.
 *
 * Imports the built package (`dist`): build it first (`pnpm --filter @tradeline/rate-limit
 * build`, or `turbo run build`). Sends traffic to 127.0.0.1 only and stops by itself.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { RateLimits, Unified } from '@tradeline/rules'
import { startSandbox } from '@tradeline/sandbox'
import { findViolations } from '../dist/index.js'

const workerPath = fileURLToPath(new URL('./useWorker.mjs', import.meta.url))
const now = () => performance.timeOrigin + performance.now()

/**
 * Runs the measurement; see the module comment for what `use` and `violations` mean.
 *
 * @param {import('./use.d.mts').MeasureOptions} [options]
 * @returns {Promise<import('./use.d.mts').MeasureResult>}
 */
export async function measureLimiterUse(options = {}) {
  const processes = options.processes ?? 1
  const store = options.store ?? 'memory'
  const seconds = options.seconds ?? 30
  const warmupSeconds = options.warmupSeconds ?? 3
  const callers = options.callers ?? 8
  if (store === 'memory' && processes !== 1)
    throw new RangeError('the memory store counts for one process: use store "redis"')
  const rule = RateLimits.resolve(Unified.placeOrder.id, { symbol: 'BTCUSDT' }).find(
    (r) => r.kind === 'window',
  )
  if (rule?.kind !== 'window') throw new Error('place-order has no window rule')
  /** @type {{ at: number }[]} */
  const arrivals = []
  /** Resolves with the sandbox's time of the first arrival. */
  let onFirst = (_at) => {}
  const first = new Promise((resolve) => {
    onFirst = resolve
  })
  const sandbox = await startSandbox({
    port: 0,
    clock: { now },
    routes: [
      {
        id: Unified.placeOrder.id,
        method: 'POST',
        path: Unified.placeOrder.path,
        auth: true,
        handle: ({ now: at }) => {
          arrivals.push({ at })
          if (arrivals.length === 1) onFirst(at)
          return { data: { orderId: String(arrivals.length), clientOid: null } }
        },
      },
    ],
  })
  const redis = store === 'redis' ? await startRedis() : undefined
  const children = []
  try {
    const base = {
      url: sandbox.url,
      credentials: sandbox.credentials,
      store,
      redisUrl: redis?.url,
      prefix: `use:${Date.now()}`,
      callers,
      countFrom: options.countFrom,
    }
    for (let i = 0; i < processes; i++) children.push(startWorker(base))
    await Promise.all(children.map((child) => child.ready))
    for (const child of children) child.go()
    let timer
    const firstAt = await Promise.race([
      first,
      new Promise((resolve) => {
        timer = setTimeout(resolve, 60_000, undefined)
      }),
    ])
    clearTimeout(timer)
    if (firstAt === undefined)
      throw new Error('no call reached the sandbox within 60 s of the start')
    const t0 = firstAt + warmupSeconds * 1000
    const t1 = t0 + seconds * 1000
    for (const child of children) child.stopAt(t1 + 500)
    const results = await Promise.all(children.map((child) => child.done))
    const calls = results.flatMap((result) => result.calls)
    const responses429 = results.reduce((sum, result) => sum + result.limited, 0)
    const failures = results.reduce((sum, result) => sum + result.failures, 0)
    const steady = arrivals.filter(({ at }) => at >= t0 && at < t1).map(({ at }) => at)
    const admitted = steady.length
    const allowed = (rule.limit * seconds * 1000) / rule.windowMs
    // For analysis: LIMITER_USE_DUMP=file.json writes every arrival and call of the run.
    if (process.env.LIMITER_USE_DUMP)
      (await import('node:fs')).writeFileSync(
        process.env.LIMITER_USE_DUMP,
        JSON.stringify({ arrivals, calls, t0, t1 }),
      )
    const violations = {
      arrivals: findViolations(rule, arrivals).length,
      admissions: findViolations(rule, calls).length,
      flights: flightViolations(rule, calls),
    }
    const flights = calls.filter(({ at, end }) => at >= t0 && at < t1 && end !== undefined)
    const flightMs = flights.reduce((sum, { at, end }) => sum + end - at, 0) / flights.length
    return {
      lateMs: lateOf(rule, calls, t0, t1),
      use: admitted / allowed,
      flightMs,
      bound: rule.windowMs / (rule.windowMs + flightMs),
      rate: rateOf(steady, rule),
      admitted,
      allowed,
      responses429,
      violations: violations.arrivals + violations.admissions + violations.flights,
      checks: violations,
      failures,
      failure: results.find((result) => result.failure)?.failure,
      calls: calls.length,
      processes,
      store,
      seconds,
    }
  } finally {
    for (const child of children) child.kill()
    await redis?.stop()
    await sandbox.close()
  }
}

/**
 * The long-run rate over the limit's: `m` calls over the time from the first arrival to the
 * `m`-th after it, `m` the largest multiple of `limit` that fits, so that bursts of `limit`
 * (one per window) are measured from the same place in each burst.
 *
 * @param {number[]} times sorted arrival times
 * @param {{ limit: number, windowMs: number }} rule
 */
export function rateOf(times, rule) {
  const m = Math.floor((times.length - 1) / rule.limit) * rule.limit
  if (m === 0) return 0
  const span = /** @type {number} */ (times[m]) - /** @type {number} */ (times[0])
  return (m * rule.windowMs) / rule.limit / span
}

/**
 * The mean wait beyond what counting until settled requires, over the calls admitted in
 * `[t0, t1)`: a call could pass a window after the `limit`-th latest settle among the calls
 * admitted before it (weight 1); what it waited past that is the limiter's wake-up (its timer,
 * the event loop, a store's round trip), not the limit.
 *
 * @param {{ limit: number, windowMs: number }} rule
 * @param {{ at: number, end?: number | undefined }[]} calls
 * @param {number} t0
 * @param {number} t1
 */
export function lateOf(rule, calls, t0, t1) {
  const sorted = [...calls].sort((a, b) => a.at - b.at)
  /** The settle times of the calls admitted so far, latest first, at most `limit` of them. */
  const latest = []
  let sum = 0
  let n = 0
  for (const call of sorted) {
    if (call.at >= t0 && call.at < t1 && latest.length === rule.limit) {
      sum += Math.max(0, call.at - /** @type {number} */ (latest.at(-1) + rule.windowMs))
      n++
    }
    const end = call.end ?? Number.POSITIVE_INFINITY
    let i = latest.findIndex((other) => other < end)
    if (i === -1) i = latest.length
    latest.splice(i, 0, end)
    if (latest.length > rule.limit) latest.pop()
  }
  return n === 0 ? 0 : sum / n
}

/**
 * Every settle time `t` at which the calls whose flight `[at, end]` meets `[t, t + windowMs)`
 * weigh more than the limit: the server may have seen all of them in that span.
 *
 * @param {{ limit: number, windowMs: number }} rule
 * @param {{ at: number, end?: number | undefined }[]} calls
 */
export function flightViolations(rule, calls) {
  const flights = calls.map((call) => ({ at: call.at, end: call.end ?? Number.POSITIVE_INFINITY }))
  let count = 0
  for (const { end: t } of flights) {
    if (t === Number.POSITIVE_INFINITY) continue
    let inSpan = 0
    for (const other of flights) if (other.end >= t && other.at < t + rule.windowMs) inSpan++
    if (inSpan > rule.limit) count++
  }
  return count
}

function startWorker(options) {
  const child = spawn(process.execPath, [workerPath, JSON.stringify(options)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })
  let onReady = () => {}
  let onDone = (_result) => {}
  let failed = (_error) => {}
  const ready = new Promise((resolve, reject) => {
    onReady = resolve
    failed = reject
  })
  const done = new Promise((resolve, reject) => {
    onDone = resolve
    const previous = failed
    failed = (error) => {
      previous(error)
      reject(error)
    }
  })
  done.catch(() => {})
  ready.catch(() => {})
  lines.on('line', (line) => {
    const message = JSON.parse(line)
    if (message.ready) onReady()
    if (message.done) onDone(message)
  })
  child.once('exit', (code) =>
    failed(new Error(`a bench worker exited (${code}) before it was done`)),
  )
  return {
    ready,
    done,
    go: () => child.stdin.write(`${JSON.stringify({ go: true })}\n`),
    stopAt: (endAt) => child.stdin.write(`${JSON.stringify({ endAt })}\n`),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
        process.kill(child.pid, 'SIGTERM')
    },
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** A redis-server on 127.0.0.1 and a free port, without persistence; `stop` ends it by pid. */
async function startRedis() {
  const port = await freePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  await new Promise((resolve, reject) => {
    let output = ''
    child.once('error', (error) =>
      reject(new Error(`redis-server did not start: ${error.message}`)),
    )
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)))
    child.stdout.on('data', (chunk) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve(undefined)
    })
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM')
      await exited
    },
  }
}
