/**
 * The plan of a campaign: which operation each call makes and which fault (if any) hits it,
 * drawn from a seeded generator so that one seed always gives the same plan.
 */
import { type Fault, faultCodes, faultKinds } from '@tradeline/sandbox'

/** A seeded generator of numbers in [0, 1) (mulberry32: small, fast, good enough for a plan). */
export type Random = () => number

/**
 * A seeded random generator: the same seed gives the same sequence.
 *
 * @example
 * import { createRandom } from '@tradeline/campaign'
 * createRandom(7)() === createRandom(7)() // true
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The settings writes, made on an account of their own so that a position-mode change never
 * invalidates the orders of the other operations: idempotent, judged against the sandbox's
 * account settings.
 */
export const settingsOperations = [
  'classic.setLeverage',
  'classic.setMarginMode',
  'classic.setPositionMode',
  'unified.setLeverage',
  'unified.setHoldMode',
] as const

/**
 * The classic plan orders (trigger orders, trailing stops, take-profit/stop-loss of a held
 * position), made on an account and a contract of their own, judged against the sandbox's plan
 * store.
 */
export const planOperations = [
  'plans.place',
  'plans.placeTrack',
  'plans.placeTpsl',
  'plans.modify',
  'plans.cancel',
] as const

/** The operations of the campaign (one call after another), by product line. */
export const operations = [
  'unified.place',
  'unified.batchPlace',
  'unified.modify',
  'unified.cancel',
  'unified.batchCancel',
  'classic.place',
  'classic.batchPlace',
  'classic.modify',
  'classic.cancel',
  'classic.batchCancel',
  'classic.reverse',
  'securities.place',
  'savings.read',
  // The settings writes (an account of their own) and the classic plan orders (another).
  ...settingsOperations,
  ...planOperations,
] as const

/**
 * The operations only a concurrent campaign makes: races on one order (two modifications, a
 * cancel against an admin fill or against a classic modification) and strategy orders of the
 * unified line.
 */
export const concurrentOperations = [
  'unified.twinModify',
  'unified.cancelVsFill',
  'classic.twinModify',
  'classic.cancelVsFill',
  'classic.cancelVsModify',
  'strategy.tpsl',
  'strategy.trigger',
  'strategy.trailingStop',
  'strategy.modify',
  'strategy.cancel',
] as const

/** One of {@link operations} or {@link concurrentOperations}. */
export type Operation = (typeof operations)[number] | (typeof concurrentOperations)[number]

/** How often each operation is drawn (placements more often: they feed modify and cancel). */
const weights: Readonly<Record<Operation, number>> = {
  'unified.place': 3,
  'unified.batchPlace': 1,
  'unified.modify': 2,
  'unified.cancel': 1,
  'unified.batchCancel': 1,
  'classic.place': 3,
  'classic.batchPlace': 1,
  'classic.modify': 2,
  'classic.cancel': 1,
  'classic.batchCancel': 1,
  'classic.reverse': 1,
  'securities.place': 2,
  'savings.read': 1,
  'classic.setLeverage': 1,
  'classic.setMarginMode': 1,
  'classic.setPositionMode': 1,
  'unified.setLeverage': 1,
  'unified.setHoldMode': 1,
  'plans.place': 2,
  'plans.placeTrack': 1,
  'plans.placeTpsl': 1,
  'plans.modify': 2,
  'plans.cancel': 1,
  'unified.twinModify': 2,
  'unified.cancelVsFill': 1,
  'classic.twinModify': 2,
  'classic.cancelVsFill': 1,
  'classic.cancelVsModify': 2,
  'strategy.tpsl': 1,
  'strategy.trigger': 1,
  'strategy.trailingStop': 1,
  'strategy.modify': 1,
  'strategy.cancel': 1,
}

/** The operations a campaign draws from: the concurrent ones too when calls overlap. */
export function operationsOf(concurrent: boolean | undefined): readonly Operation[] {
  return concurrent ? [...operations, ...concurrentOperations] : operations
}

/** The times a campaign's faults are sized by. */
export type Timing = {
  /** The clients' timeout per request, in milliseconds. */
  readonly timeoutMs: number
  /** The clients' reconciliation: lookups, and the first wait (doubled each time). */
  readonly reconcile: { readonly attempts: number; readonly baseDelayMs: number }
}

/**
 * How long a careful user pauses before sending `retryWith` after an unknown outcome: as long as
 * the client timeout and the reconciliation window together.
 *
 * @example
 * import { retryPauseMs } from '@tradeline/campaign'
 * retryPauseMs({ timeoutMs: 50, reconcile: { attempts: 5, baseDelayMs: 10 } }) // 200
 */
export function retryPauseMs(timing: Timing): number {
  return timing.timeoutMs + reconcileWindowMs(timing.reconcile)
}

/** A fault of the menu: its label in the table and the sandbox fault (without its path). */
export type FaultChoice = { readonly label: string; readonly fault: Omit<Fault, 'path'> }

