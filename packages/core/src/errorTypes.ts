/**
 * What the calls of a client can throw, as unions of error classes whose `name` is a literal (the
 * way viem types `ErrorType`): an action's `ErrorType` is built from these, and a caught error
 * cast to it narrows by `isInstance` or by `name`. Types only: nothing here exists at run time.
 *
 * Outside these unions: an abort (the `signal`'s reason, often a `DOMException` named
 * `AbortError`), what a `fetch` plugged in by the caller throws itself, and the rate limiter's own
 * refusals (`@tradeline/rate-limit`'s `WaitTooLongError` when a `maxWaitMs` or deadline is set;
 * none with the defaults). A hook's throw never reaches the caller (it goes to the `error` hook as
 * a `HookError`).
 */
import type { BaseError, ValidationError } from '@tradeline/rules/shared'
import type { OrderClosedOutcomeUnknownError } from './change.js'
import type {
  ApiError,
  MissingCredentialsError,
  NetworkError,
  RateLimitedError,
  ResponseError,
  TimeoutError,
  UnknownOutcomeError,
} from './Errors.js'
import type {
  OrderIdUnresolvedError,
  OrderNotChangedError,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
} from './reconcile.js'

/**
 * An error class's instance with its `name` as a literal type, so that a union of them narrows
 * on `error.name === '...'` as well as on `isInstance`.
 *
 * @example
 * import { type Named, ApiError } from '@tradeline/core'
 * type ApiErrorType = Named<ApiError, 'ApiError'>
 */
export type Named<error extends BaseError, name extends string> = error & { readonly name: name }

/**
 * What a read can throw: its parameters refused before anything is sent, missing credentials,
 * the exchange's refusal, a rate limit, an unreadable answer, the network, a timeout.
 *
 * @example
 * import { type ReadErrorType, ApiError } from '@tradeline/core'
 * const narrow = (error: ReadErrorType) => (error.name === 'ApiError' ? error.code : undefined)
 */
export type ReadErrorType =
  | Named<ValidationError, 'ValidationError'>
  | Named<MissingCredentialsError, 'MissingCredentialsError'>
  | Named<ApiError, 'ApiError'>
  | Named<RateLimitedError, 'RateLimitedError'>
  | Named<ResponseError, 'ResponseError'>
  | Named<NetworkError, 'NetworkError'>
  | Named<TimeoutError, 'TimeoutError'>

/**
 * What a write without an order to reconcile can throw (a setting, a transfer, a batch call
 * whose items report their own outcomes): a read's errors, and `UnknownOutcomeError` when the
 * request may have reached the exchange without an answer.
 *
 * @example
 * import { type WriteErrorType } from '@tradeline/core'
 * const unknown = (error: WriteErrorType) => error.name === 'UnknownOutcomeError'
 */
export type WriteErrorType = ReadErrorType | Named<UnknownOutcomeError, 'UnknownOutcomeError'>

/**
 * What a placement through core's engine can throw: a write's errors, the outcome that stayed
 * unknown through the lookups (`retryWith` typed as the action's `call` parameters), the order
 * proven not placed, an acknowledgement whose order could not be found.
 *
 * @example
 * import { type PlacementErrorType, OrderOutcomeUnknownError } from '@tradeline/core'
 * const again = (error: PlacementErrorType<{ symbol: string }>) =>
 *   OrderOutcomeUnknownError.isInstance(error) ? error.retryWith.symbol : undefined
 */
export type PlacementErrorType<call extends Readonly<Record<string, unknown>>> =
  | WriteErrorType
  | Named<OrderOutcomeUnknownError<call>, 'OrderOutcomeUnknownError'>
  | Named<OrderNotPlacedError, 'OrderNotPlacedError'>
  | Named<OrderIdUnresolvedError, 'OrderIdUnresolvedError'>

/**
 * What a modification or cancellation through core's engine can throw: a write's errors, the
 * outcome that stayed unknown (`retryWith` typed as the action's `call` parameters), the change
 * proven not applied (`order` as the client's `order` record), the order closed in a state that
 * tells nothing.
 *
 * @example
 * import { type ChangeErrorType } from '@tradeline/core'
 * const closed = (error: ChangeErrorType<{ orderId: string }>) => error.name === 'OrderNotChangedError'
 */
export type ChangeErrorType<
  call extends Readonly<Record<string, unknown>>,
  order extends { readonly orderId?: unknown } = Readonly<Record<string, unknown>>,
> =
  | WriteErrorType
  | Named<OrderOutcomeUnknownError<call>, 'OrderOutcomeUnknownError'>
  | Named<OrderNotChangedError<order>, 'OrderNotChangedError'>
  | Named<OrderClosedOutcomeUnknownError, 'OrderClosedOutcomeUnknownError'>
