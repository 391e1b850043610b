/**
 * The numeric options of the clients and of `@tradeline/core` as valibot schemas: timeouts,
 * retries, reconciliation, cache lifetimes, the dead-man switch, streams, the executions walk
 * and the strategy lookup. Each number must be finite, whole where it counts something (or
 * milliseconds), and within a documented range; a value outside is a `ValidationError` naming
 * the option and the rule, raised by the factory or the call before anything is sent. A form can
 * check the same options with the same schemas (`Options.check`).
 *
 * `undefined` and `null` stand for "not given" (the default applies), as the code that reads the
 * options treats them. Other keys of an options object are not looked at.
 */
import * as v from 'valibot'
import { ValidationError } from './Endpoint.js'
import { type CheckResult, create, describe, type Issues } from './Issue.js'
import { expects, fieldCheck, fromValibot } from './internal/valibot.js'
import { countdown, securitiesExecutionsWindowDays } from './Limits.js'

/**
 * The longest delay a timer takes, in milliseconds (2^31 − 1, about 24.8 days): `setTimeout`
 * runs a longer one at once. Every option that a timer waits is at most this.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.maxTimerMs // 2147483647
 */
export const maxTimerMs = 2_147_483_647

/**
 * A whole number from `min` to `max`; `unit` names what it counts in the message (`a whole
 * number of days from 1 to 90`). Not a number (`NaN`, `''`, `{}`) is a `type` issue, a fraction
 * or an infinity a `format` issue, a number outside a `range` issue.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * import * as v from 'valibot'
 * v.is(Options.wholeNumber(1, 90, 'days'), 0) // false
 */
/* @__NO_SIDE_EFFECTS__ */
export function wholeNumber(min: number, max: number, unit?: string | undefined) {
  const text = `a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`
  return v.pipe(
    expects(v.number(), text),
    fieldCheck('format', text, (n: number) => Number.isInteger(n)),
    fieldCheck('range', text, (n: number) => n >= min && n <= max),
  )
}

/**
 * A finite number (fractions allowed) above or from `min` (`exclusive`: above) up to `max`,
 * described by `text` in the message.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * import * as v from 'valibot'
 * v.is(Options.finiteNumber({ min: 0, max: 60, exclusive: true, text: 'seconds above 0' }), 0.5) // true
 */
/* @__NO_SIDE_EFFECTS__ */
export function finiteNumber(parameters: {
  readonly min: number
  readonly max: number
  readonly exclusive?: boolean | undefined
  readonly text: string
}) {
  const { min, max, exclusive = false, text } = parameters
  return v.pipe(
    expects(v.number(), text),
    fieldCheck('format', text, (n: number) => Number.isFinite(n)),
    fieldCheck('range', text, (n: number) => (exclusive ? n > min : n >= min) && n <= max),
  )
}

/** Milliseconds a timer waits, from `min` (whole). */
/* @__NO_SIDE_EFFECTS__ */
function timerMs(min: number) {
  return wholeNumber(min, maxTimerMs, 'milliseconds')
}

/** Milliseconds compared with a clock (no timer waits them), from 0. */
const durationMs = /* @__PURE__ */ wholeNumber(0, Number.MAX_SAFE_INTEGER, 'milliseconds')

/** `timeout` of a transport or of one call: `false` (none) or milliseconds from 1. */
const timeout = /* @__PURE__ */ v.nullish(
  expects(
    v.union([v.literal(false), timerMs(1)]),
    `false or a whole number of milliseconds from 1 to ${maxTimerMs}`,
  ),
)

/** `retry` of a transport: the retries of a read and their waits. */
const retry = /* @__PURE__ */ v.nullish(
  v.looseObject({
    limit: v.nullish(wholeNumber(0, 100, 'retries')),
    baseDelayMs: v.nullish(timerMs(0)),
    maxDelayMs: v.nullish(timerMs(0)),
    maxRetryAfterMs: v.nullish(timerMs(0)),
  }),
)

/**
 * The numeric options of `createTransport` of `@tradeline/core` (and of every client, which
 * pass them on): `timeout` (`false` or 1 to {@link maxTimerMs} ms), `retry.limit` (0 to 100),
 * `retry.baseDelayMs`, `retry.maxDelayMs` and `retry.maxRetryAfterMs` (0 to
 * {@link maxTimerMs} ms).
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.transport, { timeout: 0 }).issues?.[0].message
 * // 'timeout: expected a whole number of milliseconds from 1 to 2147483647, received 0'
 */
