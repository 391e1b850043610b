// The text of a decimal field: a decimal number reads (an exponent written out), anything else is
// refused; before, every text passed as if it were a decimal string.
import { Decimal } from '@tradeline/rules/shared'
import { describe, expect, test } from 'vitest'
import { decimalText } from './decimalText.js'

describe('decimalText', () => {
  test('a plain decimal is returned as sent (the same string)', () => {
    for (const text of [
      '0',
      '-0',
      '1',
      '27000.5',
      '-0.25',
      '0.00000001',
      '1.250',
      '123456789012345678901234567890.1',
    ])
      expect(decimalText(text)).toBe(text)
  })

  test('decision: text with an exponent is written out in plain notation, exactly', () => {
    expect(decimalText('1E-8')).toBe('0.00000001')
    expect(decimalText('0E-8')).toBe('0.00000000')
    expect(decimalText('1.5e+3')).toBe('1500')
    expect(decimalText('-2.5E-1')).toBe('-0.25')
    expect(decimalText('12.345e1')).toBe('123.45')
    expect(decimalText('0.5e1')).toBe('5')
    expect(decimalText('0E3')).toBe('0')
    expect(decimalText('123456789012345678901234567890e-30')).toBe(
      '0.123456789012345678901234567890',
    )
  })

  test('decision: text that is no decimal number is refused', () => {
    for (const text of [
      'NaN',
      'Infinity',
      '-Infinity',
      '1e5x',
      '00.5E0',
      '',
      '-',
      ' 1',
      '1 ',
      '+1',
      '.5',
      '1.',
      '01',
      '-01.5',
      '1,5',
      '0x10',
      '1e',
      'e5',
      '1e+',
      '1.2.3',
      '١٢',
      'abc',
      '1E100',
      '1e-100',
      '1e1000',
    ])
      expect([text, decimalText(text)]).toEqual([text, undefined])
  })

  test('what it returns is always a decimal string by the rules package', () => {
    const samples = ['7', '-3.25', '9.99e2', '1E-8', '-0.001e+3', '42e0', '5e40', '5e-40']
    for (const text of samples) expect(Decimal.isSignedDecimal(decimalText(text))).toBe(true)
  })
})
