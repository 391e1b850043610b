import { describe, expect, test } from 'vitest'
import * as PositionMode from './PositionMode.js'

type UnifiedRow = [
  quote: string,
  PositionMode.Intent,
  PositionMode.Mode,
  PositionMode.UnifiedFields,
]
type ClassicRow = [
  quote: string,
  PositionMode.Intent,
  PositionMode.Mode,
  PositionMode.ClassicFields,
]

// unified order rule 4.
const unifiedRows: UnifiedRow[] = [
  [
    'Hedge mode: open long = side `buy` + posSide `long`',
    'open_long',
    'hedge',
    { side: 'buy', posSide: 'long' },
  ],
  [
    'Hedge mode: open short = `sell` + `short`',
    'open_short',
    'hedge',
    { side: 'sell', posSide: 'short' },
  ],
  [
    'Hedge mode: close long = `sell` + `long`',
    'close_long',
    'hedge',
    { side: 'sell', posSide: 'long' },
  ],
  [
    'Hedge mode: close short = `buy` + `short`',
    'close_short',
    'hedge',
    { side: 'buy', posSide: 'short' },
  ],
  ['One-way mode: open long = `buy`', 'open_long', 'one_way', { side: 'buy' }],
  ['One-way mode: open short = `sell`', 'open_short', 'one_way', { side: 'sell' }],
  [
    'One-way mode: close long = `sell` + reduceOnly `yes`',
    'close_long',
    'one_way',
    { side: 'sell', reduceOnly: 'yes' },
  ],
  [
    'One-way mode: close short = `buy` + reduceOnly `yes`',
    'close_short',
    'one_way',
    { side: 'buy', reduceOnly: 'yes' },
  ],
]

// classic order rule 1.
const classicRows: ClassicRow[] = [
  [
    'Hedge mode: open long = side `buy` + tradeSide `open`',
    'open_long',
    'hedge',
    { side: 'buy', tradeSide: 'open' },
  ],
  [
    'Hedge mode: close long = `buy` + `close`',
    'close_long',
    'hedge',
    { side: 'buy', tradeSide: 'close' },
  ],
  [
    'Hedge mode: open short = `sell` + `open`',
    'open_short',
    'hedge',
    { side: 'sell', tradeSide: 'open' },
  ],
  [
    'Hedge mode: close short = `sell` + `close`',
    'close_short',
    'hedge',
    { side: 'sell', tradeSide: 'close' },
  ],
  [
    'One-way mode: side `buy` or `sell`, tradeSide ignored (open long)',
    'open_long',
    'one_way',
    { side: 'buy' },
  ],
  [
    'One-way mode: side `buy` or `sell`, tradeSide ignored (open short)',
    'open_short',
    'one_way',
    { side: 'sell' },
  ],
  [
    'One-way mode: side `buy` or `sell`, tradeSide ignored (close long)',
    'close_long',
    'one_way',
    { side: 'sell', reduceOnly: 'YES' },
  ],
  [
    'One-way mode: side `buy` or `sell`, tradeSide ignored (close short)',
    'close_short',
    'one_way',
    { side: 'buy', reduceOnly: 'YES' },
  ],
]

const every = PositionMode.intents.flatMap((intent) =>
  PositionMode.modes.map((mode) => [intent, mode] as const),
)

describe('toUnified', () => {
  test.each(unifiedRows)('%s', (_, intent, mode, fields) => {
    expect(PositionMode.toUnified(intent, mode)).toEqual(fields)
  })

  test('every intent in every mode has its own fields', () => {
    for (const mode of PositionMode.modes) {
      const seen = new Set(
        PositionMode.intents.map((intent) => JSON.stringify(PositionMode.toUnified(intent, mode))),
      )
      expect(seen.size).toBe(PositionMode.intents.length)
    }
  })
})

describe('fromUnified', () => {
  test.each(unifiedRows)('%s (fields to intent)', (_, intent, mode, fields) => {
    expect(PositionMode.fromUnified(fields, mode)).toBe(intent)
  })

  test.each(every)('round-trips %s in %s mode', (intent, mode) => {
    expect(PositionMode.fromUnified(PositionMode.toUnified(intent, mode), mode)).toBe(intent)
  })

  test('reduceOnly ... default `no`: one-way reduceOnly no opens', () => {
    expect(PositionMode.fromUnified({ side: 'sell', reduceOnly: 'no' }, 'one_way')).toBe(
      'open_short',
    )
  })

  test.each([
    ['hedge', { side: 'buy' }],
    ['hedge', { side: 'buy', posSide: 'long', reduceOnly: 'yes' }],
    ['one_way', { side: 'buy', posSide: 'long' }],
  ] as const)('fields that do not fit %s mode have no intent: %j', (mode, fields) => {
    expect(PositionMode.fromUnified(fields, mode)).toBeUndefined()
  })
})

describe('toClassic', () => {
  test.each(classicRows)('%s', (_, intent, mode, fields) => {
    expect(PositionMode.toClassic(intent, mode)).toEqual(fields)
  })
})

describe('fromClassic', () => {
  test.each(classicRows)('%s (fields to intent)', (_, intent, mode, fields) => {
    expect(PositionMode.fromClassic(fields, mode)).toBe(intent)
  })

  test.each(every)('round-trips %s in %s mode', (intent, mode) => {
    expect(PositionMode.fromClassic(PositionMode.toClassic(intent, mode), mode)).toBe(intent)
  })

  test.each([
    ['hedge', { side: 'buy' }],
    ['hedge', { side: 'buy', tradeSide: 'open', reduceOnly: 'NO' }],
    ['one_way', { side: 'buy', tradeSide: 'open' }],
  ] as const)('fields that do not fit %s mode have no intent: %j', (mode, fields) => {
    expect(PositionMode.fromClassic(fields, mode)).toBeUndefined()
  })
})

