import { describe, expect, test } from 'vitest'
import { audit, type Truth } from './audit.js'
import type { Change } from './history.js'
import type { Intent, Target, Window } from './intents.js'
import type { Operation } from './plan.js'

/** Made-up histories: each change given its sequence number. */
const order = (seq: number, orderId: string, clientOid: string, more: Partial<Change> = {}) =>
  ({
    seq,
    change: 'add',
    kind: 'order',
    orderId,
    clientOid,
    line: 'unified',
    status: 'live',
    price: '3000',
    qty: '0.01',
    filledQty: '0',
    ...more,
  }) as Change
const update = (seq: number, from: Change, more: Partial<Change>) =>
  ({ ...from, seq, change: 'update', ...more }) as Change
const strategy = (seq: number, orderId: string, more: Partial<Change> = {}) =>
  ({
    seq,
    change: 'add',
    kind: 'strategy',
    orderId,
    clientOid: null,
    line: 'unified',
    status: 'live',
    qty: '0.0101',
    ...more,
  }) as Change

const truth = (history: Change[], executions: Truth['executions'] = []): Truth => ({
  history,
  executions,
  reference: '[]',
})
const made = (
  operation: Operation,
  target: Target,
  report: Intent['report'],
  window?: Window,
  sends = 1,
): Intent => ({ call: 7, operation, fault: undefined, target, report, sends, window })
const ok = (orderId: string | null): Intent['report'] => ({ status: 'ok', orderId })
const refused = (code: string): Intent['report'] => ({ status: 'refused', error: 'ApiError', code })
const zeros = { duplicates: 0, wrong: [], unresolved: 0, untyped: 0 }
/** No wrong outcome (the orders changed were placed before: no intent of the test asked for them). */
const right = { wrong: [], unresolved: 0, untyped: 0 }

