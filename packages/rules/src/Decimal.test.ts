import { describe, expect, test } from 'vitest'
import * as Decimal from './Decimal.js'

const notDecimals = [
  ['an exponent', '1e3'],
  ['an upper-case exponent', '1E-7'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['the empty string', ''],
  ['leading white space', ' 1'],
  ['trailing white space', '1 '],
  ['a line break', '1\n'],
  ['a leading +', '+1'],
  ['two dots', '1.2.3'],
  ['a leading dot', '.5'],
  ['a trailing dot', '5.'],
  ['a leading zero', '01'],
  ['leading zeros before a dot', '00.5'],
  ['a comma', '1,5'],
  ['a hex literal', '0x10'],
  ['an underscore', '1_000'],
  ['a non-ASCII digit', '١'],
] as const

describe('isDecimal', () => {
  test('All amounts, prices and quantities in requests are JSON strings', () => {
    expect(Decimal.isDecimal('0.25')).toBe(true)
    expect(Decimal.isDecimal(0.25)).toBe(false)
    expect(Decimal.isDecimal(null)).toBe(false)
  })

  test.each(['0', '0.0', '1', '10', '100.50', '0.00000001', '123456789012345678901234567890'])(
    'accepts %j',
    (value) => {
      expect(Decimal.isDecimal(value)).toBe(true)
    },
  )

  test.each(notDecimals)('rejects %s: %j', (_, value) => {
    expect(Decimal.isDecimal(value)).toBe(false)
  })

  test('rejects a sign', () => {
    expect(Decimal.isDecimal('-1')).toBe(false)
  })
})

describe('isSignedDecimal', () => {
  test.each(['-1', '-0.5', '0', '12.5'])('accepts %j', (value) => {
    expect(Decimal.isSignedDecimal(value)).toBe(true)
  })

  test.each([...notDecimals, ['two signs', '--1'] as const, ['a lone sign', '-'] as const])(
    'rejects %s: %j',
    (_, value) => {
      expect(Decimal.isSignedDecimal(value)).toBe(false)
    },
  )
})

describe('places', () => {
  test.each([
    ['1', 0],
    ['1.5', 1],
    ['1.250', 3],
    ['0.00000001', 8],
    ['-0.05', 2],
  ])('places(%j) is %i, trailing zeros included', (value, expected) => {
    expect(Decimal.places(value)).toBe(expected)
  })
})

describe('trimZeros', () => {
  test.each([
    ['100.50', '100.5'],
    ['100.0', '100'],
    ['100', '100'],
    ['0.000', '0'],
    ['0.0100', '0.01'],
    ['-1.500', '-1.5'],
    ['1000', '1000'],
    [`1.${'0'.repeat(70)}1000`, `1.${'0'.repeat(70)}1`],
  ])(
    'decision: the normalised decimal of %j is %j (trailing fractional zeros removed, exactly)',
    (value, expected) => {
      expect(Decimal.trimZeros(value)).toBe(expected)
    },
  )

  test('throws on a value that is not a decimal string', () => {
    expect(() => Decimal.trimZeros('1.50e2')).toThrow(Decimal.InvalidError)
  })
})

describe('isMultipleOf', () => {
  test.each([
    ['100.5', '0.5', true],
    ['100.3', '0.5', false],
    ['0.3', '0.1', true],
    ['0.30000000000000004', '0.1', false],
    ['1.000', '0.001', true],
    ['0.0015', '0.001', false],
    ['0', '0.25', true],
    ['-1.5', '0.5', true],
    ['7', '7', true],
    ['21', '7', true],
    ['22', '7', false],
    ['9007199254740993', '3', true],
    ['9007199254740993', '2', false],
    ['90071992547409.93', '0.01', true],
    ['0.000000000000001', '0.000000000000002', false],
    ['1000000000000000000000000', '0.0000000000000000000001', true],
    ['12345678901234567890123456789012345678901234567890123456789012345678.9', '0.3', true],
    ['12345678901234567890123456789012345678901234567890123456789012345679', '0.3', false],
  ] as const)('isMultipleOf(%j, %j) is %j', (value, step, expected) => {
    expect(Decimal.isMultipleOf(value, step)).toBe(expected)
  })

  test('a step of 0 constrains nothing', () => {
    expect(Decimal.isMultipleOf('1.2345', '0')).toBe(true)
  })

  test('throws on a value or step that is not a decimal string', () => {
    expect(() => Decimal.isMultipleOf('1e2', '1')).toThrow(Decimal.InvalidError)
    expect(() => Decimal.isMultipleOf('1', '1e-2')).toThrow(Decimal.InvalidError)
  })
})

describe('roundToStep', () => {
  test.each([
    ['100.37', '0.05', 'down', '100.35'],
    ['100.37', '0.05', 'up', '100.40'],
    ['100.37', '0.05', 'nearest', '100.35'],
    ['100.375', '0.05', 'nearest', '100.40'],
    ['100.38', '0.05', 'nearest', '100.40'],
    ['100.35', '0.05', 'up', '100.35'],
    ['100.35', '0.05', 'down', '100.35'],
    ['7', '0.5', 'down', '7.0'],
    ['7.7', '2', 'down', '6'],
    ['7.7', '2', 'up', '8'],
    ['7', '2', 'nearest', '8'],
    ['0.0004', '0.001', 'down', '0.000'],
    ['0.0004', '0.001', 'up', '0.001'],
    ['-1.5', '1', 'down', '-2'],
    ['-1.5', '1', 'up', '-1'],
    ['-1.5', '1', 'nearest', '-2'],
    ['-1.4', '1', 'nearest', '-1'],
  ] as const)('roundToStep(%j, %j, %j) is %j', (value, step, rounding, expected) => {
    expect(Decimal.roundToStep(value, step, rounding)).toBe(expected)
  })

  test('rounds to the nearest step by default', () => {
    expect(Decimal.roundToStep('2.6', '0.5')).toBe('2.5')
  })

  test('is exact past 64 significant digits (counterexample of the old quotient rounding)', () => {
    const justAboveOne = `1.${'0'.repeat(70)}1`
    expect(Decimal.roundToStep(justAboveOne, '1', 'up')).toBe('2')
    expect(Decimal.roundToStep(`0.${'4'.repeat(70)}9`, '1', 'nearest')).toBe('0')
    expect(Decimal.roundToStep(`0.${'9'.repeat(70)}`, '1', 'down')).toBe('0')
  })

  test.each([
    [
      '999999999999999999999999999999999999999999999999999999999999779',
      '224.8',
      'up',
      '1000000000000000000000000000000000000000000000000000000000000003.2',
    ],
    [
      '81975174408277506694059231117406738238843995207950890997454229081297500',
      '36553',
      'down',
      '81975174408277506694059231117406738238843995207950890997454229081297500',
    ],
    ['-62499985098838806152343750001', '2', 'up', '-62499985098838806152343750000'],
    ['-0.000000000000001', '100001', 'up', '0'],
  ] as const)(
    'counterexample: roundToStep(%j, %j, %j) is %j, exactly',
    (value, step, rounding, expected) => {
      expect(Decimal.roundToStep(value, step, rounding)).toBe(expected)
    },
  )

  test.each(['0', '-0.5'])('throws on a step that is not positive: %j', (step) => {
    expect(() => Decimal.roundToStep('1', step, 'down')).toThrow(Decimal.InvalidError)
  })

  test('throws on a value that is not a decimal string', () => {
    expect(() => Decimal.roundToStep('1e2', '1')).toThrow(Decimal.InvalidError)
  })
})

describe('roundToPlaces', () => {
  test.each([
    ['1.23456', 2, 'down', '1.23'],
    ['1.23456', 2, 'up', '1.24'],
    ['1.23456', 2, 'nearest', '1.23'],
    ['1.235', 2, 'nearest', '1.24'],
    ['1.2', 4, 'up', '1.2'],
    ['1.999', 0, 'down', '1'],
    ['1.001', 0, 'up', '2'],
    ['-1.235', 2, 'down', '-1.24'],
    ['-1.235', 2, 'up', '-1.23'],
    ['-0.001', 2, 'up', '0'],
  ] as const)('roundToPlaces(%j, %i, %j) is %j', (value, decimals, rounding, expected) => {
    expect(Decimal.roundToPlaces(value, decimals, rounding)).toBe(expected)
  })

  test('counterexample: round-down of -0.1 at no places is -1, not 0', () => {
    expect(Decimal.roundToPlaces('-0.1', 0, 'down')).toBe('-1')
    expect(Decimal.roundToPlaces('-0.1', 0, 'up')).toBe('0')
  })

  test('rounds to the nearest by default', () => {
    expect(Decimal.roundToPlaces('0.125', 2)).toBe('0.13')
  })
})

describe('lcm', () => {
  test.each([
    ['0.25', '0.1', '0.5'],
    ['0.003', '0.01', '0.03'],
    ['0.5', '1', '1'],
    ['0.3', '1', '3'],
    ['0.05', '0.01', '0.05'],
    ['4', '6', '12'],
    ['0.1', '0.1', '0.1'],
  ] as const)('lcm(%j, %j) is %j', (a, b, expected) => {
    expect(Decimal.lcm(a, b)).toBe(expected)
    expect(Decimal.lcm(b, a)).toBe(expected)
  })

  test('throws on a step that is not positive', () => {
    expect(() => Decimal.lcm('0', '1')).toThrow(Decimal.InvalidError)
    expect(() => Decimal.lcm('1', '-1')).toThrow(Decimal.InvalidError)
  })
})

describe('compare', () => {
  test.each([
    ['1.10', '1.1', 0],
    ['1', '2', -1],
    ['2', '1', 1],
    ['0.30000000000000004', '0.3', 1],
    ['-1', '0', -1],
    ['0.001', '0.0010', 0],
    ['999999999999999', '999999999999998', 1],
    ['9007199254740993', '9007199254740992', 1],
    ['0.000000000000001', '0.0000000000000011', -1],
    ['-0', '0', 0],
  ] as const)('compare(%j, %j) is %i', (a, b, expected) => {
    expect(Decimal.compare(a, b)).toBe(expected)
  })

  test('throws on a value that is not a decimal string', () => {
    expect(() => Decimal.compare('NaN', '1')).toThrow(Decimal.InvalidError)
  })
})

describe('normalize', () => {
  test('decision: fields typed number in one place and string in another are normalised to decimal strings', () => {
    expect(Decimal.normalize(12.5)).toBe('12.5')
    expect(Decimal.normalize('12.50')).toBe('12.50')
  })

  test.each([
    [0, '0'],
    [-0, '0'],
    [100, '100'],
    [0.005, '0.005'],
    [1e-7, '0.0000001'],
    [1.5e-10, '0.00000000015'],
    [1e21, '1000000000000000000000'],
    [1.2345e25, '12345000000000000000000000'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    [5e-324, `0.${'0'.repeat(323)}5`],
  ])('writes the number %d in plain notation, never an exponent: %j', (value, expected) => {
    const out = Decimal.normalize(value)
    expect(out).toBe(expected)
    expect(Decimal.isDecimal(out)).toBe(true)
  })

  test('0.1 + 0.2 is the number 0.30000000000000004, and stays that number', () => {
    expect(Decimal.normalize(0.1 + 0.2)).toBe('0.30000000000000004')
  })

  test.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['a negative number', -1],
    ['an exponent string', '1e3'],
    ['a string with white space', ' 1'],
    ['the empty string', ''],
    ['a negative string', '-1'],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['a bigint', 10n],
    ['an object', {}],
  ])('gives undefined for %s', (_, value) => {
    expect(Decimal.normalize(value)).toBeUndefined()
  })

  test('takes a sign only when asked to', () => {
    expect(Decimal.normalize(-1.5, { signed: true })).toBe('-1.5')
    expect(Decimal.normalize(-1e-7, { signed: true })).toBe('-0.0000001')
    expect(Decimal.normalize('-2.5', { signed: true })).toBe('-2.5')
    expect(Decimal.normalize('+2.5', { signed: true })).toBeUndefined()
  })
})

