import { describe, expect, test } from 'vitest'
import { daysInMonth, formatIsoDate, isCalendarDate, isIsoDate, isLeapYear } from './calendar.js'

describe('isLeapYear', () => {
  test.each([
    [2024, true],
    [2026, false],
    [1900, false],
    [2000, true],
    [2100, false],
  ])('%i is a leap year: %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap)
  })
})

describe('daysInMonth', () => {
  test('every month of a common and a leap year', () => {
    const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    expect(months.map((month) => daysInMonth(2026, month))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ])
    expect(daysInMonth(2028, 2)).toBe(29)
  })
})

describe('isCalendarDate', () => {
  test.each([
    [2026, 1, 16, true],
    [2026, 2, 28, true],
    [2026, 2, 29, false],
    [2028, 2, 29, true],
    [2026, 2, 30, false],
    [2026, 4, 31, false],
    [2026, 13, 1, false],
    [2026, 0, 1, false],
    [2026, 1, 0, false],
    [0, 1, 1, false],
    [2026, 1.5, 1, false],
  ])('%i-%i-%i is a real day: %s', (year, month, day, real) => {
    expect(isCalendarDate(year, month, day)).toBe(real)
  })
})

describe('isIsoDate', () => {
  test.each([
    ['2026-01-16', true],
    ['2026-02-30', false],
    ['2026-1-16', false],
    ['20260116', false],
    ['2026-01-16T00:00:00Z', false],
    [' 2026-01-16', false],
  ])('%j: %s', (text, real) => {
    expect(isIsoDate(text)).toBe(real)
  })
})

describe('formatIsoDate', () => {
  test('pads every part', () => {
    expect(formatIsoDate(2026, 1, 6)).toBe('2026-01-06')
  })
})
