/**
 * How a careful user handles what a call reports: an outcome left unknown is sent again only as
 * the client's `retryWith` (the same `clientOid`), a rate-limit refusal (nothing applied) is sent
 * again after the announced wait, and anything else is the call's final report.
 */
import {
  BaseError,
  OrderNotChangedError,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
  RateLimitedError,
  UnknownOutcomeError,
} from '@tradeline/core'

/** What a call finally reported, as the audit reads it. */
export type Report =
  /** Applied: the acknowledgement (orderId as reported). */
  | { readonly status: 'ok'; readonly orderId: string | null }
  /** Proven not applied by reconciliation (`OrderNotPlacedError`, `OrderNotChangedError`). */
  | { readonly status: 'not-applied'; readonly error: string }
  /** Refused by the exchange or the client (an `ApiError`, a `ValidationError`...): not applied. */
  | { readonly status: 'refused'; readonly error: string; readonly code?: string | undefined }
  /**
   * Still unknown: the client offers no retry (`UnknownOutcomeError` without `retryWith`), or
   * `retryable`: it offered one the careful user no longer sent (the last of its sends).
   */
  | { readonly status: 'unknown'; readonly error: string; readonly retryable?: boolean | undefined }
  /** A throw that is not a tradeline `BaseError`. */
  | { readonly status: 'untyped'; readonly error: string }
  /** The call did not settle within the campaign's bound. */
  | { readonly status: 'hung' }

/** The classification of one error, and what a careful user does next. */
export type Next =
  | { readonly kind: 'final'; readonly report: Report }
  | {
      readonly kind: 'retry'
      /** `unknown`: the outcome stayed unknown (send `retryWith`); `rate-limited`: a 429. */
      readonly reason: 'unknown' | 'rate-limited'
      readonly parameters: unknown
      /** The wait the server asked for (`Retry-After`). */
      readonly waitMs: number
    }

/** The code of an error that carries one. */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

/** A short name for an error in a report. */
export function nameOf(error: unknown): string {
  if (error instanceof Error) return error.name
  return typeof error
}

/**
 * What a careful user does with the error of a call made with `parameters`.
 *
 * @example
 * import { nextStep } from '@tradeline/campaign'
 * nextStep(new Error('x'), {}).kind // 'final' (an untyped throw)
 */
export function nextStep(error: unknown, parameters: unknown): Next {
  if (!BaseError.isInstance(error))
    return { kind: 'final', report: { status: 'untyped', error: nameOf(error) } }
  if (OrderOutcomeUnknownError.isInstance(error))
    return { kind: 'retry', reason: 'unknown', parameters: error.retryWith, waitMs: 0 }
  if (RateLimitedError.isInstance(error))
    return { kind: 'retry', reason: 'rate-limited', parameters, waitMs: error.retryAfterMs ?? 0 }
  if (UnknownOutcomeError.isInstance(error))
    return { kind: 'final', report: { status: 'unknown', error: nameOf(error) } }
  if (OrderNotPlacedError.isInstance(error) || OrderNotChangedError.isInstance(error))
    return { kind: 'final', report: { status: 'not-applied', error: nameOf(error) } }
  return { kind: 'final', report: { status: 'refused', error: nameOf(error), code: codeOf(error) } }
}