describe('add, subtract, multiply', () => {
  test.each([
    ['0.1', '0.2', '0.3', '-0.1', '0.02'],
    ['1.50', '2.50', '4', '-1', '3.75'],
    ['-1', '1', '0', '-2', '-1'],
    ['0', '-0.000', '0', '0', '0'],
    ['64250.5', '0.015', '64250.515', '64250.485', '963.7575'],
    [
      `1.${'0'.repeat(70)}1`,
      '1',
      `2.${'0'.repeat(70)}1`,
      `0.${'0'.repeat(70)}1`,
      `1.${'0'.repeat(70)}1`,
    ],
  ] as const)(
    '%j and %j: sum %j, difference %j, product %j (exact, trailing zeros removed)',
    (a, b, sum, difference, product) => {
      expect(Decimal.add(a, b)).toBe(sum)
      expect(Decimal.subtract(a, b)).toBe(difference)
      expect(Decimal.multiply(a, b)).toBe(product)
    },
  )

  test('throws on a value that is not a decimal string', () => {
    expect(() => Decimal.add('1e2', '1')).toThrow(Decimal.InvalidError)
    expect(() => Decimal.subtract('1', 'NaN')).toThrow(Decimal.InvalidError)
    expect(() => Decimal.multiply('', '1')).toThrow(Decimal.InvalidError)
  })
})

describe('roundToPlaces arguments', () => {
  test.each([-1, 1.5, Number.NaN, 2e9])('throws a RangeError on %d places', (decimals) => {
    expect(() => Decimal.roundToPlaces('1.5', decimals)).toThrow(RangeError)
  })

  test('throws Decimal.InvalidError on a value that is not a decimal string', () => {
    expect(() => Decimal.roundToPlaces('1e2', 2)).toThrow(Decimal.InvalidError)
  })
})
