import { fc, test as prop } from '@fast-check/vitest'
import { describe, expect, test } from 'vitest'
import {
  contractTypeName,
  contractTypes,
  isTradeDirection,
  isTradeSession,
  normalizeExpiryDate,
  optionDirectionName,
  optionDirections,
  riskLevelName,
  riskLevels,
  tradeDirections,
  tradeSessions,
  tradeStatuses,
  tradeStatusName,
  tradeTypeName,
  tradeTypes,
} from './values.js'

describe('tradeStatuses', () => {
  test('Option trade status codes (`tradeStatus`, string): 0 Normal, 1 Suspended, 2 Delisted, 3 Circuit breaker, 4 Pending listing, 5 Code change, 6 Pre-market, 7 Rebase suspension, 8 Expired (derivatives), 9 Warrants pending listing, 10 Terminated.', () => {
    const quoted =
      '0 Normal, 1 Suspended, 2 Delisted, 3 Circuit breaker, 4 Pending listing, 5 Code change, 6 Pre-market, 7 Rebase suspension, 8 Expired (derivatives), 9 Warrants pending listing, 10 Terminated'
    const table = Object.entries(tradeStatuses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([code, name]) => `${code} ${name}`)
      .join(', ')
    expect(table).toBe(quoted)
  })
})

describe('tradeStatusName', () => {
  test.each([
    ['0', 'Normal'],
    [3, 'Circuit breaker'],
    ['10', 'Terminated'],
    ['11', undefined],
    ['toString', undefined],
    ['', undefined],
  ] as const)('%j -> %j', (code, name) => {
    expect(tradeStatusName(code)).toBe(name)
  })
})

describe('riskLevels', () => {
  test('Account risk level (`riskLevel`, number): 0 Safe, 1 Medium risk, 2 Warning, 3 Danger.', () => {
    expect(riskLevels).toEqual({ 0: 'Safe', 1: 'Medium risk', 2: 'Warning', 3: 'Danger' })
  })
})

describe('riskLevelName', () => {
  test.each([
    [0, 'Safe'],
    [1, 'Medium risk'],
    ['2', 'Warning'],
    [3, 'Danger'],
    [4, undefined],
    [-1, undefined],
  ] as const)('%j -> %j', (level, name) => {
    expect(riskLevelName(level)).toBe(name)
  })
})

describe('tradeTypes', () => {
  test('Trade types (`tradeType`): space = regular sale, `B` = average price trade, `E` = automatic execution, `H` = price variation trade, `I` = odd lot trade.', () => {
    expect(tradeTypes).toEqual({
      ' ': 'Regular sale',
      B: 'Average price trade',
      E: 'Automatic execution',
      H: 'Price variation trade',
      I: 'Odd lot trade',
    })
  })
})

describe('tradeTypeName', () => {
  test.each([
    [' ', 'Regular sale'],
    ['B', 'Average price trade'],
    ['E', 'Automatic execution'],
    ['H', 'Price variation trade'],
    ['I', 'Odd lot trade'],
    ['b', undefined],
    ['X', undefined],
  ] as const)('%j -> %j', (code, name) => {
    expect(tradeTypeName(code)).toBe(name)
  })

  test('decision: an empty tradeType is read as the space of a regular sale', () => {
    expect(tradeTypeName('')).toBe('Regular sale')
  })
})

describe('tradeSessions', () => {
  test('Trade session (`tradeSession`): `Intraday`, `Pre`, `Post`, `Overnight`.', () => {
    expect(tradeSessions).toEqual(['Intraday', 'Pre', 'Post', 'Overnight'])
  })
})

describe('isTradeSession', () => {
  test('accepts the four sessions only', () => {
    expect(tradeSessions.every(isTradeSession)).toBe(true)
    expect(isTradeSession('intraday')).toBe(false)
    expect(isTradeSession(1)).toBe(false)
  })
})

describe('tradeDirections', () => {
  test('`direction` (`Up`, `Down`, `Neutral`)', () => {
    expect(tradeDirections).toEqual(['Up', 'Down', 'Neutral'])
  })
})

describe('isTradeDirection', () => {
  test('accepts the three directions only', () => {
    expect(tradeDirections.every(isTradeDirection)).toBe(true)
    expect(isTradeDirection('up')).toBe(false)
  })
})

describe('optionDirections', () => {
  test('Option fields: direction `P` put or `C` call', () => {
    expect(optionDirections).toEqual({ P: 'Put', C: 'Call' })
  })
})

describe('optionDirectionName', () => {
  test('P, C and unknown codes', () => {
    expect(optionDirectionName('P')).toBe('Put')
    expect(optionDirectionName('C')).toBe('Call')
    expect(optionDirectionName('p')).toBeUndefined()
  })
})

describe('contractTypes', () => {
  test('contractType `A` American or `U` European', () => {
    expect(contractTypes).toEqual({ A: 'American', U: 'European' })
  })
})

describe('contractTypeName', () => {
  test('A, U and unknown codes', () => {
    expect(contractTypeName('A')).toBe('American')
    expect(contractTypeName('U')).toBe('European')
    expect(contractTypeName('E')).toBeUndefined()
  })
})

describe('normalizeExpiryDate', () => {
  test('`expiryDate` (described as a YYMMDD date while the sample is an 8-digit date; accept both)', () => {
    expect(normalizeExpiryDate('260116')).toBe('2026-01-16')
    expect(normalizeExpiryDate('20260116')).toBe('2026-01-16')
  })

  test('decision: `expiryDate` as YYMMDD or YYYYMMDD is accepted in both forms, string or number, and normalised to `YYYY-MM-DD`', () => {
    expect(normalizeExpiryDate(260116)).toBe('2026-01-16')
    expect(normalizeExpiryDate(20260116)).toBe('2026-01-16')
  })

  test('a number of fewer than six digits lost its leading zeros', () => {
    expect(normalizeExpiryDate(90116)).toBe('2009-01-16')
  })

  test('a value already YYYY-MM-DD is kept', () => {
    expect(normalizeExpiryDate('2026-01-16')).toBe('2026-01-16')
  })

  test.each([
    '260230',
    '20260230',
    '270229',
    '261301',
    '260100',
    '2026116',
    '2026-02-30',
    '26-01-16',
    ' 260116',
    '',
  ])('rejects %j', (value) => {
    expect(normalizeExpiryDate(value)).toBeUndefined()
  })

  test.each([260116.5, -260116, Number.NaN, 1234567])('rejects the number %j', (value) => {
    expect(normalizeExpiryDate(value)).toBeUndefined()
  })

  test('a leap day is a day in a leap year only', () => {
    expect(normalizeExpiryDate('280229')).toBe('2028-02-29')
    expect(normalizeExpiryDate('21000229')).toBeUndefined()
  })

  prop.prop([
    fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
  ])('every day of 2000 to 2099 reads the same as YYMMDD, YYYYMMDD and YYYY-MM-DD', (date) => {
    const iso = date.toISOString().slice(0, 10)
    const compact = iso.replaceAll('-', '')
    expect(normalizeExpiryDate(compact.slice(2))).toBe(iso)
    expect(normalizeExpiryDate(compact)).toBe(iso)
    expect(normalizeExpiryDate(Number(compact))).toBe(iso)
    expect(normalizeExpiryDate(iso)).toBe(iso)
  })
})
