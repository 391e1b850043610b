/**
 * Checks of the options that are not numbers (the numbers are checked by the rules' `Options`):
 * URLs, credentials, and the functions and objects a factory calls later. A wrong one is an issue
 * naming the option and what it takes, raised by the factory before anything is created: never a
 * `TypeError` from inside the first call (`signer.sign is not a function`), an uncaught one from
 * a socket's callback (`onEvent is not a function`), nor a request signed with a number.
 * `undefined` and `null` stand for "not given". The transport's and the streams' tables are in
 * modules of their own, so a REST bundle carries no stream row.
 */
import { Issue, Options, ValidationError } from '@tradeline/rules/shared'
import type * as v from 'valibot'

/** What an option takes: the words of the issue and the test. */
export type Kind = readonly [expected: string, fits: (value: unknown) => boolean]

/**
 * One option: its dotted path, its kind, and whether it is checked also when absent (once its
 * parent is given: `credentials` needs an `apiKey`).
 */
export type ShapeRow = readonly [path: string, kind: Kind, required?: boolean]

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
/** An object with each method named (a signer's `sign`, a clock's `now`). */
const withMethods = (value: unknown, names: readonly string[]): boolean =>
  isObject(value) && names.every((name) => typeof value[name] === 'function')

export const fn: Kind = ['a function', (value) => typeof value === 'function']
export const text: Kind = ['a string', (value) => typeof value === 'string']
export const filled: Kind = [
  'a non-empty string',
  (value) => typeof value === 'string' && value !== '',
]
export const flag: Kind = ['true or false', (value) => typeof value === 'boolean']
export const object: Kind = ['an object', isObject]
/** An object with these methods. */
export const having = (...names: string[]): Kind => [
  `an object with ${names.join(', ')}`,
  (value) => withMethods(value, names),
]
/** `false` (none) or an object with these methods. */
export const noneOr = (...names: string[]): Kind => [
  `false or an object with ${names.join(', ')}`,
  (value) => value === false || withMethods(value, names),
]
/** A URL of one of these schemes. */
export const url = (...schemes: string[]): Kind => [
  `a ${schemes.join(' or ')} URL`,
  (value) => {
    if (typeof value !== 'string') return false
    try {
      return schemes.includes(new URL(value).protocol.slice(0, -1))
    } catch {
      return false
    }
  },
]

/** The value at `path`; `undefined` where a step is missing or not an object. */
function at(options: unknown, path: readonly string[]): unknown {
  let value = options
  for (const key of path) {
    if (!isObject(value)) return undefined
    value = value[key]
  }
  return value
}

/**
 * The issues of `options` against `rows`: one per option given in a shape it cannot take (or
 * required and absent). Options inside one that is itself wrong (`credentials: 'x'`) are not
 * looked at; a credential, or what was given as the credentials, is named by its type, never
 * quoted (a string there may be a key or a secret). With the row `['signer', having('sign')]`,
 * `{ signer: {} }` gives `signer: expected an object with sign, received object`.
 */
export function shapeIssues(options: unknown, rows: readonly ShapeRow[]): Issue.Issue[] {
  const issues: Issue.Issue[] = []
  const wrong = new Set<string>()
  for (const [dotted, [expected, fits], required] of rows) {
    const path = dotted.split('.')
    if (path.length > 1 && wrong.has(path[0] as string)) continue
    const value = at(options, path)
    const given = value !== undefined && value !== null
    if (given ? fits(value) : !required || !isObject(at(options, path.slice(0, -1)))) continue
    if (path.length === 1) wrong.add(dotted)
    const received = path[0] === 'credentials' ? typeof value : Issue.describe(value)
    issues.push(Issue.create({ type: 'type', path, expected, received }))
  }
  return issues
}

/**
 * Checks a factory's options: the numbers by the rules' `schema`, then the shapes of `rows`, and
 * throws one `ValidationError` of `name` listing every issue of both.
 */
export function assertOptions(
  name: string,
  schema: v.GenericSchema,
  options: unknown,
  rows: readonly ShapeRow[],
): void {
  const numbers = Options.check(schema, options)
  const issues = [...(numbers.success ? [] : numbers.issues), ...shapeIssues(options, rows)]
  if (issues.length > 0)
    throw new ValidationError({ endpoint: name, issues: issues as [Issue.Issue, ...Issue.Issue[]] })
}