export const transport = /* @__PURE__ */ v.looseObject({ timeout, retry })

/**
 * A call's own transport options (`transport.request`): `timeout`, `false` or 1 to
 * {@link maxTimerMs} ms.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.request, { timeout: false }).success // true
 */
export const request = /* @__PURE__ */ v.looseObject({ timeout })

const reconcileSettings = /* @__PURE__ */ v.looseObject({
  attempts: v.nullish(wholeNumber(1, 100, 'lookups')),
  baseDelayMs: v.nullish(timerMs(0)),
})

/**
 * How an unknown outcome is reconciled (`reconcile` of a client or of one call): `true`,
 * `false`, or `{ attempts, baseDelayMs }` with `attempts` from 1 to 100 lookups and
 * `baseDelayMs` from 0 to {@link maxTimerMs} ms (each wait, doubled per lookup, is at most that).
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.reconcile, { attempts: 0 }).success // false
 */
export const reconcile = /* @__PURE__ */ v.nullish(
  // Not a union: an issue inside the object is reported at its own key.
  v.lazy((input) => (typeof input === 'boolean' ? v.boolean() : reconcileSettings)),
)

/**
 * The numeric options of a client with loaded instruments and reconciliation (unified, classic
 * futures): the transport's, `cacheTtlMs` (0 to 2^53 − 1 ms; 0 loads on every use) and
 * `reconcile`.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.tradingClient, { cacheTtlMs: -1 }).success // false
 */
export const tradingClient = /* @__PURE__ */ v.looseObject({
  timeout,
  retry,
  cacheTtlMs: v.nullish(durationMs),
  reconcile,
})

/**
 * The options of one order-changing call of a client: `reconcile`.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.changeCall, { reconcile: { baseDelayMs: 1e-9 } }).success // false
 */
export const changeCall = /* @__PURE__ */ v.looseObject({ reconcile })

/**
 * The options of `createLoadCache` of `@tradeline/core`: `ttlMs`, 0 to 2^53 − 1 ms.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.loadCache, { ttlMs: 300_000 }).success // true
 */
export const loadCache = /* @__PURE__ */ v.looseObject({ ttlMs: v.nullish(durationMs) })

const intervalText = 'a number of seconds, at least 1 second and shorter than the window'
const heartbeatTimeoutText = 'a number of seconds, more than 0 and shorter than the window'
const deadManSwitchFields = /* @__PURE__ */ v.looseObject({
  window: v.nullish(wholeNumber(countdown.min, countdown.max, 'seconds')),
  interval: v.nullish(finiteNumber({ min: 1, max: countdown.max, text: intervalText })),
  heartbeatTimeout: v.nullish(
    finiteNumber({ min: 0, max: countdown.max, exclusive: true, text: heartbeatTimeoutText }),
  ),
  timestampTolerance: v.nullish(
    finiteNumber({ min: 0, max: 3600, text: 'a number of seconds from 0 to 3600' }),
  ),
})
type DeadManSwitchFields = v.InferOutput<typeof deadManSwitchFields>
const windowOf = (input: DeadManSwitchFields) => input.window ?? 10

/**
 * The options of the dead-man switch keeper of `@tradeline/unified`: `window` (a whole number
 * of seconds from 5 to 60), `interval` (seconds, at least 1 and shorter than the window),
 * `heartbeatTimeout` (seconds, more than 0 and shorter than the window) and
 * `timestampTolerance` (seconds, 0 to 3600). The window is 10 when not given.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.deadManSwitch, { window: 10, interval: 10 }).issues?.[0].path // ['interval']
 */
export const deadManSwitch = /* @__PURE__ */ v.pipe(
  deadManSwitchFields,
  v.forward(
    fieldCheck(
      'range',
      intervalText,
      (input: DeadManSwitchFields) =>
        typeof input.interval !== 'number' || input.interval < windowOf(input),
    ),
    ['interval'],
  ),
  v.forward(
    fieldCheck(
      'range',
      heartbeatTimeoutText,
      (input: DeadManSwitchFields) =>
        typeof input.heartbeatTimeout !== 'number' || input.heartbeatTimeout < windowOf(input),
    ),
    ['heartbeatTimeout'],
  ),
)

/** `limits` of a stream connection other than `false`: `{ marginMs }`. */
const streamLimits = /* @__PURE__ */ v.looseObject({
  marginMs: v.nullish(
    finiteNumber({ min: 0, max: 60_000, text: 'a number of milliseconds from 0 to 60000' }),
  ),
})
/** `limits` of a stream connection that is not an object: only `false` is taken. */
const noStreamLimits = /* @__PURE__ */ expects(v.literal(false), 'false or an object { marginMs }')

