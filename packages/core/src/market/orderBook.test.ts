import { fc, test as fcTest } from '@fast-check/vitest'
import { describe, expect, test } from 'vitest'
import { crc32 } from './crc32.js'
import {
  type BookLevel,
  compareDecimals,
  createOrderBook,
  createVerifiedOrderBook,
  defaultMaxBookLevels,
} from './orderBook.js'

/**
 * The array elements `run` moves through `splice` (each insert or removal shifts every element
 * after it): the work a book does that grows with its size, counted instead of timed.
 */
function shifted(run: () => void): number {
  const splice = Array.prototype.splice
  let moves = 0
  Array.prototype.splice = function (this: unknown[], ...args: [number, number, ...unknown[]]) {
    moves += Math.max(0, this.length - args[0])
    return splice.apply(this, args)
  } as typeof splice
  try {
    run()
  } finally {
    Array.prototype.splice = splice
  }
  return moves
}

describe('crc32', () => {
  test('the standard check value: CRC-32 of "123456789" is 0xCBF43926, read as a signed integer', () => {
    expect(crc32('123456789')).toBe(0xcbf43926 | 0)
  })

  test('UTF-8 bytes and the empty text', () => {
    expect(crc32('')).toBe(0)
    // zlib.crc32 of the two bytes c3 a9
    expect(crc32('é') >>> 0).toBe(0x0e048d3e)
  })
})

describe('compareDecimals', () => {
  test.each([
    ['27000.0', '27000', 0],
    ['0.10', '0.09', 1],
    ['9.9', '10', -1],
    ['0005', '5.000', 0],
    ['0.5000', '0.5', 0],
    ['12345678901234567890.1', '12345678901234567890.01', 1],
  ] as const)('%s vs %s is %i', (a, b, order) => {
    expect(compareDecimals(a, b)).toBe(order)
    expect(compareDecimals(b, a)).toBe(order === 0 ? 0 : -order)
  })
})

