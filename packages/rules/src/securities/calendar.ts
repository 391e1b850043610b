/**
 * Calendar dates by pure arithmetic: no `Date` parsing, so `2026-02-30` is never rolled over
 * into March and no time zone can shift a day.
 */

/** A date written `YYYY-MM-DD`. */
export const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `year` is a Gregorian leap year. */
export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
}

/** The number of days of a month (1 to 12) in a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** Whether year, month and day name a real day; years 1 to 9999. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false
  return day <= daysInMonth(year, month)
}

/** Whether `text` is a real day written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  const match = isoDatePattern.exec(text)
  if (!match) return false
  return isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))
}

/** Writes a day as `YYYY-MM-DD`. */
export function formatIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}