/**
 * The span of the reconciliation lookups after the call failed: the sum of the waits between
 * them (the first lookup is at once).
 *
 * @example
 * import { reconcileWindowMs } from '@tradeline/campaign'
 * reconcileWindowMs({ attempts: 5, baseDelayMs: 10 }) // 150
 */
export function reconcileWindowMs(reconcile: Timing['reconcile']): number {
  return reconcile.baseDelayMs * (2 ** (reconcile.attempts - 1) - 1)
}

/**
 * Every fault the sandbox offers, as the campaign injects them: the three unknown-outcome codes
 * before and after the operation is applied, a delay past the client timeout (the operation
 * lands within the reconciliation window), two delays past the reconciliation window (the first
 * attempt lands before, and after, the caller's retry), a dropped
 * connection, an HTTP 500 and a malformed body each before and after, and HTTP 429 (with and
 * without `Retry-After`). A kind the sandbox offers that this list does not know is injected
 * with its defaults, so the campaign covers every kind of the sandbox it runs against.
 *
 * @example
 * import { faultMenu } from '@tradeline/campaign'
 * faultMenu({ timeoutMs: 50, reconcile: { attempts: 5, baseDelayMs: 10 } }).length // 17
 */
export function faultMenu(timing: Timing): FaultChoice[] {
  const window = reconcileWindowMs(timing.reconcile)
  const pause = retryPauseMs(timing)
  const menu: FaultChoice[] = [
    ...faultCodes.flatMap((code) => [
      { label: `code-before ${code}`, fault: { kind: 'code-before' as const, code } },
      { label: `code-after ${code}`, fault: { kind: 'code-after' as const, code } },
    ]),
    // Lands after the timeout, before the last lookup: reconciliation finds it.
    { label: 'delay past timeout', fault: { kind: 'delay', delayMs: timing.timeoutMs * 2 } },
    // Lands after every lookup, while the caller pauses before sending retryWith: the retry
    // meets the order the first attempt placed (a duplicate clientOid refusal).
    {
      label: 'delay past reconciliation, lands before the retry',
      fault: { kind: 'delay', delayMs: timing.timeoutMs + window + pause / 2 },
    },
    // Lands after the retry (retryWith) was applied: the late first attempt is refused.
    {
      label: 'delay past reconciliation, lands after the retry',
      fault: { kind: 'delay', delayMs: timing.timeoutMs + window + pause * 2 + 100 },
    },
    { label: 'drop before', fault: { kind: 'drop', applied: false } },
    { label: 'drop after', fault: { kind: 'drop', applied: true } },
    { label: 'http500 before', fault: { kind: 'http500', applied: false } },
    { label: 'http500 after', fault: { kind: 'http500', applied: true } },
    { label: 'malformed before', fault: { kind: 'malformed', applied: false } },
    { label: 'malformed after', fault: { kind: 'malformed', applied: true } },
  ]
  const known = new Set<string>(['code-before', 'code-after', 'delay', 'drop', 'http500'])
  known.add('malformed')
  for (const kind of faultKinds as readonly string[]) {
    if (known.has(kind)) continue
    if (kind === 'http429') {
      menu.push({ label: 'http429', fault: { kind: 'http429' } as FaultChoice['fault'] })
      menu.push({
        label: 'http429 Retry-After',
        fault: { kind: 'http429', retryAfterMs: 1000 } as FaultChoice['fault'],
      })
    } else menu.push({ label: kind, fault: { kind } as FaultChoice['fault'] })
  }
  return menu
}

/** One call of the plan. */
export type PlannedCall = {
  readonly index: number
  readonly operation: Operation
  /** The fault that hits the call's first request; none for most calls. */
  readonly fault?: FaultChoice | undefined
  /** The fault hits the caller's first retry too (`times: 2`). */
  readonly again?: boolean | undefined
  /** A fault on the reconciliation lookup (a GET) of a faulted call. */
  readonly lookup?: FaultChoice | undefined
}

/**
 * The faults a reconciliation lookup (a GET) meets on some faulted calls: the lookup fails, and
 * the next one (or the caller's retry) must still settle the call. Given `everyLookup` (calls in
 * flight at once), three of them also come as a run of that many failing reads: every lookup of
 * a reconciliation with the transport's read retries, and the lookup a client makes after its
 * safe retry is refused (the order its first attempt placed or changed late), whoever's lookups
 * they are.
 *
 * @example
 * import { faultMenu, lookupMenu } from '@tradeline/campaign'
 * lookupMenu(faultMenu(timing)).map((f) => f.label) // ['code-before 40725', 'delay past timeout', ...]
 */
