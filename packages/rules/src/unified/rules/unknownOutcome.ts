/**
 * Place-order rule 9 as data: the error codes after which the outcome of an order-changing
 * call is unknown and must be checked by querying the order by `clientOid`.
 */

/**
 * The codes of an unknown outcome: `40010` request timed out, `40725` service returned an
 * error, `45001` unknown error.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.unknownOutcomeCodes // ['40010', '40725', '45001']
 */
export const unknownOutcomeCodes = ['40010', '40725', '45001'] as const

/** A code after which the outcome is unknown. */
export type UnknownOutcomeCode = (typeof unknownOutcomeCodes)[number]

/**
 * Whether an error code leaves the outcome unknown, so the order must be looked up by
 * `clientOid` before anything is retried.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.isUnknownOutcome('40725') // true
 * Unified.isUnknownOutcome('40762') // false
 */
export function isUnknownOutcome(code: string): code is UnknownOutcomeCode {
  return (unknownOutcomeCodes as readonly string[]).includes(code)
}
