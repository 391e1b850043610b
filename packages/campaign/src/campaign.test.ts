import { OrderOutcomeUnknownError, RateLimitedError, UnknownOutcomeError } from '@tradeline/core'
import { faultKinds } from '@tradeline/sandbox'
import { describe, expect, test } from 'vitest'
import { audit, type Truth } from './audit.js'
import { runCampaign } from './campaign.js'
import { nextStep } from './careful.js'
import type { Intent } from './intents.js'
import {
  createPlan,
  faultMenu,
  operations,
  reconcileWindowMs,
  retryPauseMs,
  type Timing,
} from './plan.js'
import { formatTable, passed } from './table.js'

/** Short client timeouts and sandbox delays, so that 200 faulted calls take seconds. */
const timing: Timing = { timeoutMs: 50, reconcile: { attempts: 5, baseDelayMs: 10 } }
/** The waits of the careful user and of read retries (Retry-After: 1 s) on a clock 100 times faster. */
const fastWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms / 100))

describe('runCampaign', () => {
  test('issue 15: a bounded campaign (200 calls, seed 15, every fault kind) reports 0 duplicates, 0 wrong outcomes, 0 unresolved, 0 unhandled, 0 untyped', async () => {
    const result = await runCampaign({ seed: 15, calls: 200, timing, wait: fastWait })
    const table = formatTable(result)
    // Every fault of the menu hit at least one call, and every injected fault was taken.
    for (const choice of faultMenu(timing)) expect(result.faults[choice.label]).toBeGreaterThan(0)
    expect(result.faultsUnused).toBe(0)
    expect(Object.values(result.faults).reduce((a, b) => a + b, 0)).toBe(40)
    // Some faulted calls were hit on their retry too, some on a reconciliation lookup too.
    expect(result.faultedRetries).toBeGreaterThan(0)
    expect(result.faultedLookups).toBeGreaterThan(0)
    expect(result.asyncModifications).toBeGreaterThan(0)
    // Every line was exercised, and the careful user did retry.
    for (const count of Object.values(result.operations)) expect(count).toBeGreaterThan(0)
    expect(result.retries).toBeGreaterThan(0)
    expect({
      duplicates: result.findings.duplicates,
      wrong: result.findings.wrong,
      unresolved: result.findings.unresolved,
      unhandled: result.unhandled,
      untyped: result.findings.untyped,
    }).toEqual({ duplicates: 0, wrong: [], unresolved: 0, unhandled: 0, untyped: 0 })
    expect(passed(result)).toBe(true)
    expect(table).toContain('| **outcomes reported wrongly**')
  }, 120_000)

  test('the audit sees what a careless user leaves: with no retry, faulted calls stay unknown and the campaign fails', async () => {
    const result = await runCampaign({
      seed: 2,
      calls: 24,
      faultRate: 0.5,
      maxSends: 1,
      timing,
      wait: fastWait,
    })
    expect(result.findings.unresolved).toBeGreaterThan(0)
    expect(passed(result)).toBe(false)
  }, 60_000)
})

describe('createPlan', () => {
  const menu = faultMenu(timing)

  test('the same seed gives the same plan; another seed another', () => {
    const plan = (seed: number) =>
      createPlan({ seed, calls: 300, faultRate: 0.2, menu }).map(
        (c) => `${c.operation}:${c.fault?.label ?? ''}`,
      )
    expect(plan(4)).toEqual(plan(4))
    expect(plan(4)).not.toEqual(plan(5))
  })

  test('round(calls x faultRate) calls are faulted, going round the whole menu', () => {
    const plan = createPlan({ seed: 9, calls: 1000, faultRate: 0.2, menu })
    const faulted = plan.filter((c) => c.fault)
    expect(faulted).toHaveLength(200)
    expect(new Set(faulted.map((c) => c.fault?.label))).toEqual(new Set(menu.map((f) => f.label)))
  })
})

describe('createPlan (matrix)', () => {
  test('every operation meets every fault once, after four unfaulted calls each', () => {
    const menu = faultMenu(timing)
    const plan = createPlan({ seed: 3, calls: 0, faultRate: 0, menu, matrix: true })
    const pairs = plan.filter((c) => c.fault).map((c) => `${c.operation}:${c.fault?.label}`)
    expect(plan).toHaveLength(operations.length * menu.length * 5)
    expect(new Set(pairs).size).toBe(operations.length * menu.length)
    expect(plan.every((c) => (c.fault !== undefined) === (c.index % 5 === 4))).toBe(true)
  })
})

describe('faultMenu', () => {
  test('holds every fault kind the sandbox offers', () => {
    const kinds = new Set(faultMenu(timing).map((f) => f.fault.kind))
    for (const kind of faultKinds) expect(kinds).toContain(kind)
  })

  test('one delay lands within the reconciliation window, one between its end and the retry, one after the retry', () => {
    const delays = faultMenu(timing).flatMap((f) => (f.fault.delayMs ? [f.fault.delayMs] : []))
    const window = timing.timeoutMs + reconcileWindowMs(timing.reconcile)
    const retry = window + retryPauseMs(timing)
    expect(delays.filter((d) => d > timing.timeoutMs && d < window)).toHaveLength(1)
    expect(delays.filter((d) => d > window && d < retry)).toHaveLength(1)
    expect(delays.filter((d) => d > retry)).toHaveLength(1)
  })
})

