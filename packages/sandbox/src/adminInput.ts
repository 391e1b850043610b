/**
 * Admin input checked before it reaches the sandbox state: each admin route's body or query goes
 * through a valibot schema, and a failure is an {@link AdminInputError} naming the field and the
 * rule (HTTP 400, `40017`). The bounds keep a test's typo from poisoning a running sandbox.
 */
import * as v from 'valibot'

/**
 * Bounds of admin input (documented in the README's "Admin API" table).
 *
 * @example
 * import { adminBounds } from '@tradeline/sandbox'
 * adminBounds.advanceMs // 31622400000 (366 days)
 */
export const adminBounds = {
  /** One clock advance: at most 366 days (funding settles every interval it passes). */
  advanceMs: 366 * 24 * 60 * 60 * 1000,
  /** A `delay` fault: at most 10 minutes of real time (the timers take at most 2^31 - 1 ms). */
  delayMs: 600_000,
  /** A fault hits at most this many calls. */
  faultTimes: 10_000,
  /** `retryAfterMs` of an `http429` fault: at most a day. */
  retryAfterMs: 86_400_000,
  /** Executions seeded by one call, and held by a securities account in all. */
  executions: 100_000,
  /** Sandbox times (order, fill, execution times): Unix ms up to the year 9999. */
  time: 253_402_300_799_999,
  /** Quantities of the securities account (whole shares). */
  shares: 1_000_000_000,
  /** Text fields (symbols, uids, ids, coins). */
  text: 64,
  /** Paths of faults. */
  path: 512,
  /** An RSA public key PEM. */
  pem: 16_384,
  /** Symbols of one call (prices, elite-trader pairs, fee symbols). */
  symbols: 1000,
} as const

/** Marks errors the admin throws on purpose (a refusal, not a bug): see {@link refuse}. */
const refusalMark: unique symbol = Symbol.for('tradeline.sandbox.refusal') as never

/**
 * An admin call the sandbox refuses: the message names the field and the rule
 * (`ms: expected a whole number from 0 to 31622400000, received 1e+308`).
 *
 * @example
 * import { AdminInputError } from '@tradeline/sandbox'
 * new AdminInputError('ms: expected a number').name // 'AdminInputError'
 */
export class AdminInputError extends TypeError {
  override name = 'AdminInputError'
  readonly [refusalMark] = true
}

/**
 * Marks `error` as a refusal of the caller's input (answered HTTP 400, `40017`, with its
 * message), as opposed to a failure of the sandbox itself (HTTP 500).
 */
export function refuse<error extends Error>(error: error): error {
  Object.defineProperty(error, refusalMark, { value: true })
  return error
}

/** Whether `error` refuses the caller's input (see {@link refuse}). */
export function isRefusal(error: unknown): error is Error {
  return error instanceof Error && (error as { [refusalMark]?: boolean })[refusalMark] === true
}

/** The output of `schema` for `value`, or an {@link AdminInputError} naming the first issue. */
export function parseAdmin<schema extends v.GenericSchema>(
  schema: schema,
  value: unknown,
): v.InferOutput<schema> {
  const result = v.safeParse(schema, value, { abortEarly: true })
  if (result.success) return result.output
  const issue = result.issues[0]
  const path = issue.path?.map((item) => String(item.key)).join('.') || 'body'
  const received = issue.received.length > 64 ? `${issue.received.slice(0, 64)}...` : issue.received
  throw new AdminInputError(`${path}: ${issue.message}, received ${received}`)
}

// Building blocks of the schemas.

/** A string of at most `max` characters. */
export const text = (max: number = adminBounds.text) =>
  v.pipe(v.string('expected a string'), v.maxLength(max, `expected at most ${max} characters`))

/** A symbol, coin or id: 1 to 64 letters, digits and `._-:`. */
export const name = v.pipe(
  v.string('expected a string'),
  v.regex(/^[A-Za-z0-9._:-]{1,64}$/, 'expected 1 to 64 letters, digits or . _ - :'),
)

/**
 * A clientOid of a seeded order or fill: 1 to 64 characters, any but control characters, so an
 * order placed elsewhere (the web UI's `BITGET#...` ids) can be seeded as it would exist.
 */
export const clientOid = v.pipe(
  v.string('expected a string'),
  v.regex(/^[^\p{Cc}]{1,64}$/u, 'expected 1 to 64 characters, no control characters'),
)

/** A decimal string >= 0 (at most 20 integer and 18 fractional digits). */
export const decimal = v.pipe(
  v.string('expected a decimal string'),
  v.regex(/^\d{1,20}(\.\d{1,18})?$/, 'expected a decimal string >= 0 such as "1.5"'),
)

/** A decimal string, negative allowed. */
export const signedDecimal = v.pipe(
  v.string('expected a decimal string'),
  v.regex(/^-?\d{1,20}(\.\d{1,18})?$/, 'expected a decimal string such as "-1.5"'),
)

/** A whole JSON number from `min` to `max`. */
export const whole = (min: number, max: number) => {
  const rule = `expected a whole number from ${min} to ${max}`
  return v.pipe(v.number(rule), v.integer(rule), v.minValue(min, rule), v.maxValue(max, rule))
}

/** A finite JSON number from `min` to `max`. */
export const between = (min: number, max: number) => {
  const rule = `expected a number from ${min} to ${max}`
  return v.pipe(v.number(rule), v.minValue(min, rule), v.maxValue(max, rule))
}

/** A Unix millisecond time. */
export const time = whole(0, adminBounds.time)

/** One of `options`. */
export const oneOf = <const options extends readonly [string, ...string[]]>(options: options) =>
  v.picklist(options, `expected one of ${options.join(', ')}`)

/** An optional field. */
export const opt = <schema extends v.GenericSchema>(schema: schema) => v.exactOptional(schema)

/** A JSON object with these fields (others are refused: a misspelt field fails loudly). */
export const body = <entries extends v.ObjectEntries>(entries: entries) =>
  v.strictObject(entries, 'expected a JSON object of the documented fields')

/** A JSON object with these fields checked and others kept as given (seeded records). */
export const record = <entries extends v.ObjectEntries>(entries: entries) =>
  v.looseObject(entries, 'expected a JSON object')

/** A map of at most `adminBounds.symbols` names to `value`. */
export const byName = <schema extends v.GenericSchema>(value: schema) =>
  v.pipe(
    v.record(name, value, 'expected an object of symbols'),
    v.check(
      (input) => Object.keys(input).length <= adminBounds.symbols,
      `expected at most ${adminBounds.symbols} entries`,
    ),
  )
