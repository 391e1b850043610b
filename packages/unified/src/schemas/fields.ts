/**
 * The lenient field readers of `@tradeline/core` (`Fields`), under the names the unified
 * schemas use: decimals as decimal strings, `""` and `null` as `null`, unknown fields kept.
 */
import { Fields } from '@tradeline/core'

/** A decimal that may arrive as a JSON string or number; returned as a decimal string. */
export const decimalish = Fields.decimalish
/** An optional decimal: a decimal string, or `null` when absent, `null` or `""`. */
export const decimal = Fields.decimal
/** An optional text: the string, or `null` when absent, `null` or `""`. */
export const text = Fields.text
/** An optional whole number written as text (`"4"`) or a number; `null` when absent or `""`. */
export const integer = Fields.integer
/** A list that may arrive as `null` (the exchange's empty list on some endpoints): `[]` then. */
export const list = Fields.list
