import { describe, expect, test } from 'vitest'
import * as ProductLine from './ProductLine.js'

describe('isRToken', () => {
  test.each([
    ['rAAPLUSDT', true],
    ['rTSLAUSDT', true],
    ['rBRK.BUSDT', true],
    ['rQQQUSDT', true],
    ['RUNEUSDT', false],
    ['rUSDT', false],
    ['raaplUSDT', false],
    ['AAPLUSDT', false],
    ['rAAPLUSDC', false],
    ['rAAPLUSDT ', false],
    ['rAAPL.US', false],
  ] as const)(
    'tokenized-stock spot pairs (called rToken pairs, symbol shape `r<TICKER>USDT`): %j is %j',
    (symbol, expected) => {
      expect(ProductLine.isRToken(symbol)).toBe(expected)
    },
  )
})

describe('isCoinMargined', () => {
  test.each([
    ['BTCUSD_CM', true],
    ['ETHUSD_CM', true],
    ['1000PEPEUSD_CM', true],
    ['BTCUSD', false],
    ['BTCUSDT', false],
    ['BTCUSDT_CM', false],
    ['btcusd_cm', false],
    ['USD_CM', false],
    ['BTCUSD_CMX', false],
  ] as const)(
    'COIN-margined symbols of the new line are written `<BASE>USD_CM`: %j is %j',
    (symbol, expected) => {
      expect(ProductLine.isCoinMargined(symbol)).toBe(expected)
    },
  )
})

describe('rTokenPattern', () => {
  test('is the pattern isRToken uses', () => {
    expect(ProductLine.rTokenPattern.test('rNVDAUSDT')).toBe(true)
    expect(ProductLine.rTokenPattern.flags).toBe('')
  })
})

describe('coinMarginedPattern', () => {
  test('is the pattern isCoinMargined uses', () => {
    expect(ProductLine.coinMarginedPattern.test('SOLUSD_CM')).toBe(true)
    expect(ProductLine.coinMarginedPattern.flags).toBe('')
  })
})