describe('checkUnified', () => {
  test.each(every)('the fields of %s in %s mode pass', (intent, mode) => {
    expect(PositionMode.checkUnified(PositionMode.toUnified(intent, mode), mode)).toEqual([])
  })

  test('posSide ... required in hedge mode', () => {
    expect(PositionMode.checkUnified({ side: 'buy' }, 'hedge')).toMatchInlineSnapshot(`
      [
        {
          "expected": ""long" or "short" (required in hedge mode)",
          "message": "posSide: expected "long" or "short" (required in hedge mode), received undefined",
          "path": [
            "posSide",
          ],
          "received": "undefined",
          "type": "missing",
        },
      ]
    `)
  })

  test('must be omitted in one-way mode (else error)', () => {
    expect(
      PositionMode.checkUnified({ side: 'buy', posSide: 'long' }, 'one_way'),
    ).toMatchInlineSnapshot(`
      [
        {
          "expected": "no value in one-way mode (hedge mode only)",
          "message": "posSide: expected no value in one-way mode (hedge mode only), received "long"",
          "path": [
            "posSide",
          ],
          "received": ""long"",
          "type": "forbidden",
        },
      ]
    `)
  })

  test.each(['yes', 'no'] as const)(
    'reduceOnly ... one-way mode only: reduceOnly %j is forbidden in hedge mode',
    (reduceOnly) => {
      const issues = PositionMode.checkUnified(
        { side: 'sell', posSide: 'long', reduceOnly },
        'hedge',
      )
      expect(issues.map((issue) => [issue.type, issue.path])).toEqual([
        ['forbidden', ['reduceOnly']],
      ])
    },
  )

  test('both hedge issues at once, under a path prefix', () => {
    const issues = PositionMode.checkUnified({ side: 'buy', reduceOnly: 'yes' }, 'hedge', [3])
    expect(issues.map((issue) => issue.message)).toEqual([
      '[3].posSide: expected "long" or "short" (required in hedge mode), received undefined',
      '[3].reduceOnly: expected no value in hedge mode (one-way mode only), received "yes"',
    ])
  })
})

describe('checkClassic', () => {
  test.each(every)('the fields of %s in %s mode pass', (intent, mode) => {
    expect(PositionMode.checkClassic(PositionMode.toClassic(intent, mode), mode)).toEqual([])
  })

  test('tradeSide | string | hedge mode only', () => {
    const issues = PositionMode.checkClassic({ side: 'buy' }, 'hedge')
    expect(issues.map((issue) => [issue.type, issue.path, issue.expected])).toEqual([
      ['missing', ['tradeSide'], '"open" or "close" (required in hedge mode)'],
    ])
  })

  test('tradeSide ignored in one-way mode: sending it is flagged as a mode mistake', () => {
    const issues = PositionMode.checkClassic({ side: 'buy', tradeSide: 'open' }, 'one_way')
    expect(issues.map((issue) => issue.message)).toEqual([
      'tradeSide: expected no value in one-way mode (hedge mode only), received "open"',
    ])
  })

  test('reduceOnly | string | no | `YES`, `NO`; default `NO`; one-way mode only', () => {
    const issues = PositionMode.checkClassic(
      { side: 'buy', tradeSide: 'close', reduceOnly: 'YES' },
      'hedge',
      ['orderList', 0],
    )
    expect(issues.map((issue) => [issue.type, issue.path])).toEqual([
      ['forbidden', ['orderList', 0, 'reduceOnly']],
    ])
  })
})

describe('isModeIssue: the issues on which a client reads the account mode again', () => {
  test("the mode rules' own issues, of both lines, at any depth", () => {
    const classic = [
      ...PositionMode.checkClassic({ side: 'buy' }, 'hedge'),
      ...PositionMode.checkClassic({ side: 'buy', tradeSide: 'open' }, 'one_way', ['orderList', 3]),
    ]
    const unified = [
      ...PositionMode.checkUnified({ side: 'buy' }, 'hedge'),
      ...PositionMode.checkUnified({ side: 'buy', posSide: 'long' }, 'one_way', ['orders', 1]),
    ]
    expect(classic.length > 1 && unified.length > 1).toBe(true)
    expect(classic.map((issue) => PositionMode.isModeIssue(issue, 'classic'))).toEqual(
      classic.map(() => true),
    )
    expect(unified.map((issue) => PositionMode.isModeIssue(issue, 'unified'))).toEqual(
      unified.map(() => true),
    )
  })

  test("a wrong type or value of a mode field, another field, or the other line's field is not", () => {
    const issue = (type: string, path: (string | number)[]) =>
      ({ type, path, expected: '', received: '', message: '' }) as never
    expect([
      PositionMode.isModeIssue(issue('type', ['reduceOnly']), 'classic'),
      PositionMode.isModeIssue(issue('value', ['posSide']), 'unified'),
      PositionMode.isModeIssue(issue('missing', ['price']), 'unified'),
      PositionMode.isModeIssue(issue('forbidden', ['tradeSide']), 'unified'),
      PositionMode.isModeIssue(issue('forbidden', ['posSide']), 'classic'),
      PositionMode.isModeIssue(issue('mismatch', ['holdSide']), 'classic'),
    ]).toEqual([false, false, false, false, false, true])
  })
})