export function lookupMenu(
  menu: readonly FaultChoice[],
  everyLookup?: number | undefined,
): FaultChoice[] {
  const labels = [
    'code-before 40725',
    'delay past timeout',
    'drop before',
    'http500 before',
    'malformed before',
    'http429',
  ]
  const once = menu
    .filter((f) => labels.includes(f.label))
    .map((f) => ({ label: f.label, fault: { ...f.fault, method: 'GET' as const } }))
  if (everyLookup === undefined) return once
  const throughout = ['code-before 40725', 'drop before', 'http500 before']
  return [
    ...once,
    ...once
      .filter((f) => throughout.includes(f.label))
      .map((f) => ({
        label: `${f.label}, ${everyLookup} reads`,
        fault: { ...f.fault, times: everyLookup },
      })),
  ]
}

/**
 * The plan of `calls` calls: operations drawn by weight, and `round(calls * faultRate)` of them
 * hit by a fault; the faults go round the menu (shuffled) so that every kind is present as soon
 * as there are as many faulted calls as kinds.
 *
 * @example
 * import { createPlan, faultMenu } from '@tradeline/campaign'
 * const plan = createPlan({ seed: 1, calls: 100, faultRate: 0.2, menu: faultMenu(timing) })
 * plan.filter((call) => call.fault).length // 20
 */
export function createPlan(parameters: {
  seed: number
  calls: number
  faultRate: number
  menu: readonly FaultChoice[]
  /**
   * Every operation meets every fault once instead: one faulted call for each pair (in an order
   * shuffled by the seed) after every four unfaulted ones (`calls` and `faultRate` are ignored).
   * @default false
   */
  matrix?: boolean | undefined
  /**
   * Calls overlap (`--concurrency` above 1): the races and strategy orders of
   * {@link concurrentOperations} are drawn too. @default false
   */
  concurrent?: boolean | undefined
  /**
   * With `concurrent`: the reads a reconciliation makes at most (lookups with the transport's
   * retries, and the lookup after a refused retry), for the lookup faults that fail them all.
   * @default 18
   */
  everyLookup?: number | undefined
  /** Draws these operations only (of those the mode draws). @default all of them */
  only?: readonly Operation[] | undefined
}): PlannedCall[] {
  const { only } = parameters
  const drawn = operationsOf(parameters.concurrent).filter((o) => !only || only.includes(o))
  if (drawn.length === 0) throw new RangeError('no operation to draw')
  if (parameters.matrix) return matrixPlan(parameters.seed, parameters.menu, drawn)
  const random = createRandom(parameters.seed)
  const total = drawn.reduce((sum, operation) => sum + weights[operation], 0)
  const draw = (): Operation => {
    let left = random() * total
    for (const operation of drawn) {
      left -= weights[operation]
      if (left < 0) return operation
    }
    return drawn[drawn.length - 1] as Operation
  }
  const ops = Array.from({ length: parameters.calls }, draw)
  const faulted = Math.round(parameters.calls * parameters.faultRate)
  const positions = shuffle(
    Array.from({ length: parameters.calls }, (_, i) => i),
    random,
  ).slice(0, faulted)
  const menu = shuffle([...parameters.menu], random)
  const lookups = lookupMenu(
    parameters.menu,
    parameters.concurrent ? (parameters.everyLookup ?? 18) : undefined,
  )
  // With calls in flight at once, one faulted call in two has a faulted lookup too.
  const lookupShare = parameters.concurrent ? 0.5 : 0.25
  const faults = new Map<number, PlannedCall>()
  positions.forEach((position, n) => {
    const fault = menu[n % menu.length] as FaultChoice
    // One faulted call in four is hit on its retry too, one in four (or two) on a lookup too.
    const again = random() < 0.25
    const lookup =
      random() < lookupShare ? lookups[Math.floor(random() * lookups.length)] : undefined
    faults.set(position, {
      index: position,
      operation: ops[position] as Operation,
      fault,
      ...(again && { again }),
      ...(lookup && { lookup }),
    })
  })
  return ops.map((operation, index) => faults.get(index) ?? { index, operation })
}

/** Every operation with every fault, each after four unfaulted calls drawn by weight. */
function matrixPlan(
  seed: number,
  menu: readonly FaultChoice[],
  all: readonly Operation[],
): PlannedCall[] {
  const random = createRandom(seed)
  const pairs = shuffle(
    all.flatMap((operation) => menu.map((fault) => ({ operation, fault }))),
    random,
  )
  const concurrent = all.some((o) => (concurrentOperations as readonly string[]).includes(o))
  const drawn = createPlan({
    seed,
    calls: pairs.length * 5,
    faultRate: 0,
    menu,
    concurrent,
    only: all,
  })
  return drawn.map((call, index) => {
    const pair = index % 5 === 4 ? pairs[Math.floor(index / 5)] : undefined
    return pair ? { index, operation: pair.operation, fault: pair.fault } : call
  })
}

function shuffle<value>(values: value[], random: Random): value[] {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[values[i], values[j]] = [values[j] as value, values[i] as value]
  }
  return values
}
