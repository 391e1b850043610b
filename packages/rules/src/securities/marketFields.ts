/** Field schemas the candlestick endpoints share. */
import * as v from 'valibot'
import { bounded, oneOf } from '../internal/fields.js'
import { expects, fieldCheck } from '../internal/valibot.js'
import { adjustTypes, candleCountMax, candlePeriods, candleSessions } from './candles.js'
import { looseIntegerText, symbol } from './fields.js'
import { normalizeExpiryDate } from './values.js'

const keys = <const table extends Record<string, string>>(table: table) =>
  Object.keys(table) as [keyof table & string, ...(keyof table & string)[]]

/** A code given as a string or a number, sent as a string. */
function code<const values extends readonly [string, ...string[]]>(values: values) {
  return v.pipe(
    expects(v.union([v.string(), v.number()]), values.map((item) => `"${item}"`).join(' | ')),
    v.transform((value) => String(value)),
    oneOf(values),
  )
}

/** The fields of market/candlestick; history-candlestick adds `forward` and `time`. */
export const candleFields = {
  symbol,
  period: oneOf(candlePeriods),
  count: v.optional(looseIntegerText({ min: 1, max: candleCountMax })),
  adjustType: v.optional(code(keys(adjustTypes))),
  tradeSessions: v.optional(code(keys(candleSessions))),
}

/** A boolean, or its text `'true'`/`'false'`, sent as that text (GET query values travel as text). */
export const flag = v.pipe(
  expects(v.union([v.boolean(), v.string()]), 'true or false'),
  v.transform((value) => String(value)),
  oneOf(['true', 'false']),
)

/** The largest Unix time in milliseconds with at most 13 digits (the year 2286). */
const maxUnixMillis = 9_999_999_999_999

/**
 * A Unix time in milliseconds, given as a number or a digit string (at most 13 digits), sent as
 * a string; fewer than 11 digits is read as seconds by mistake and refused.
 */
export const unixMillis = v.pipe(
  expects(
    v.union([bounded(13, { pattern: /^\d+$/, expected: 'digits' }), v.number()]),
    'Unix milliseconds (number or digit string)',
  ),
  v.transform((value) => Number(value)),
  fieldCheck(
    'range',
    'Unix milliseconds: an integer from 10000000000 to 9999999999999 (not seconds)',
    (value: number) => Number.isSafeInteger(value) && value >= 1e10 && value <= maxUnixMillis,
  ),
  v.transform((value) => String(value)),
)

/**
 * An option expiry date given as `YYYY-MM-DD`, `YYYYMMDD` or `YYMMDD` (text or number), sent as
 * `YYYYMMDD`; a day that does not exist is refused.
 */
export const optionExpiryDate = v.pipe(
  expects(v.union([bounded(10), v.number()]), 'a date: YYYY-MM-DD, YYYYMMDD or YYMMDD'),
  v.transform((value) => normalizeExpiryDate(value) ?? ''),
  fieldCheck(
    'format',
    'a real day written YYYY-MM-DD, YYYYMMDD or YYMMDD',
    (value: string) => value !== '',
  ),
  v.transform((value) => value.replaceAll('-', '')),
)
