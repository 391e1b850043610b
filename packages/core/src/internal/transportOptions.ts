/**
 * The shapes of the options of `createTransport` that are not numbers (the numbers are checked by
 * `Options.transport` of the rules): the base URL, the credentials, the functions and objects the
 * transport calls later. A wrong one is an issue naming the option and what it takes, raised by
 * the factory, never a `TypeError` from inside the first call (`signer.sign is not a function`)
 * nor a request signed with a number. `undefined` and `null` stand for "not given".
 */
import { Issue, Options, ValidationError } from '@tradeline/rules/shared'
import type * as v from 'valibot'

type Check = readonly [
  path: readonly string[],
  expected: string,
  fits: (value: unknown) => boolean,
  /** Checked also when absent (once its parent is given): `credentials` needs a key. */
  required?: boolean,
]

/** Options whose value an issue never quotes, whatever it is: only its type is named. */
const secret = new Set(['apiKey', 'secret', 'privateKey', 'passphrase'])

const isFunction = (value: unknown): boolean => typeof value === 'function'
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
const isText = (value: unknown): boolean => typeof value === 'string'
const isFilledText = (value: unknown): boolean => typeof value === 'string' && value !== ''
const isBoolean = (value: unknown): boolean => typeof value === 'boolean'
/** An object with a method of this name (a signer's `sign`, a clock's `now`). */
const withMethod =
  (name: string) =>
  (value: unknown): boolean =>
    isObject(value) && typeof value[name] === 'function'
/** An http(s) URL, as the transport joins paths to it. */
const isHttpUrl = (value: unknown): boolean => {
  if (typeof value !== 'string') return false
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/** Each option (a path into the options) that is checked when given, with the rule. */
const checks: readonly Check[] = [
  [['baseUrl'], 'an http or https URL', isHttpUrl],
  [['credentials'], 'an object { apiKey, secret or privateKey, passphrase }', isObject],
  [['credentials', 'apiKey'], 'a non-empty string', isFilledText, true],
  [['credentials', 'passphrase'], 'a non-empty string', isFilledText, true],
  [['credentials', 'secret'], 'a non-empty string', isFilledText],
  [['credentials', 'privateKey'], 'a non-empty string (PEM)', isFilledText],
  [['locale'], 'a string', isText],
  [['demoTrading'], 'true or false', isBoolean],
  [['syncClock'], 'true or false', isBoolean],
  [['channelApiCode'], 'a string', isText],
  [['product'], 'an object { name, version }', (value) => isObject(value) && isText(value.name)],
  [['fetch'], 'a function with the call signature of fetch', isFunction],
  [
    ['http'],
    '"auto", "fetch" or "undici"',
    (value) => ['auto', 'fetch', 'undici'].includes(value as string),
  ],
  [['dispatcher'], 'an undici dispatcher (an Agent, a Pool)', isObject],
  [['signal'], 'an AbortSignal', (value) => value instanceof AbortSignal],
  [['hooks'], 'an object of functions { request, response, retry, error }', isObject],
  [['hooks', 'request'], 'a function', isFunction],
  [['hooks', 'response'], 'a function', isFunction],
  [['hooks', 'retry'], 'a function', isFunction],
  [['hooks', 'error'], 'a function', isFunction],
  [
    ['rateLimiter'],
    'a rate limiter (an object with acquire), or false for none',
    (value) => value === false || withMethod('acquire')(value),
  ],
  [['clock'], 'a clock (an object with now)', withMethod('now')],
  [['signer'], 'a signer (an object with sign)', withMethod('sign')],
  [['retry', 'random'], 'a function returning a number in [0, 1)', isFunction],
  [['retry', 'wait'], 'a function (ms, signal) returning a promise', isFunction],
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
 * The issues of the options' shapes: one per option given in a shape the transport cannot use.
 * Options inside one that is itself wrong (`credentials: 'x'`) are not looked at.
 *
 * @example
 * transportOptionIssues({ signer: {} })[0]?.message // 'signer: expected a signer (an object with sign), received object'
 */
export function transportOptionIssues(options: unknown): Issue.Issue[] {
  const issues: Issue.Issue[] = []
  const wrong = new Set<string>()
  for (const [path, expected, fits, required] of checks) {
    if (path.length > 1 && wrong.has(path[0] as string)) continue
    const value = at(options, path)
    const given = value !== undefined && value !== null
    if (given ? fits(value) : !required || !isObject(at(options, path.slice(0, -1)))) continue
    if (path.length === 1) wrong.add(path[0] as string)
    const received =
      secret.has(path[path.length - 1] as string) && path[0] === 'credentials'
        ? typeof value
        : Issue.describe(value)
    issues.push(Issue.create({ type: 'type', path: [...path], expected, received }))
  }
  return issues
}

/**
 * Checks a factory's options (the numbers by the rules' `schema`, and, unless a `transport` is
 * given, the transport options' shapes) and throws one `ValidationError` of `name` that lists
 * every issue. A client factory calls it, so a bad option names the factory the user called.
 *
 * @example
 * assertFactoryOptions('createSavingsClient', Options.tradingClient, { signer: {} }) // throws: signer: expected a signer ...
 */
export function assertFactoryOptions(
  name: string,
  schema: v.GenericSchema,
  options: unknown,
): void {
  const numbers = Options.check(schema, options)
  const issues: Issue.Issue[] = numbers.success ? [] : [...numbers.issues]
  const transport = at(options, ['transport'])
  if (transport === undefined || transport === null) issues.push(...transportOptionIssues(options))
  else if (!withMethod('request')(transport))
    issues.push(
      Issue.create({
        type: 'type',
        path: ['transport'],
        expected: 'a transport (made by createTransport)',
        received: Issue.describe(transport),
      }),
    )
  if (issues.length > 0)
    throw new ValidationError({ endpoint: name, issues: issues as [Issue.Issue, ...Issue.Issue[]] })
}