/**
 * The numeric options of a stream connection (`createStreamConnection` of `@tradeline/core`,
 * `createUnifiedStream`): `pingIntervalMs`, `pongTimeoutMs`, `answerTimeoutMs`,
 * `backoff.initialMs`, `backoff.maxMs` and `maxAgeMs`, each 1 to {@link maxTimerMs} ms,
 * `maxMessageBytes`, a whole number of bytes from 1024 to 1073741824 (1 GiB), and `limits`:
 * `false` or `{ marginMs }` with `marginMs` 0 to 60000 ms.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.streamConnection, { pingIntervalMs: 0 }).success // false
 */
export const streamConnection = /* @__PURE__ */ v.looseObject({
  pingIntervalMs: v.nullish(timerMs(1)),
  pongTimeoutMs: v.nullish(timerMs(1)),
  answerTimeoutMs: v.nullish(timerMs(1)),
  backoff: v.nullish(
    v.looseObject({ initialMs: v.nullish(timerMs(1)), maxMs: v.nullish(timerMs(1)) }),
  ),
  maxAgeMs: v.nullish(timerMs(1)),
  maxMessageBytes: v.nullish(wholeNumber(1024, 1_073_741_824, 'bytes')),
  limits: v.nullish(
    // `false`, or an object whose `marginMs` is checked in place (a union would report a
    // wrong margin against `limits` as a whole, not against `limits.marginMs`).
    v.lazy((input) =>
      typeof input === 'object' && input !== null && !Array.isArray(input)
        ? streamLimits
        : noStreamLimits,
    ),
  ),
})

/**
 * The options of one stream reader (`stream.orders(options)`, ...): `highWaterMark`, 1 to
 * 2^53 − 1 events.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.streamRead, { highWaterMark: 0 }).success // false
 */
export const streamRead = /* @__PURE__ */ v.looseObject({
  highWaterMark: v.nullish(wholeNumber(1, Number.MAX_SAFE_INTEGER, 'events')),
})

/**
 * The options of the securities executions walk (`executions.iterate`): `windowDays`, the widest
 * window asked for at once, a whole number of days from 1 to 90 (the endpoint's span).
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.executionsWalk, { windowDays: 0 }).issues?.[0].message
 * // 'windowDays: expected a whole number of days from 1 to 90, received 0'
 */
export const executionsWalk = /* @__PURE__ */ v.looseObject({
  windowDays: v.nullish(wholeNumber(1, securitiesExecutionsWindowDays, 'days')),
})

/**
 * The options of the unified strategy-order lookup (`lookUpStrategyOrder`): `maxPages`, 1 to
 * 1000 pages of each list.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.strategyLookup, { maxPages: 2 }).success // true
 */
export const strategyLookup = /* @__PURE__ */ v.looseObject({
  maxPages: v.nullish(wholeNumber(1, 1000, 'pages')),
})

/**
 * Checks options with one of these schemas: the options as given (not transformed), or the
 * issues, one per option, each naming the option (`path`) and the rule.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.check(Options.executionsWalk, { windowDays: 30 }) // { success: true, output: { windowDays: 30 } }
 */
export function check<schema extends v.GenericSchema>(
  schema: schema,
  input: unknown,
): CheckResult<v.InferOutput<schema>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  if (result.success) return { success: true, output: result.output }
  const issues = fromValibot(result.issues).map((issue) =>
    issue.path.length > 0
      ? issue
      : create({
          type: 'type',
          path: [],
          expected: 'an object',
          received: describe(input),
          message: `options: expected an object, received ${describe(input)}`,
        }),
  )
  return { success: false, issues: issues as unknown as Issues }
}

/**
 * Returns the options, or throws a `ValidationError` of `name` (the factory or the call) listing
 * every issue.
 *
 * @example
 * import { Options } from '@tradeline/rules'
 * Options.assert('createTransport', Options.transport, { retry: { limit: -1 } }) // throws ValidationError: retry.limit: expected a whole number of retries from 0 to 100, received -1
 */
export function assert<schema extends v.GenericSchema>(
  name: string,
  schema: schema,
  input: unknown,
): v.InferOutput<schema> {
  const result = check(schema, input)
  if (!result.success) throw new ValidationError({ endpoint: name, issues: result.issues })
  return result.output
}
