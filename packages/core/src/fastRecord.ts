/**
 * Fast field readers for the hot path of a stream (thousands of pushes a second): the same
 * lenient rules as the schemas of `Fields` (`""` and `null` as `null`, a number as a decimal
 * string, unknown fields kept), as plain functions a product line composes into one object
 * literal per record type, so that every record shares one shape and nothing runs through
 * valibot's per-field pipeline (10 us an order record; a literal reader takes under 1). A reader
 * that meets anything its schema would refuse declines (`readFast` returns `notCovered`) and the
 * caller runs the valibot schema, which returns the same record or throws the error naming the
 * field. No code is generated at run time (browser pages with a strict content policy).
 */
import { decimalText } from './internal/decimalText.js'
import { exactDecimalText } from './internal/exactNumber.js'

/** What {@link readFast} answers when the reader declined the input. */
export const notCovered: unique symbol = Symbol('notCovered')

/** Thrown by a field reader to decline; caught by {@link readFast}. */
const declined = { declined: true } as const

/** A number's exact text; a number a double may have rounded declines (the schema names it). */
const numberText = (value: number): string => {
  const text = exactDecimalText(value)
  if (text === undefined) throw declined
  return text
}

/** A decimal's text (an exponent written out); text that is no decimal number declines. */
const textDecimal = (value: string): string => {
  const text = decimalText(value)
  if (text === undefined) throw declined
  return text
}

/**
 * The field readers; each takes the value (and, where absence matters, whether it was present)
 * and returns the field's output or declines.
 *
 * @example
 * import { FastFields, readFast } from '@tradeline/core'
 * const read = (r: Record<string, unknown>) => ({ orderId: FastFields.string(r.orderId), price: FastFields.decimal(r.price) })
 * readFast(read, { orderId: '1', price: 0.5 }) // { orderId: '1', price: '0.5' }
 */
export const FastFields = {
  /** `Fields.text`: a string, number or boolean as text; `null` when absent, `null` or `""`. */
  text(value: unknown): string | null {
    if (value === undefined || value === null || value === '') return null
    if (typeof value === 'string') return value
    if (typeof value === 'boolean' || (typeof value === 'number' && !Number.isNaN(value)))
      return String(value)
    throw declined
  },
  /**
   * `Fields.decimal`: a decimal string or number as a decimal string; `null` when absent, `null`
   * or `""`; text that is no decimal number (`"NaN"`) declines.
   */
  decimal(value: unknown): string | null {
    if (value === undefined || value === null || value === '') return null
    if (typeof value === 'string') return textDecimal(value)
    if (typeof value === 'number') return numberText(value)
    throw declined
  },
  /** `Fields.decimalish`: a required decimal string or number, as a decimal string (`""` as sent). */
  decimalish(value: unknown): string {
    if (typeof value === 'string') return value === '' ? value : textDecimal(value)
    if (typeof value === 'number') return numberText(value)
    throw declined
  },
  /** `v.string()`: a required string. */
  string(value: unknown): string {
    if (typeof value !== 'string') throw declined
    return value
  },
  /** `v.nullable(v.string())`: a required string or `null` (present). */
  nullableString(value: unknown, present: boolean): string | null {
    if (!present || (value !== null && typeof value !== 'string')) throw declined
    return value as string | null
  },
  /** `Fields.list(item)`: a list of records read by `item`; `[]` when absent or `null`. */
  list<T>(value: unknown, item: (record: Record<string, unknown>) => T): T[] {
    if (value === undefined || value === null) return []
    if (!Array.isArray(value)) throw declined
    const out = new Array<T>(value.length)
    for (let i = 0; i < value.length; i++) {
      const record: unknown = value[i]
      if (typeof record !== 'object' || record === null || Array.isArray(record)) throw declined
      out[i] = item(record as Record<string, unknown>)
    }
    return out
  },
  /** Upper-cases a string (a push's lower-case spelling of a REST value); others as they are. */
  upper(value: unknown): unknown {
    return typeof value === 'string' ? value.toUpperCase() : value
  },
  /**
   * Copies the fields of `input` that are not in `known` (the record's own and the push names
   * it renamed) onto `out`, as a looseObject keeps them.
   */
  rest<T extends object>(out: T, input: Record<string, unknown>, known: ReadonlySet<string>): T {
    const keys = Object.keys(input)
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string
      if (!known.has(key) && key !== '__proto__' && key !== 'prototype' && key !== 'constructor')
        (out as Record<string, unknown>)[key] = input[key]
    }
    return out
  },
}

/**
 * Runs a literal reader on `input`: its record, or `notCovered` when the input is not an object
 * or a field reader declined.
 *
 * @example
 * import { FastFields, notCovered, readFast } from '@tradeline/core'
 * readFast((r) => ({ orderId: FastFields.string(r.orderId) }), { orderId: 7 }) === notCovered // true
 */
export function readFast<T>(
  read: (input: Record<string, unknown>) => T,
  input: unknown,
): T | typeof notCovered {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return notCovered
  try {
    return read(input as Record<string, unknown>)
  } catch (error) {
    if (error === declined) return notCovered
    throw error
  }
}