describe('nextStep', () => {
  const unknown = new UnknownOutcomeError({
    reason: 'timeout',
    endpoint: 'unified.placeOrder',
    method: 'POST',
    path: '/api/v3/trade/place-order',
  })

  test('an outcome left unknown is sent again only as its retryWith', () => {
    const error = new OrderOutcomeUnknownError({
      error: unknown,
      attempts: 5,
      clientOid: 'a',
      retryWith: { clientOid: 'a' },
    })
    expect(nextStep(error, { clientOid: 'b' })).toEqual({
      kind: 'retry',
      reason: 'unknown',
      parameters: { clientOid: 'a' },
      waitMs: 0,
    })
  })

  test('a 429 is sent again as it was, after Retry-After', () => {
    const error = new RateLimitedError({
      code: '429',
      msg: 'Too Many Requests',
      status: 429,
      endpoint: 'x',
      method: 'POST',
      path: '/x',
      retryAfterMs: 1000,
    })
    expect(nextStep(error, { a: 1 })).toEqual({
      kind: 'retry',
      reason: 'rate-limited',
      parameters: { a: 1 },
      waitMs: 1000,
    })
  })

  test('an unknown outcome without retryWith is final (securities); a plain Error is untyped', () => {
    expect(nextStep(unknown, {})).toMatchObject({ kind: 'final', report: { status: 'unknown' } })
    expect(nextStep(new TypeError('x'), {})).toEqual({
      kind: 'final',
      report: { status: 'untyped', error: 'TypeError' },
    })
  })
})

describe('audit', () => {
  const place = (clientOid: string, report: Intent['report']): Intent => ({
    call: 0,
    operation: 'unified.place',
    fault: undefined,
    target: { kind: 'place', line: 'unified', clientOid },
    report,
    sends: 1,
  })
  const truth = (orders: Truth['orders'], executions: Truth['executions'] = []): Truth => ({
    orders,
    executions,
    reference: '[]',
  })

  test('reported placed and present with its orderId: nothing found', () => {
    const findings = audit(
      [place('c1-a', { status: 'ok', orderId: '1' })],
      truth([{ orderId: '1', clientOid: 'c1-a', status: 'live' }]),
      'c1-',
    )
    expect(findings).toMatchObject({ duplicates: 0, wrong: [], unresolved: 0, untyped: 0 })
  })

  test.each([
    ['reported placed, absent', { status: 'ok', orderId: '1' }, []],
    [
      'wrong orderId',
      { status: 'ok', orderId: '2' },
      [{ orderId: '1', clientOid: 'c1-a', status: 'live' }],
    ],
    [
      'reported not placed, present',
      { status: 'not-applied', error: 'OrderNotPlacedError' },
      [{ orderId: '1', clientOid: 'c1-a', status: 'live' }],
    ],
  ] as const)('%s: a wrong outcome', (_, report, orders) => {
    expect(audit([place('c1-a', report)], truth(orders), 'c1-').wrong).toHaveLength(1)
  })

  test('an order no intent asked for (a retry under a new clientOid) is a duplicate', () => {
    const findings = audit(
      [place('c1-a', { status: 'ok', orderId: '1' })],
      truth([
        { orderId: '1', clientOid: 'c1-a', status: 'live' },
        { orderId: '2', clientOid: 'generated', status: 'live' },
      ]),
      'c1-',
    )
    expect(findings.duplicates).toBe(1)
  })

  test('still unknown or hung is unresolved; an untyped throw is counted', () => {
    const findings = audit(
      [
        place('c1-a', { status: 'unknown', error: 'OrderOutcomeUnknownError' }),
        place('c1-b', { status: 'hung' }),
        place('c1-c', { status: 'untyped', error: 'TypeError' }),
      ],
      truth([]),
      'c1-',
    )
    expect(findings).toMatchObject({ unresolved: 2, untyped: 1 })
  })

  test('securities: an unknown report is correct (not unresolved) and counted by the truth; a quantity executed twice is a duplicate', () => {
    const stock = (quantity: number, report: Intent['report']): Intent => ({
      call: 0,
      operation: 'securities.place',
      fault: undefined,
      target: { kind: 'stock', quantity },
      report,
      sends: 1,
    })
    const findings = audit(
      [
        stock(1, { status: 'unknown', error: 'UnknownOutcomeError' }),
        stock(2, { status: 'unknown', error: 'UnknownOutcomeError' }),
        stock(3, { status: 'ok', orderId: '9' }),
      ],
      truth(
        [],
        [
          { orderId: '8', quantity: 1 },
          { orderId: '9', quantity: 3 },
          { orderId: '10', quantity: 3 },
        ],
      ),
      'c1-',
    )
    expect(findings).toMatchObject({
      unresolved: 0,
      duplicates: 1,
      securities: { placed: 1, unknownPlaced: 1, unknownAbsent: 1 },
    })
  })
})
