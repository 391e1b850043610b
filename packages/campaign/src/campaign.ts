/**
 * A fault campaign: a sandbox on 127.0.0.1, the planned calls made through the public clients of
 * the four product lines (one after another, or `concurrency` in flight at once) with the
 * planned fault injected before each, a wait for every late request to land, then the audit of
 * every report against the sandbox's order history.
 */
import { startSandbox } from '@tradeline/sandbox'
import { audit, type Findings } from './audit.js'
import { type Change, createHistoryReader } from './history.js'
import { type Intent, lookupPathOf, pathOf } from './intents.js'
import { createLines } from './lines.js'
import {
  createPlan,
  createRandom,
  faultMenu,
  type Operation,
  operationsOf,
  type PlannedCall,
  reconcileWindowMs,
  settingsOperations,
  type Timing,
} from './plan.js'

/** Options of {@link runCampaign}. */
export type CampaignOptions = {
  /** The seed of the plan and of every random choice. @default 1 */
  seed?: number | undefined
  /** Calls to make. @default 1000 */
  calls?: number | undefined
  /**
   * Calls in flight at once. Above 1 the plan draws the races and strategy orders too, and a
   * fault injected for a call's path may hit another call of that path. @default 1
   */
  concurrency?: number | undefined
  /** Every operation meets every fault once (five calls per pair; `calls` is ignored). @default false */
  matrix?: boolean | undefined
  /** The share of calls hit by a fault. @default 0.2 */
  faultRate?: number | undefined
  /** The clients' timeout and reconciliation (the faults' delays are sized from them). @default { timeoutMs: 100, reconcile: { attempts: 5, baseDelayMs: 20 } } */
  timing?: Timing | undefined
  /** Requests a careful user sends for one intent (the first and the retries). @default 8 */
  maxSends?: number | undefined
  /**
   * A call not settled after this long is counted unresolved (hung). Above the engine's
   * `clockTolerance` (60 s): a careful user may wait that long after a first attempt before its
   * late send (see `createSenders`). @default 90000
   */
  callTimeoutMs?: number | undefined
  /**
   * The waits of the careful user (`Retry-After`) and of the clients' read retries; a test
   * passes a shorter clock. @default real time
   */
  wait?: ((ms: number) => Promise<void>) | undefined
  /** Called after each call. */
  onProgress?: ((done: number, total: number) => void) | undefined
  /** Draws these operations only (of those the mode draws). @default all of them */
  operations?: readonly Operation[] | undefined
}

/** What a campaign did and found. */
export type CampaignResult = {
  readonly seed: number
  readonly calls: number
  /** Calls in flight at once. */
  readonly concurrency: number
  /** Calls by operation (as made: a modify or cancel with no live order to use places one). */
  readonly operations: Readonly<Record<string, number>>
  /** Faults injected by label. */
  readonly faults: Readonly<Record<string, number>>
  /** Faults injected that no request took (the call sent nothing). */
  readonly faultsUnused: number
  /** Faulted calls whose first retry was hit too. */
  readonly faultedRetries: number
  /** Faulted calls whose reconciliation lookup was hit too (faults injected on the lookup path). */
  readonly faultedLookups: number
  /** Faulted modifications the exchange applied asynchronously (after the timeout or the retry). */
  readonly asyncModifications: number
  /** Intents (a batch call has one per order), with what each reported. */
  readonly intents: readonly Intent[]
  /** Requests sent again by the careful user. */
  readonly retries: number
  /** The sandbox's order history of the run (every add and change of each order), oldest first. */
  readonly history: readonly Change[]
  /** The plan log of the run (every save of a plan order of the plan account), oldest first. */
  readonly planHistory: readonly Change[]
  readonly unhandled: number
  readonly findings: Findings
  readonly durationMs: number
}

/** The paths of the settings writes (made one at a time, their faults their own). */
const settingsPaths = new Set(settingsOperations.map((o) => pathOf[o]))

/** The default timing of `pnpm campaign`. */
export const defaultTiming: Timing = { timeoutMs: 100, reconcile: { attempts: 5, baseDelayMs: 20 } }

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Wednesday 1 July 2026, 10:00 New York: where a campaign's sandbox clock starts. */
const sessionStart = Date.UTC(2026, 6, 1, 14)

/**
 * Runs a campaign against a sandbox of its own on 127.0.0.1 and audits it. Bounded: `calls`
 * calls, each given at most `callTimeoutMs`.
 *
 * @example
 * import { runCampaign } from '@tradeline/campaign'
 * const result = await runCampaign({ seed: 7, calls: 200 })
 * result.findings.duplicates // 0
 */
