// Every export is named here; nothing is re-exported wholesale from internals.
export {
  CostExceedsLimitError,
  createLimiter,
  defaultMarginMs,
  LimiterClosedError,
  type Release,
  UnknownKeyError,
  WaitTooLongError,
} from './createLimiter.js'
export { createMemoryStore, monotonicClock } from './createMemoryStore.js'
export {
  createRateLimiter,
  createRateLimiterFor,
  defaultPriority,
  type RateLimitRequest,
} from './createRateLimiter.js'
export {
  createStreamGate,
  type StreamGateHandle,
  type StreamGateOptions,
  streamMarginMs,
} from './createStreamGate.js'
export { type Admission, findViolations, type Violation } from './findViolations.js'
export {
  type Budget,
  budgetsOf,
  type Clock,
  type CountFrom,
  type Identity,
  type Refused,
  type Rule,
  type Store,
  type Taken,
  type TakeRequest,
  type TakeResult,
} from './Store.js'

/** The version of this package, written at version time. */
export { version } from './version.js'
