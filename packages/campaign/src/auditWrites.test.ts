import { describe, expect, test } from 'vitest'
import { audit, type Truth } from './audit.js'
import type { Change } from './history.js'
import type { Intent, SettingTruth, Target, Window } from './intents.js'
import type { Operation } from './plan.js'

/** A made-up plan log: each save given its sequence number. */
const plan = (seq: number, orderId: string, clientOid: string, more: Partial<Change> = {}) =>
  ({
    seq,
    change: 'add',
    kind: 'plan',
    orderId,
    clientOid,
    line: 'classic',
    status: 'live',
    price: '100000',
    qty: '0.01',
    planType: 'normal_plan',
    ...more,
  }) as Change
const update = (seq: number, from: Change, more: Partial<Change>) =>
  ({ ...from, seq, change: 'update', ...more }) as Change
const truth = (plans: Change[]): Truth => ({ history: [], executions: [], reference: '[]', plans })
const made = (
  operation: Operation,
  target: Target,
  report: Intent['report'],
  window?: Window,
  settingTruth?: SettingTruth,
): Intent => ({
  call: 3,
  operation,
  fault: undefined,
  target,
  report,
  sends: 1,
  window,
  truth: settingTruth,
})
const ok = (orderId: string | null): Intent['report'] => ({ status: 'ok', orderId })
const refused = (code: string): Intent['report'] => ({ status: 'refused', error: 'ApiError', code })
const whats = (intents: Intent[], plans: Change[] = []) =>
  audit(intents, truth(plans), 'c1-').wrong.map((w) => w.what)

describe('audit: classic plan orders (against the plan log)', () => {
  const place = (clientOid: string, report: Intent['report'], window?: Window) =>
    made('plans.place', { kind: 'plan', planType: 'normal_plan', clientOid }, report, window)
  const added = plan(2, 'p1', 'c1-p-1')

  test('reported placed and added within the window with its orderId: right; reported refused while added: wrong', () => {
    expect(whats([place('c1-p-1', ok('p1'), { start: 1, settled: 2 })], [added])).toEqual([])
    expect(whats([place('c1-p-1', refused('40725'), { start: 1, settled: 2 })], [added])).toEqual([
      'reported not placed, the order p1 was added (#2)',
    ])
    expect(whats([place('c1-p-1', ok('p1'), { start: 1, settled: 2 })], [])).toEqual([
      'reported placed, no order was added for it',
    ])
  })

  test('a plan order no intent asked for is a stray, counted with the duplicates', () => {
    const findings = audit(
      [place('c1-p-1', ok('p1'), { start: 1, settled: 2 })],
      truth([added, plan(3, 'p2', 'c1-p-9')]),
      'c1-',
    )
    expect({ strays: findings.strays, duplicates: findings.duplicates }).toEqual({
      strays: 1,
      duplicates: 1,
    })
  })

  test('a new trigger: done when the plan order showed it within the window; not done contradicted by it from the start on', () => {
    const moved = update(5, added, { price: '100000.10' })
    const modify = (report: Intent['report'], window: Window) =>
      made(
        'plans.modify',
        { kind: 'planModify', orderId: 'p1', trigger: '100000.1' },
        report,
        window,
      )
    expect(whats([modify(ok('p1'), { start: 4, settled: 5 })], [added, moved])).toEqual([])
    expect(whats([modify(ok('p1'), { start: 4, settled: 4 })], [added, moved])).toEqual([
      'reported modified, the trigger was set only after the call settled (#5)',
    ])
    expect(whats([modify(ok('p1'), { start: 4, settled: 6 })], [added])).toEqual([
      'reported modified, the plan order never showed trigger 100000.1 (at settlement: live, trigger 100000)',
    ])
    expect(
      whats(
        [
          modify(
            { status: 'not-applied', error: 'OrderNotChangedError' },
            { start: 4, settled: 4 },
          ),
        ],
        [added, moved],
      ),
    ).toEqual(['reported not modified, the plan order took trigger 100000.1 (#5)'])
  })

  test('a cancel: done when cancelled within the window; a plan order cancelled before the call is not its doing', () => {
    const cancel = (report: Intent['report'], window: Window) =>
      made('plans.cancel', { kind: 'planCancel', orderId: 'p1' }, report, window)
    const cancelled = update(6, added, { status: 'cancelled' })
    expect(whats([cancel(ok('p1'), { start: 5, settled: 6 })], [added, cancelled])).toEqual([])
    expect(whats([cancel(ok('p1'), { start: 7, settled: 8 })], [added, cancelled])).toEqual([
      'reported cancelled, the plan order was not (at settlement: cancelled, trigger 100000)',
    ])
    expect(
      whats([cancel(refused('failureList'), { start: 5, settled: 5 })], [added, cancelled]),
    ).toEqual(['reported not cancelled, the plan order was cancelled (#6)'])
  })
})

describe('audit: settings writes (against the sandbox settings around the call)', () => {
  const target = {
    kind: 'setting',
    line: 'classic',
    setting: 'position mode',
    scope: 'USDT-FUTURES',
    asked: 'hedge',
  } as const
  const write = (report: Intent['report'], settingTruth: SettingTruth) =>
    made('classic.setPositionMode', target, report, undefined, settingTruth)
  const held = { holding: true, refusal: '40920' }
  const free = { holding: false, refusal: '40920' }

  test('reported applied: right when the setting shows the value at the settlement, wrong otherwise', () => {
    expect(whats([write(ok(null), { ...free, before: 'one_way', settled: 'hedge' })])).toEqual([])
    expect(
      whats([
        write(ok(null), { ...held, before: 'one_way', settled: 'one_way', later: 'one_way' }),
      ]),
    ).toEqual([
      "reported applied, the sandbox's position mode is not hedge (before one_way, at settlement one_way, once its late requests landed one_way)",
    ])
  })

  test("refused while a position was open: right, counted with the exchange's code; a refusal the sandbox applied (then or by a late request) is wrong", () => {
    const refusal = audit(
      [
        write(refused('40920'), {
          ...held,
          before: 'one_way',
          settled: 'one_way',
          later: 'one_way',
        }),
      ],
      truth([]),
      'c1-',
    )
    expect(refusal.wrong).toEqual([])
    expect(refusal.settings).toEqual({ applied: 0, refused: 1, refusedHolding: 1 })
    expect(
      whats([
        write(
          { status: 'not-applied', error: 'OrderNotChangedError' },
          { ...free, before: 'one_way', settled: 'one_way', later: 'hedge' },
        ),
      ]),
    ).toEqual([
      'reported not applied (OrderNotChangedError), the sandbox applied hedge (before one_way, at settlement one_way, once its late requests landed hedge)',
    ])
  })

  test('left unknown after every send is unresolved, not judged', () => {
    const findings = audit(
      [
        write(
          { status: 'unknown', error: 'UnknownOutcomeError', retryable: true },
          { ...free, before: 'one_way', settled: 'hedge', later: 'hedge' },
        ),
      ],
      truth([]),
      'c1-',
    )
    expect({ wrong: findings.wrong, unresolved: findings.unresolved }).toEqual({
      wrong: [],
      unresolved: 1,
    })
  })
})