export async function runCampaign(options: CampaignOptions = {}): Promise<CampaignResult> {
  const seed = options.seed ?? 1
  const timing = options.timing ?? defaultTiming
  const wait = options.wait ?? realWait
  const callTimeoutMs = options.callTimeoutMs ?? 90_000
  const concurrency = options.concurrency ?? 1
  if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > 256)
    throw new RangeError('concurrency must be an integer from 1 to 256')
  const menu = faultMenu(timing)
  const plan = createPlan({
    seed,
    calls: options.calls ?? 1000,
    faultRate: options.faultRate ?? 0.2,
    menu,
    matrix: options.matrix,
    concurrent: concurrency > 1,
    // Each lookup is one read and the transport's 2 read retries; one more after a refused retry.
    everyLookup: 3 * (timing.reconcile.attempts + 1),
    only: options.operations,
  })
  const longest = Math.max(0, ...menu.map((f) => f.fault.delayMs ?? 0))
  const calls = plan.length
  const started = performance.now()
  let unhandled = 0
  const onUnhandled = () => {
    unhandled++
  }
  process.on('unhandledRejection', onUnhandled)
  // The delays the sandbox is still holding: the audit waits for them to land, however late.
  let delayed = 0
  const timers = {
    setTimeout: (callback: () => void, ms: number) => {
      delayed++
      return setTimeout(() => {
        delayed--
        callback()
      }, ms)
    },
  }
  // The sandbox clock runs in real time from a Wednesday 10:00 New York (the US regular
  // session), whenever the campaign runs: the sandbox fills its RTHOnly stock market orders at
  // once only in that session, and the audit finds a stock placement by its execution.
  const realStart = Date.now()
  const clock = { now: () => sessionStart + (Date.now() - realStart) }
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    rateLimits: false,
    seed,
    timers,
    clock,
  })
  try {
    const history = createHistoryReader(sandbox.admin)
    const lines = createLines({
      sandbox,
      seed,
      timing,
      random: createRandom(seed ^ 0x5eed),
      maxSends: options.maxSends ?? 8,
      wait,
      mark: history.mark,
      concurrency,
      longestDelayMs: longest,
    })
    const reference = await lines.prepare()
    const intents: Intent[] = []
    const made: Record<string, number> = Object.fromEntries(
      operationsOf(concurrency > 1).map((o) => [o, 0]),
    )
    const faults: Record<string, number> = Object.fromEntries(menu.map((f) => [f.label, 0]))
    let faultsUnused = 0
    let again = 0
    let lookups = 0
    let finished = 0
    const makeCall = async (planned: PlannedCall) => {
      // A settings write waits for the one before it, so that the fault injected is its own.
      const release = await lines.exclusive(planned.operation)
      try {
        await makeCallNow(planned)
      } finally {
        release()
      }
    }
    const makeCallNow = async (planned: PlannedCall) => {
      // Resolved, faulted and started in one go: no other call takes the pool's order between.
      const call = { ...planned, operation: lines.resolve(planned.operation) }
      const { fault } = call
      const path = pathOf[call.operation]
      if (fault) {
        sandbox.admin.injectFault({ ...fault.fault, path, ...(call.again && { times: 2 }) })
        faults[fault.label] = (faults[fault.label] ?? 0) + 1
        if (call.again) again++
      }
      const lookupPath = lookupPathOf[call.operation]
      if (call.lookup && lookupPath) {
        sandbox.admin.injectFault({ ...call.lookup.fault, path: lookupPath })
        lookups++
      }
      const delayed = fault?.fault.kind === 'delay'
      const settled = await bounded(
        lines.run[call.operation](call.index, fault?.label, delayed),
        callTimeoutMs,
      )
      // Hung: the call's intents are unknown to the campaign; one placeholder counts it.
      const hung: Intent = {
        call: call.index,
        operation: call.operation,
        fault: fault?.label,
        target: { kind: 'read' },
        report: { status: 'hung' },
        sends: 1,
      }
      const done = settled ?? [hung]
      const operation = done[0]?.operation ?? call.operation
      made[operation] = (made[operation] ?? 0) + 1
      intents.push(...done)
      if (concurrency === 1) {
        // The call's own fault must have been taken (its second hit and a lookup's need not be).
        const left = sandbox.sandbox.faults.list()
        if (left.some((f) => f.path === path && f.remaining === f.times)) faultsUnused++
        if (left.length > 0) sandbox.admin.clearFaults()
      } else if (settingsPaths.has(path)) {
        // A settings write's faults no request took go with it (the next write is another's).
        const left = sandbox.sandbox.faults.list().filter((f) => f.path === path)
        if (left.some((f) => f.remaining === f.times)) faultsUnused++
        sandbox.admin.clearFaults(path)
      }
      options.onProgress?.(++finished, calls)
    }
    if (concurrency === 1) for (const planned of plan) await makeCall(planned)
    else {
      let next = 0
      const worker = async () => {
        while (next < plan.length) await makeCall(plan[next++] as PlannedCall)
      }
      await Promise.all(Array.from({ length: Math.min(concurrency, plan.length) }, worker))
      // A fault of a call's path may have been taken by another call; what is left untaken at
      // the end (a call's own fault, not a lookup's or a second hit) is counted.
      faultsUnused = sandbox.sandbox.faults
        .list()
        .filter((f) => f.method === undefined && f.remaining === f.times).length
      sandbox.admin.clearFaults()
    }
    intents.sort((a, b) => a.call - b.call)
    // Every late request (a delayed call's original) lands before the audit reads the history:
    // at least the longest delay, and then until the sandbox holds none (a busy machine is late).
    await realWait(longest + reconcileWindowMs(timing.reconcile) + 200)
    while (delayed > 0) await realWait(10)
    history.mark()
    lines.finish()
    const findings = audit(
      intents,
      {
        history: history.changes,
        executions: sandbox.admin.stockExecutions(),
        reference,
        plans: lines.planLog.changes,
      },
      `c${seed}-`,
    )
    return {
      seed,
      calls,
      concurrency,
      operations: made,
      faults,
      faultsUnused,
      faultedRetries: again,
      faultedLookups: lookups,
      asyncModifications: lines.asynchronous(),
      intents,
      retries: intents.reduce((sum, i) => sum + Math.max(0, i.sends - 1), 0),
      history: history.changes,
      planHistory: lines.planLog.changes,
      unhandled,
      findings,
      durationMs: Math.round(performance.now() - started),
    }
  } finally {
    await sandbox.close()
    // Late rejections of hung calls still count until the sandbox is gone.
    process.off('unhandledRejection', onUnhandled)
  }
}

/** The call's intents, or `undefined` when it did not settle in `ms`. */
async function bounded(work: Promise<Intent[]>, ms: number): Promise<Intent[] | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  // A call that settles after its bound must not become an unhandled rejection of ours.
  work.catch(() => {})
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}
