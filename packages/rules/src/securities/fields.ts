/** Field schemas of the securities endpoints (`/api/v3/stockplus`). */
import * as v from 'valibot'
import { create } from '../Issue.js'
import { bounded } from '../internal/fields.js'
import { expects, fieldCheck } from '../internal/valibot.js'
import { textLength } from '../Limits.js'
import { isIsoDate } from './calendar.js'
import { symbolPattern } from './symbol.js'

/** A symbol in `ticker.region` form, at most 32 characters. */
export const symbol = bounded(textLength.symbol, {
  pattern: symbolPattern,
  expected: 'a symbol in ticker.region form, e.g. AAPL.US',
})

/**
 * The most symbols of a list whose endpoint states no count (stock-position): 1000, the largest
 * count any stockplus endpoint takes (trade `count`, executions per query), so a list is never
 * unbounded.
 */
const securitiesSymbolListMax = 1000

/**
 * A list of symbols, given as an array or as a comma-separated string (items are trimmed) and
 * sent comma-separated (decision: the exchange docs do not state the separator). At most `max`
 * symbols (default 1000); the text is bounded before it is split.
 */
export function symbolList(options: { max?: number | undefined } = {}) {
  const max = options.max ?? securitiesSymbolListMax
  // The longest list text: `max` symbols of the longest length and their commas (and a space).
  const maxText = max * (textLength.symbol + 2)
  return v.pipe(
    expects(
      v.union([v.string(), v.array(v.string())]),
      'a comma-separated string or an array of symbols',
    ),
    // Bounded before it is split, so a megabyte of text is never cut into symbols.
    fieldCheck(
      'length',
      `at most ${maxText} characters (${max} symbols)`,
      (value: string | string[]) => typeof value !== 'string' || value.length <= maxText,
    ),
    v.transform((value): string[] =>
      typeof value === 'string' ? value.split(',').map((item) => item.trim()) : [...value],
    ),
    expects(v.maxLength<string[], number>(max), `at most ${max} symbols`),
    v.array(symbol),
    expects(v.minLength<string[], 1>(1), 'at least 1 symbol'),
    v.transform((list) => list.join(',')),
  )
}

const integerText = /^-?(?:0|[1-9]\d*)$/

/** An integer given as a JS number or as an integer string (at most 20 characters). */
const looseIntegerBase = expects(
  v.union([
    bounded(textLength.integer, { pattern: integerText, expected: 'an integer' }),
    v.pipe(v.number(), expects(v.integer(), 'an integer')),
  ]),
  'an integer (number or string)',
)

/** An integer in `[min, max]`, given as a number or an integer string, sent as a number. */
export function looseInteger(range: { readonly min: number; readonly max: number }) {
  return v.pipe(
    looseIntegerBase,
    v.transform((value) => Number(value)),
    fieldCheck(
      'range',
      `an integer from ${range.min} to ${range.max}`,
      (value: number) => value >= range.min && value <= range.max,
    ),
  )
}

/**
 * An integer in `[min, max]`, given as a number or an integer string, sent as a decimal
 * string (GET query values travel as strings).
 */
export function looseIntegerText(range: { readonly min: number; readonly max: number }) {
  return v.pipe(
    looseInteger(range),
    v.transform((value) => String(value)),
  )
}

/** The largest Unix time in seconds that has at most 10 digits (the year 2286). */
export const maxUnixSeconds = 9_999_999_999

/**
 * A Unix time in seconds, given as a number or an integer string, sent as a string. More than
 * 10 digits is read as milliseconds by mistake and rejected.
 */
export const unixSeconds = v.pipe(
  looseIntegerBase,
  v.transform((value) => Number(value)),
  fieldCheck(
    'range',
    'Unix seconds: an integer from 0 to 9999999999 (not milliseconds)',
    (value: number) => value >= 0 && value <= maxUnixSeconds,
  ),
  v.transform((value) => String(value)),
)

/** The largest Unix time in milliseconds that has at most 13 digits (the year 2286). */
export const maxUnixMillis = 9_999_999_999_999

/** A Unix time in milliseconds, given as a number or an integer string, sent as a string. */
export const unixMillis = v.pipe(
  looseIntegerBase,
  v.transform((value) => Number(value)),
  fieldCheck(
    'range',
    'Unix milliseconds: an integer from 0 to 9999999999999',
    (value: number) => value >= 0 && value <= maxUnixMillis,
  ),
  v.transform((value) => String(value)),
)

/**
 * A rule of a time window: `start` may not be after `end` (both Unix times of one unit, as
 * strings), reported on `start`.
 */
export function startNotAfterEnd<const start extends string, const end extends string>(
  start: start,
  end: end,
) {
  return (request: { readonly [key in start | end]?: string | undefined }) => {
    const from = request[start]
    const to = request[end]
    if (from === undefined || to === undefined || Number(from) <= Number(to)) return
    return [
      create({
        type: 'range',
        path: [start],
        expected: `at most ${end} (${to})`,
        received: JSON.stringify(from),
      }),
    ]
  }
}

/**
 * A request's price, quantity or amount: a decimal string (never a `number`, refused saying
 * so), sent normalised (no trailing fractional zeros: `149.50` as `149.5`); the positive one
 * greater than zero.
 */
export { decimalString, positiveDecimalString } from '../internal/fields.js'

/** A real calendar date written `YYYY-MM-DD`. */
export const isoDate = v.pipe(
  bounded(10),
  fieldCheck(
    'format',
    'a calendar date written YYYY-MM-DD',
    (value: string) => value.length > 10 || isIsoDate(value),
  ),
)

/** A text of at most `max` characters (Unicode code points, so an emoji counts once). */
export function maxCharacters(max: number) {
  return v.pipe(
    v.string(),
    fieldCheck(
      'length',
      `at most ${max} characters`,
      // A code point is at most two UTF-16 units: a longer text is refused without counting.
      (value: string) =>
        value.length <= max || (value.length <= 2 * max && [...value].length <= max),
    ),
  )
}
