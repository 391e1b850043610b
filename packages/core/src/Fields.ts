/**
 * Lenient field readers shared by every client's response schemas (docs/records.md "Traps that
 * apply everywhere"): a decimal may arrive as a JSON string or number and is returned as a
 * decimal string; the exchange's "not set" sentinels `""` and `null` are returned as `null`;
 * unknown fields are kept (every record is a `looseObject`). Lenient about form, not about
 * kind: a decimal field whose text is no decimal number (`"NaN"`, `"Infinity"`, `"1e5x"`) does
 * not read (internal/decimalText.ts).
 */
import * as v from 'valibot'
import { decimalText, notDecimal } from './internal/decimalText.js'
import { exactDecimalText, exactIdText, inexactNumber } from './internal/exactNumber.js'

/**
 * Refuses a number a double may have rounded (internal/exactNumber.ts): it is never read as the
 * rounded value.
 */
const exactly = <input extends string | number | null>(
  exact: (value: number) => string | undefined,
) =>
  v.check<input, typeof inexactNumber>(
    (value) => typeof value !== 'number' || exact(value) !== undefined,
    inexactNumber,
  )

/** The decimal string of a decimal sent as text or a number; `undefined` when it does not read. */
const decimalOf = (value: string | number): string | undefined =>
  typeof value === 'number' ? exactDecimalText(value) : decimalText(value)

/**
 * Refuses a decimal sent as text that is no decimal number (internal/decimalText.ts), naming
 * what it received. `""` passes: the exchange's "not set" (each reader returns it as before).
 */
const decimalTextOnly = <input extends string | number | null>() =>
  v.check<input, (issue: v.CheckIssue<input>) => string>(
    (value) => typeof value !== 'string' || value === '' || decimalText(value) !== undefined,
    (issue) => `${notDecimal}, not ${issue.received}`,
  )

/**
 * A decimal that may arrive as a JSON string or number; returned as a decimal string (text with
 * an exponent written out). `""` is returned as `""` (the strategy orders' pushes send it for a
 * limit price not set); other text that is no decimal number (`"NaN"`) is refused.
 *
 * @example
 * import { Fields } from '@tradeline/core'
 * import * as v from 'valibot'
 * v.parse(Fields.decimalish, 0.5) // '0.5'
 */
export const decimalish = v.pipe(
  v.union([v.string(), v.number()]),
  exactly(exactDecimalText),
  decimalTextOnly(),
  v.transform((value) => (value === '' ? value : (decimalOf(value) as string))),
)

/**
 * An optional decimal: a decimal string (text with an exponent written out), or `null` when
 * absent, `null` or `""`. Other text that is no decimal number (`"NaN"`) is refused.
 *
 * @example
 * import { Fields } from '@tradeline/core'
 * import * as v from 'valibot'
 * v.parse(Fields.decimal, '') // null
 */
export const decimal = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  exactly(exactDecimalText),
  decimalTextOnly(),
  v.transform((value): string | null =>
    value === null || value === '' ? null : (decimalOf(value) as string),
  ),
)

/**
 * An optional text: the string, or `null` when absent, `null` or `""`.
 *
 * @example
 * import { Fields } from '@tradeline/core'
 * import * as v from 'valibot'
 * v.parse(Fields.text, 'live') // 'live'
 */
export const text = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.number(), v.boolean()])), null),
  v.transform((value): string | null => (value === null || value === '' ? null : String(value))),
)

/**
 * An optional whole number written as text (`"4"`) or a number; `null` when absent or `""`.
 *
 * @example
 * import { Fields } from '@tradeline/core'
 * import * as v from 'valibot'
 * v.parse(Fields.integer, '4') // 4
 */
export const integer = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  v.transform((value): number | null => {
    if (value === null || value === '') return null
    const n = typeof value === 'number' ? value : Number(value)
    return Number.isSafeInteger(n) ? n : null
  }),
)

/**
 * An id that may arrive as a JSON string or number; returned as a string.
 *
 * @example
 * import { Fields } from '@tradeline/core'
 * import * as v from 'valibot'
 * v.parse(Fields.id, 1001) // '1001'
 */
export const id = v.pipe(
  v.union([v.string(), v.number()]),
  exactly(exactIdText),
  v.transform((value) => String(value)),
)

/**
 * A list that may arrive as `null` (the exchange's empty list on some endpoints): `[]` then.
 *
 * @example
 * import { Fields } from '@tradeline/core'
 * import * as v from 'valibot'
 * v.parse(Fields.list(v.string()), null) // []
 */
export function list<schema extends v.GenericSchema>(item: schema) {
  return v.pipe(
    v.optional(v.nullable(v.array(item)), null),
    v.transform((value) => value ?? []),
  )
}

/**
 * A candle as both futures lines' REST candle reads send it: `[start, open, high, low, close,
 * volume, turnover]`, each a string or number, read as strings (items past the seventh kept).
 *
 * @example
 * import { Fields } from '@tradeline/core'
 * import * as v from 'valibot'
 * v.parse(Fields.candle, ['1695835800000', '26210.5', '26210.5', '26194.5', '26194.5', '26.26', '687897.63'])[4] // '26194.5'
 */
export const candle = v.looseTuple([
  id,
  decimalish,
  decimalish,
  decimalish,
  decimalish,
  decimalish,
  decimalish,
])

/**
 * A book level `[price, size]` as the REST depth reads send it (JSON numbers in the pages'
 * examples), read as decimal strings.
 *
 * @example
 * import { Fields } from '@tradeline/core'
 * import * as v from 'valibot'
 * v.parse(Fields.level, [26347.5, 0.25]) // ['26347.5', '0.25']
 */
export const level = v.looseTuple([decimalish, decimalish])

/**
 * A response record: read leniently at run time (a `looseObject`: a field the exchange adds later
 * is kept on the object and never fails the parse), typed closed (the known fields only), so that
 * a misspelt field such as `quote.lastPrize` is a type error rather than `unknown`. A field the
 * schema does not name is still on the object; read it by name through a cast
 * (`(record as Record<string, unknown>).newField`) until the schema names it.
 *
 * @example
 * import { Fields } from '@tradeline/core'
 * import * as v from 'valibot'
 * const quote = v.parse(Fields.record({ lastPr: Fields.decimal }), { lastPr: '1', extra: 1 })
 * quote.lastPr // '1' (and `extra` is kept on the object)
 */
export function record<const entries extends v.ObjectEntries>(
  entries: entries,
): v.ObjectSchema<entries, undefined> {
  return v.looseObject(entries) as unknown as v.ObjectSchema<entries, undefined>
}
