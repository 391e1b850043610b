import { describe, expect, test } from 'vitest'
import { isOptionSymbol, isSymbol, isUsSymbol, regionOf, tickerOf } from './symbol.js'

describe('isSymbol', () => {
  test.each(['AAPL.US', 'BRK.B.US', '700.HK', 'AAPL260116C00150000.US', 'brk-b.US'])(
    'Symbol: string in `ticker.region` form (region suffix such as `.US`): %j',
    (symbol) => {
      expect(isSymbol(symbol)).toBe(true)
    },
  )

  test('option contract symbols use the same form', () => {
    expect(isSymbol('AAPL260116C00150000.US')).toBe(true)
    expect(isSymbol('TSLA261218P00250000.US')).toBe(true)
  })

  test.each(['AAPL', '.US', 'AAPL.', 'AAPL.us', 'AAPL. US', ' AAPL.US', 'AAPL.U', '', 'AA PL.US'])(
    'rejects %j',
    (symbol) => {
      expect(isSymbol(symbol)).toBe(false)
    },
  )

  test('rejects values that are no strings', () => {
    expect(isSymbol(1)).toBe(false)
    expect(isSymbol(undefined)).toBe(false)
  })
})

describe('regionOf', () => {
  test('the part after the last dot', () => {
    expect(regionOf('BRK.B.US')).toBe('US')
    expect(regionOf('700.HK')).toBe('HK')
    expect(regionOf('AAPL')).toBeUndefined()
  })
})

describe('tickerOf', () => {
  test('the part before the last dot', () => {
    expect(tickerOf('BRK.B.US')).toBe('BRK.B')
    expect(tickerOf('AAPL260116C00150000.US')).toBe('AAPL260116C00150000')
    expect(tickerOf('AAPL')).toBeUndefined()
  })
})

describe('isUsSymbol', () => {
  test('stocks and options of the `.US` region', () => {
    expect(isUsSymbol('AAPL.US')).toBe(true)
    expect(isUsSymbol('AAPL260116C00150000.US')).toBe(true)
    expect(isUsSymbol('700.HK')).toBe(false)
    expect(isUsSymbol('AAPL')).toBe(false)
  })
})

describe('isOptionSymbol', () => {
  test.each([
    ['AAPL260116C00150000.US', true],
    ['SPY261218P00500000.US', true],
    ['AAPL.US', false],
    ['AAPL260116X00150000.US', false],
    ['AAPL26011C00150000.US', false],
    ['BRK.B.US', false],
  ])('%j is an option contract: %s', (symbol, option) => {
    expect(isOptionSymbol(symbol)).toBe(option)
  })
})