describe('createOrderBook', () => {
  test("the exchange's documented checksum text: bids and asks interleaved, level by level", () => {
    const book = createOrderBook()
    book.snapshot(
      [
        ['43231.1', '4'],
        ['43231', '6'],
      ],
      [
        ['43232.8', '9'],
        ['43232.9', '8'],
      ],
    )
    expect(book.checksumText()).toBe('43231.1:4:43232.8:9:43231:6:43232.9:8')
    // zlib.crc32 of that text, signed (the same function ccxt's bitget uses)
    expect(book.checksum()).toBe(-1504501796)
  })

  test('"When the bid or ask depth data is less than 25 levels, the missing depth data will be ignored"', () => {
    const book = createOrderBook()
    book.snapshot(
      [['3366.1', '7']],
      [
        ['3366.8', '9'],
        ['3368', '8'],
        ['3372', '8'],
      ],
    )
    expect(book.checksumText()).toBe('3366.1:7:3366.8:9:3368:8:3372:8')
  })

  test("\"If price is '0.5000', DO NOT calculate the checksum by '0.5'\": the texts as received", () => {
    const book = createOrderBook()
    book.snapshot([['0.5000', '1.00']], [['0.5010', '2.50']])
    expect(book.checksumText()).toBe('0.5000:1.00:0.5010:2.50')
    // the same price written another way replaces the level's text
    book.update([['0.50', '3']], [])
    expect(book.bids()).toEqual([['0.50', '3']])
  })

  test('a size of 0 removes a level; a new price is inserted in order; only 25 levels are hashed', () => {
    const book = createOrderBook()
    const bids: BookLevel[] = Array.from({ length: 30 }, (_, i) => [String(100 - i), '1'])
    book.snapshot(bids, [['101', '2']])
    book.update(
      [
        ['100', '0'],
        ['99.5', '4'],
      ],
      [
        ['101', '0.000'],
        ['102', '1'],
      ],
    )
    expect(book.bestBid()).toEqual(['99.5', '4'])
    expect(book.bestAsk()).toEqual(['102', '1'])
    expect(book.bids(3)).toEqual([
      ['99.5', '4'],
      ['99', '1'],
      ['98', '1'],
    ])
    expect(book.checksumText().split(':').length).toBe(25 * 2 + 2)
  })

  test('depth bounds what is kept', () => {
    const book = createOrderBook({ depth: 2 })
    book.snapshot(
      [
        ['1', '1'],
        ['3', '1'],
        ['2', '1'],
      ],
      [],
    )
    expect(book.bids()).toEqual([
      ['3', '1'],
      ['2', '1'],
    ])
    expect(() => createOrderBook({ depth: 0 })).toThrow('depth must be a whole number from 1')
  })

  test('a level that is not two decimal strings is refused with the side named', () => {
    const book = createOrderBook()
    expect(() => book.update([['1e5', '1']], [])).toThrow('the bid price must be a decimal string')
    expect(() => book.update([], [['1', '-1']])).toThrow('the ask size must be a decimal string')
  })

  test('a push with one bad level changes nothing, a snapshot or an update, on either side', () => {
    const book = createOrderBook()
    book.snapshot([['10', '1']], [['11', '1']])
    const bad: BookLevel[] = [
      ['9', '2'],
      ['8', '2'],
      ['x', '1'],
    ]
    expect(() => book.snapshot(bad, [['12', '1']])).toThrow(
      'the bid price must be a decimal string',
    )
    expect(() => book.update([['10', '0']], [['12', '-1']])).toThrow('the ask size')
    expect(book.bids()).toEqual([['10', '1']])
    expect(book.asks()).toEqual([['11', '1']])
  })

  test('the verified book keeps every level and shows `depth`: a level removed inside the top 25 brings the 26th into the checksum', () => {
    const levels: BookLevel[] = Array.from({ length: 30 }, (_, i) => [String(100 - i), '1'])
    const shown = createVerifiedOrderBook(25)
    const whole = createOrderBook()
    for (const book of [shown, whole]) {
      book.snapshot(levels, [['101', '1']])
      book.update([['90', '0']], [])
    }
    expect(shown.depth).toBe(25)
    expect(shown.bids()).toEqual(whole.bids(25))
    expect(shown.bids(3)).toEqual(whole.bids(3))
    expect(shown.bids(40)).toHaveLength(25)
    expect(shown.bids(-1)).toEqual([])
    expect(shown.checksumText()).toContain('75:1')
    expect(shown.checksum()).toBe(whole.checksum())
    // The bounded book threw the 26th away and hashes one level short.
    const trimmed = createOrderBook({ depth: 25 })
    trimmed.snapshot(levels, [['101', '1']])
    trimmed.update([['90', '0']], [])
    expect(trimmed.checksum()).not.toBe(whole.checksum())
  })

  test('a snapshot in reverse order is sorted once: no level is shifted (before: one insert at the front per level, n²/2 moves)', () => {
    const n = 5_000
    // Bids best (highest) first is their order; lowest first is the reverse, and asks the same.
    const bids: BookLevel[] = Array.from({ length: n }, (_, i) => [String(1_000 + i), '1'])
    const asks: BookLevel[] = Array.from({ length: n }, (_, i) => [String(100_000 - i), '1'])
    const book = createOrderBook()
    expect(shifted(() => book.snapshot(bids, asks))).toBe(0)
    expect(book.bestBid()).toEqual([String(1_000 + n - 1), '1'])
    expect(book.bestAsk()).toEqual([String(100_000 - n + 1), '1'])
    expect(book.bids()).toHaveLength(n)
  })

  test('a long update in reverse order is merged in one pass: no level is shifted (before: n·k moves); a short one moves at most its levels times the side', () => {
    const n = 5_000
    const book = createOrderBook()
    book.snapshot(
      Array.from({ length: n }, (_, i) => [`${20_000 - 2 * i}`, '1']),
      [],
    )
    // n new prices between the known ones, worst (lowest) first: each would go to the front half.
    const between: BookLevel[] = Array.from({ length: n }, (_, i) => [`${10_001 + 2 * i}.5`, '2'])
    expect(shifted(() => book.update(between, []))).toBe(0)
    expect(book.bids()).toHaveLength(2 * n)
    expect(book.bids(3)).toEqual([
      ['20000', '1'],
      ['19999.5', '2'],
      ['19998', '1'],
    ])
    // A short update (a few levels, the exchange's usual push) is put in place.
    const moves = shifted(() =>
      book.update(
        [
          ['20001', '1'],
          ['19998', '0'],
        ],
        [],
      ),
    )
    expect(moves).toBeLessThanOrEqual(2 * 2 * n)
    expect(book.bids(3)).toEqual([
      ['20001', '1'],
      ['20000', '1'],
      ['19999.5', '2'],
    ])
  })

  test('decision: a side over maxLevels empties the book and throws naming the limit (default 10000 a side, 25 times the 400 the exchange sends)', () => {
    const levels = (count: number, from = 1): BookLevel[] =>
      Array.from({ length: count }, (_, i) => [String(from + i), '1'])
    const small = createOrderBook({ maxLevels: 3 })
    expect(() => small.snapshot(levels(4), [])).toThrow(
      'the bids would hold 4 levels, over maxLevels (3 a side): the book was emptied',
    )
    expect(small.bids()).toEqual([])
    small.snapshot(levels(3), levels(3, 10))
    expect(() => small.update([], [['9', '1']])).toThrow(
      'the asks would hold 4 levels, over maxLevels (3 a side)',
    )
    expect(small.bids()).toEqual([])
    expect(small.asks()).toEqual([])
    // A price named twice, or a zero size, is not a level.
    small.snapshot([...levels(3), ['1', '2'], ['7', '0']], [])
    expect(small.bids()).toHaveLength(3)
    // A bounded book keeps `depth`: only what it keeps counts.
    createOrderBook({ depth: 2, maxLevels: 3 }).snapshot(levels(10), [])
    expect(() => createOrderBook({ maxLevels: 0 })).toThrow(
      'maxLevels must be a whole number from 1',
    )

    expect(defaultMaxBookLevels).toBe(10_000)
    // The market stream's incremental book: every level kept, up to the default.
    const verified = createVerifiedOrderBook(25)
    verified.snapshot(levels(defaultMaxBookLevels), [])
    expect(verified.bids()).toHaveLength(25)
    verified.update([['1', '0']], [])
    verified.update([['0.5', '1']], [])
    expect(() => verified.update([['0.25', '1']], [])).toThrow(
      'the bids would hold 10001 levels, over maxLevels (10000 a side): the book was emptied',
    )
    expect(verified.bids()).toEqual([])
  })

  // A reference model: a map from the price's value (as a canonical text) to its level, sorted
  // at read time with exact BigInt arithmetic on scaled integers.
  const price = fc
    .tuple(fc.integer({ min: 1, max: 400 }), fc.constantFrom('', '.0', '.5', '.50', '.25'))
    .map(([i, f]) => `${i}${f}`)
  const size = fc.constantFrom('0', '0.000', '1', '2.5', '0.001', '10')
  const levelArb = fc.tuple(price, size) as fc.Arbitrary<BookLevel>
  const scaled = (p: string) => {
    const [i = '0', f = ''] = p.split('.')
    return BigInt(i) * 10_000n + BigInt(`${f}0000`.slice(0, 4))
  }
  const model = () => {
    const sides = { bids: new Map<bigint, BookLevel>(), asks: new Map<bigint, BookLevel>() }
    const apply = (side: Map<bigint, BookLevel>, [p, s]: BookLevel) => {
      if (/^0+(\.0+)?$/.test(s)) side.delete(scaled(p))
      else side.set(scaled(p), [p, s])
    }
    const sorted = (side: Map<bigint, BookLevel>, desc: boolean) =>
      [...side.entries()]
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0) * (desc ? -1 : 1))
        .map(([, l]) => l)
    return {
      snapshot(b: readonly BookLevel[], a: readonly BookLevel[]) {
        sides.bids.clear()
        sides.asks.clear()
        for (const l of b) apply(sides.bids, l)
        for (const l of a) apply(sides.asks, l)
      },
      update(b: readonly BookLevel[], a: readonly BookLevel[]) {
        for (const l of b) apply(sides.bids, l)
        for (const l of a) apply(sides.asks, l)
      },
      bids: (depth?: number) => sorted(sides.bids, true).slice(0, depth),
      asks: (depth?: number) => sorted(sides.asks, false).slice(0, depth),
    }
  }

  // Updates of up to 20 levels a side: the short ones are put in place, the long ones merged.
  fcTest.prop([
    fc.array(levelArb, { maxLength: 40 }),
    fc.array(levelArb, { maxLength: 40 }),
    fc.array(
      fc.tuple(fc.array(levelArb, { maxLength: 20 }), fc.array(levelArb, { maxLength: 20 })),
      { maxLength: 40 },
    ),
  ])(
    'after a snapshot and any updates, short or long, the book equals the reference model',
    (b, a, updates) => {
      const book = createOrderBook()
      const ref = model()
      book.snapshot(b, a)
      ref.snapshot(b, a)
      for (const [ub, ua] of updates) {
        book.update(ub, ua)
        ref.update(ub, ua)
        expect(book.bids()).toEqual(ref.bids())
        expect(book.asks()).toEqual(ref.asks())
        expect(book.bestBid()).toEqual(ref.bids()[0])
      }
    },
  )

  fcTest.prop([fc.array(levelArb, { maxLength: 40 }), fc.integer({ min: 1, max: 10 })])(
    "a bounded book is the model's first `depth` levels after a snapshot",
    (b, depth) => {
      const book = createOrderBook({ depth })
      const ref = model()
      book.snapshot(b, [])
      ref.snapshot(b, [])
      expect(book.bids()).toEqual(ref.bids(depth))
    },
  )
})