describe('audit: placements', () => {
  const place = (clientOid: string, report: Intent['report'], window?: Window) =>
    made('unified.place', { kind: 'place', line: 'unified', clientOid }, report, window)

  test('reported placed and added with its orderId within the window: nothing found', () => {
    const findings = audit(
      [place('c1-a', ok('1'), { start: 0, settled: 1 })],
      truth([order(1, '1', 'c1-a')]),
      'c1-',
    )
    expect(findings).toMatchObject(zeros)
  })

  test.each([
    ['reported placed, absent', ok('1'), []],
    ['wrong orderId', ok('2'), [order(1, '1', 'c1-a')]],
    ['reported not placed, present', refused('43118'), [order(1, '1', 'c1-a')]],
    ['added only after the call settled', ok('1'), [order(3, '1', 'c1-a')]],
  ] as const)('%s: a wrong outcome', (_, report, history) => {
    const findings = audit(
      [place('c1-a', report, { start: 0, settled: 2 })],
      truth([...history]),
      'c1-',
    )
    expect(findings.wrong).toHaveLength(1)
    expect(findings.wrong[0]).toMatchObject({ call: 7, operation: 'unified.place' })
  })

  test('a wrong outcome says what was claimed and shows the history around the window', () => {
    const [wrong] = audit(
      [place('c1-a', refused('43118'), { start: 1, settled: 3 })],
      truth([
        order(2, '1', 'c1-a'),
        update(4, order(2, '1', 'c1-a'), { status: 'cancelled', cancelReason: 'user' }),
      ]),
      'c1-',
    ).wrong
    expect(wrong).toEqual({
      call: 7,
      operation: 'unified.place',
      fault: undefined,
      target: 'unified order clientOid c1-a',
      claimed: 'refused: ApiError 43118',
      what: 'reported not placed, the order 1 was added (#2)',
      window: { start: 1, settled: 3 },
      history: [
        '> #2 add order 1 (c1-a) live price 3000 qty 0.01',
        '+ #4 update order 1 (c1-a) cancelled (user) price 3000 qty 0.01',
      ],
    })
  })

  test('an order no intent asked for (a retry under a new clientOid) is a duplicate', () => {
    const findings = audit(
      [place('c1-a', ok('1'))],
      truth([order(1, '1', 'c1-a'), order(2, '2', 'generated')]),
      'c1-',
    )
    expect(findings).toMatchObject({ duplicates: 1, strays: 1 })
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

  test('securities: an unknown report of an order made after the call settled is correct and counted by the truth; a quantity executed twice is a duplicate', () => {
    const stock = (quantity: number, report: Intent['report']) => ({
      ...made('securities.place', { kind: 'stock', quantity }, report),
      truth: { settledAt: 1000 },
    })
    const findings = audit(
      [
        stock(1, { status: 'unknown', error: 'StockOrderOutcomeUnknownError' }),
        stock(2, { status: 'unknown', error: 'StockOrderOutcomeUnknownError' }),
        stock(3, ok('9')),
      ],
      truth(
        [],
        [
          // A late request: made after the call settled, no lookup could find it.
          { orderId: '8', quantity: 1, time: 1500 },
          { orderId: '9', quantity: 3, time: 900 },
          { orderId: '10', quantity: 3, time: 950 },
        ],
      ),
      'c1-',
    )
    expect(findings).toMatchObject({
      unresolved: 0,
      duplicates: 1,
      securities: { placed: 1, unknownSettleable: 0, unknownPlaced: 1, unknownAbsent: 1 },
    })
  })

  test('securities: an unknown report of an order made before the call settled is unresolved (a lookup could settle it)', () => {
    const findings = audit(
      [
        {
          ...made(
            'securities.place',
            { kind: 'stock', quantity: 4 },
            { status: 'unknown', error: 'StockOrderOutcomeUnknownError' },
          ),
          truth: { settledAt: 1000 },
        },
      ],
      truth([], [{ orderId: '11', quantity: 4, time: 999 }]),
      'c1-',
    )
    expect(findings).toMatchObject({
      unresolved: 1,
      securities: { unknownSettleable: 1, unknownPlaced: 0, unknownAbsent: 0 },
    })
  })
})

describe('audit: modifications (judged by the history window)', () => {
  const placed = order(1, '1', 'c1-a')
  const modify = (price: string, report: Intent['report'], window: Window, sends = 1) =>
    made(
      'unified.twinModify',
      { kind: 'modify', line: 'unified', orderId: '1', price },
      report,
      window,
      sends,
    )

  test('twin modifications to two prices, both applied within their windows: nothing found', () => {
    const history = [
      placed,
      update(3, placed, { price: '2000.01' }),
      update(4, placed, { price: '2000.02' }),
    ]
    const findings = audit(
      [
        modify('2000.01', ok('1'), { start: 2, settled: 5 }),
        modify('2000.02', ok('1'), { start: 2, settled: 5 }),
      ],
      truth(history),
      'c1-',
    )
    expect(findings).toMatchObject(right)
  })

  test('twin modifications to one price: both reported done are right when the order showed the price within each window (a modification sets values); a report whose window never saw it is wrong', () => {
    const twice = [
      placed,
      update(3, placed, { price: '2000.01' }),
      update(4, placed, { price: '2000.01' }),
    ]
    const once = [placed, update(3, placed, { price: '2000.01' })]
    const twins = [
      modify('2000.01', ok('1'), { start: 2, settled: 5 }),
      modify('2000.01', ok('1'), { start: 2, settled: 6 }, 2),
    ]
    expect(audit(twins, truth(twice), 'c1-').wrong).toEqual([])
    expect(audit(twins, truth(once), 'c1-').wrong).toEqual([])
    const early = [modify('2000.01', ok('1'), { start: 1, settled: 2 })]
    expect(audit(early, truth(once), 'c1-').wrong[0]?.what).toBe(
      'reported modified, the modification to price 2000.01 came only after the call settled (#3)',
    )
  })

  test('twin modifications to one price: one refused while the other applied it is no contradiction; an application nobody could have made is', () => {
    const once = [placed, update(3, placed, { price: '2000.01' })]
    const twins = [
      modify('2000.01', ok('1'), { start: 2, settled: 5 }),
      modify('2000.01', refused('40009'), { start: 2, settled: 5 }),
    ]
    expect(audit(twins, truth(once), 'c1-').wrong).toEqual([])
    const twice = [...once, update(4, placed, { price: '2000.01' })]
    expect(audit(twins, truth(twice), 'c1-').wrong).toHaveLength(1)
  })

  test('a modification reported done that applied only after the call settled, or never, is wrong; one reported refused that applied is wrong', () => {
    const late = [placed, update(6, placed, { price: '2000.01' })]
    expect(
      audit([modify('2000.01', ok('1'), { start: 2, settled: 5 })], truth(late), 'c1-').wrong[0]
        ?.what,
    ).toBe(
      'reported modified, the modification to price 2000.01 came only after the call settled (#6)',
    )
    expect(
      audit([modify('2000.01', ok('1'), { start: 2, settled: 5 })], truth([placed]), 'c1-').wrong[0]
        ?.what,
    ).toBe(
      'reported modified, the order never took price 2000.01 (at settlement: live, price 3000)',
    )
    expect(
      audit([modify('2000.01', refused('43020'), { start: 2, settled: 5 })], truth(late), 'c1-')
        .wrong[0]?.what,
    ).toBe("reported not modified, the order took price 2000.01 (#6), this call's value")
  })

  test('a fill is not a modification: reported not modified while only a fill came is right; a modification to the price in force, reported done, is right (the order shows it)', () => {
    const history = [
      order(1, '1', 'c1-a', { price: '2000.01' }),
      update(3, order(1, '1', 'c1-a', { price: '2000.01' }), {
        filledQty: '0.005',
        status: 'partially_filled',
      }),
    ]
    expect(
      audit([modify('2000.01', refused('43020'), { start: 2, settled: 5 })], truth(history), 'c1-')
        .wrong,
    ).toEqual([])
    expect(
      audit([modify('2000.01', ok('1'), { start: 2, settled: 5 })], truth(history), 'c1-').wrong,
    ).toEqual([])
  })
})

describe('audit: cancels and classic modifications', () => {
  const old = order(1, '1', 'c1-c', { line: 'classic' })
  const cancel = (report: Intent['report'], window: Window) =>
    made(
      'classic.cancelVsModify',
      { kind: 'cancel', line: 'classic', orderId: '1' },
      report,
      window,
    )
  const replace = (report: Intent['report'], window: Window) =>
    made(
      'classic.cancelVsModify',
      { kind: 'replace', line: 'classic', orderId: '1', newClientOid: 'c1-cm-2' },
      report,
      window,
    )
  const replaced = [
    old,
    update(3, old, { status: 'cancelled', cancelReason: 'replaced' }),
    order(4, '2', 'c1-cm-2', { line: 'classic', price: '29001' }),
  ]
  const cancelled = [old, update(3, old, { status: 'cancelled', cancelReason: 'user' })]

  test('the cancel came first: cancel done, modification refused; nothing found', () => {
    const findings = audit(
      [
        cancel(ok('1'), { start: 2, settled: 5 }),
        replace(refused('43020'), { start: 2, settled: 5 }),
      ],
      truth(cancelled),
      'c1-',
    )
    expect(findings).toMatchObject(right)
  })

  test('the modification came first: a cancel reported refused is right; one reported done did not cancel the live successor', () => {
    const right = audit(
      [
        cancel(refused('43020'), { start: 2, settled: 5 }),
        replace(ok('2'), { start: 2, settled: 5 }),
      ],
      truth(replaced),
      'c1-',
    )
    expect(right).toMatchObject(right)
    const [wrong] = audit(
      [cancel(ok('1'), { start: 2, settled: 5 }), replace(ok('2'), { start: 2, settled: 5 })],
      truth(replaced),
      'c1-',
    ).wrong
    expect(wrong?.what).toBe(
      'reported cancelled, but the order was replaced by a classic modification (#3): its successor 2 (c1-cm-2) was not cancelled by this call (at settlement: live)',
    )
    expect(wrong?.history).toEqual([
      '< #1 add classic order 1 (c1-c) live price 3000 qty 0.01',
      '> #3 update classic order 1 (c1-c) cancelled (replaced) price 3000 qty 0.01',
      '> #4 add classic order 2 (c1-cm-2) live price 29001 qty 0.01',
    ])
  })

  test('a cancel that followed the replacement and cancelled the successor it reports is right', () => {
    const successor = replaced[2] as Change
    const history = [
      ...replaced,
      update(5, successor, { status: 'cancelled', cancelReason: 'user' }),
    ]
    const findings = audit([cancel(ok('2'), { start: 2, settled: 6 })], truth(history), 'c1-')
    expect(findings.wrong).toEqual([])
  })

  test.each([
    ['reported cancelled, the order was not', ok('1'), [old]],
    [
      'reported cancelled, cancelled only after the call settled',
      ok('1'),
      [old, update(7, old, { status: 'cancelled', cancelReason: 'user' })],
    ],
    ['reported refused, cancelled by a cancel', refused('43020'), cancelled],
    [
      'reported cancelled, filled',
      ok('1'),
      [old, update(3, old, { status: 'filled', filledQty: '0.01' })],
    ],
  ] as const)('%s: a wrong outcome', (_, report, history) => {
    expect(
      audit([cancel(report, { start: 2, settled: 5 })], truth([...history]), 'c1-').wrong,
    ).toHaveLength(1)
  })

  test('a classic modification: done needs the new order within the window and the old one cancelled as replaced; refused contradicts a new order', () => {
    expect(
      audit([replace(ok('2'), { start: 2, settled: 5 })], truth(replaced), 'c1-').wrong,
    ).toEqual([])
    expect(
      audit([replace(ok('3'), { start: 2, settled: 5 })], truth(replaced), 'c1-').wrong[0]?.what,
    ).toBe('reported orderId 3, the new order is 2')
    expect(
      audit([replace(refused('40786'), { start: 2, settled: 5 })], truth(replaced), 'c1-').wrong[0]
        ?.what,
    ).toBe('reported not modified, the order was replaced by 2 (#4)')
    expect(
      audit([replace(ok('2'), { start: 2, settled: 5 })], truth([old]), 'c1-').wrong,
    ).toHaveLength(1)
  })
})

describe('audit: strategy orders', () => {
  test('without a clientOid: unknown is counted by truth (not unresolved); refused while present is wrong', () => {
    const place = (qty: string, report: Intent['report']) =>
      made('strategy.trigger', { kind: 'strategy', type: 'trigger', qty }, report, {
        start: 0,
        settled: 9,
      })
    const findings = audit(
      [
        place('0.0101', { status: 'unknown', error: 'UnknownOutcomeError' }),
        place('0.0102', { status: 'unknown', error: 'UnknownOutcomeError' }),
        place('0.0103', ok('5')),
        place('0.0104', refused('40725')),
      ],
      truth([
        strategy(1, '4', { qty: '0.0101' }),
        strategy(2, '5', { qty: '0.0103' }),
        strategy(3, '6', { qty: '0.0104' }),
      ]),
      'c1-',
    )
    expect(findings).toMatchObject({
      unresolved: 0,
      duplicates: 0,
      strategies: { placed: 1, refused: 1, unknownPlaced: 1, unknownAbsent: 1 },
    })
    expect(findings.wrong.map((w) => w.what)).toEqual([
      'reported not placed, the order 6 was added (#3)',
    ])
  })

  test('tpsl: known by its clientOid; still unknown is unresolved; refused as a duplicate while its order is there is wrong', () => {
    const tpsl = (report: Intent['report']) =>
      made(
        'strategy.tpsl',
        { kind: 'strategy', type: 'tpsl', clientOid: 'c1-st-1', qty: '0.0101' },
        report,
      )
    const history = [strategy(1, '4', { clientOid: 'c1-st-1' })]
    expect(audit([tpsl(ok('4'))], truth(history), 'c1-')).toMatchObject(right)
    expect(audit([tpsl(refused('43118'))], truth(history), 'c1-').wrong).toHaveLength(1)
    expect(
      audit([tpsl({ status: 'unknown', error: 'OrderOutcomeUnknownError' })], truth(history), 'c1-')
        .unresolved,
    ).toBe(1)
  })

  test('modify and cancel: judged by the history; unknown (no lookup offered) counted by truth', () => {
    const live = strategy(1, '4')
    const history = [
      live,
      update(3, live, { qty: '0.0150' }),
      update(5, live, { status: 'cancelled' }),
    ]
    const modify = (report: Intent['report']) =>
      made('strategy.modify', { kind: 'strategyModify', orderId: '4', qty: '0.0150' }, report, {
        start: 2,
        settled: 4,
      })
    const cancel = (report: Intent['report']) =>
      made('strategy.cancel', { kind: 'strategyCancel', orderId: '4' }, report, {
        start: 4,
        settled: 6,
      })
    expect(audit([modify(ok('4')), cancel(ok('4'))], truth(history), 'c1-')).toMatchObject(right)
    expect(
      audit([modify(refused('40725')), cancel(refused('43020'))], truth(history), 'c1-').wrong,
    ).toHaveLength(2)
    const unknown = { status: 'unknown', error: 'UnknownOutcomeError' } as const
    expect(audit([modify(unknown), cancel(unknown)], truth(history), 'c1-')).toMatchObject({
      unresolved: 0,
      strategies: { changeUnknownApplied: 2, changeUnknownNotApplied: 0 },
    })
    // A client that reconciles them offers a retry: left unsent, the intent is unresolved.
    const offered = {
      status: 'unknown',
      error: 'OrderOutcomeUnknownError',
      retryable: true,
    } as const
    expect(audit([modify(offered)], truth(history), 'c1-').unresolved).toBe(1)
  })
})
