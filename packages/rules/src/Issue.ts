/**
 * A failed rule is data, not an exception: every check returns the list of issues it found,
 * each naming the field (`path`), the rule (`type`), what was expected and what was received.
 */

/**
 * The stable set of issue types. A form maps an issue to its field with `path` and may
 * choose its own text by `type`.
 *
 * | type | meaning |
 * |---|---|
 * | `missing` | a required field is absent |
 * | `type` | the value has the wrong JSON type |
 * | `value` | the value is not one of the allowed values |
 * | `format` | the text does not have the required form (decimal string, id pattern, date) |
 * | `length` | a text or list is too short or too long |
 * | `range` | a number lies outside its allowed range |
 * | `unknown` | a field that the endpoint does not know |
 * | `tick` | a price is not a multiple of the instrument's price step |
 * | `precision` | a value has more decimal places than allowed |
 * | `lot` | a quantity is not a multiple of the instrument's size step |
 * | `minimum` | a quantity or amount is below the instrument's minimum |
 * | `forbidden` | a field that must not be sent in this context (mode, product line, order type) |
 * | `one_of` | one of several fields is required and none was given |
 * | `unsupported` | the operation is not supported for this category, line or type |
 * | `mismatch` | values that must agree do not (e.g. categories inside one batch) |
 * | `duplicate` | an order appears more than once where it may appear once |
 */
export type IssueType =
  | 'missing'
  | 'type'
  | 'value'
  | 'format'
  | 'length'
  | 'range'
  | 'unknown'
  | 'tick'
  | 'precision'
  | 'lot'
  | 'minimum'
  | 'forbidden'
  | 'one_of'
  | 'unsupported'
  | 'mismatch'
  | 'duplicate'

/** Every issue type, in documentation order. */
export const issueTypes = [
  'missing',
  'type',
  'value',
  'format',
  'length',
  'range',
  'unknown',
  'tick',
  'precision',
  'lot',
  'minimum',
  'forbidden',
  'one_of',
  'unsupported',
  'mismatch',
  'duplicate',
] as const satisfies readonly IssueType[]

/** The location of a field inside a request: keys and list indexes from the root. */
export type Path = readonly (string | number)[]

/** One broken rule. */
export type Issue = {
  /** The rule that failed. */
  readonly type: IssueType
  /** Where the field is, e.g. `['orders', 3, 'price']`; empty for the whole request. */
  readonly path: Path
  /** What the rule expects, e.g. `'a multiple of 0.5'`. */
  readonly expected: string
  /** What was received, e.g. `'"100.3"'`. */
  readonly received: string
  /** A sentence for a person, naming the field and the rule. */
  readonly message: string
}

/** The outcome of a check: the normalised value, or at least one issue. */
export type CheckResult<output> =
  | { readonly success: true; readonly output: output; readonly issues?: undefined }
  | { readonly success: false; readonly output?: undefined; readonly issues: Issues }

/** A non-empty list of issues. */
export type Issues = readonly [Issue, ...Issue[]]

/**
 * Creates an issue; the message defaults to one naming the field and the rule.
 *
 * @example
 * import { Issue } from '@tradeline/rules'
 * Issue.create({ type: 'tick', path: ['price'], expected: 'a multiple of 0.5', received: '"1.2"' }).message
 * // 'price: expected a multiple of 0.5, received "1.2"'
 */
export function create(parameters: {
  type: IssueType
  path: Path
  expected: string
  received: string
  message?: string | undefined
}): Issue {
  const received = shorten(parameters.received)
  return {
    type: parameters.type,
    path: parameters.path,
    expected: parameters.expected,
    received,
    message:
      parameters.message ??
      `${formatPath(parameters.path) || 'request'}: expected ${parameters.expected}, received ${received}`,
  }
}

/** The longest `received` text an issue repeats; a longer one is cut and its length given. */
const receivedMax = 64

/** A received text of about {@link receivedMax} characters, so a megabyte is not echoed. */
function shorten(text: string): string {
  if (text.length <= receivedMax) return text
  const quoted = text.startsWith('"') && text.endsWith('"')
  const body = quoted ? text.slice(1, -1) : text
  const head = `${body.slice(0, 32)}…`
  return `${quoted ? `"${head}"` : head} (${body.length} characters)`
}

/**
 * Formats a path as a dotted field name with list indexes in brackets.
 *
 * @example
 * import { Issue } from '@tradeline/rules'
 * Issue.formatPath(['orders', 3, 'price']) // 'orders[3].price'
 */
export function formatPath(path: Path): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out ? `.${key}` : key
  }
  return out
}

/**
 * Describes a received value for an issue: strings quoted, absent values as `undefined`.
 *
 * @example
 * import { Issue } from '@tradeline/rules'
 * Issue.describe('1.5') // '"1.5"'
 */
export function describe(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value)
  if (Array.isArray(value)) return `Array(${value.length})`
  return typeof value
}

/** Prefixes every issue's path, for items of a list or nested objects. */
export function prefix(prefixPath: Path, issues: readonly Issue[]): Issue[] {
  if (prefixPath.length === 0) return [...issues]
  return issues.map((issue) => {
    const path = [...prefixPath, ...issue.path]
    const old = `${formatPath(issue.path) || 'request'}:`
    const message = issue.message.startsWith(old)
      ? `${formatPath(path)}:${issue.message.slice(old.length)}`
      : `${formatPath(path)}: ${issue.message}`
    return { ...issue, path, message }
  })
}
