/** The error of a savings write whose outcome stayed unknown (public, thrown by subscribe and redeem). */
import { UnknownOutcomeError } from '@tradeline/core'

/** The fields of a savings write that its records show. */
export type SavingsRequest = { productId: string; periodType: 'flexible' | 'fixed'; amount: string }

/**
 * The outcome of a subscription or redemption stayed unknown after reconciliation: no record of
 * that amount showed up since the call (`candidates` empty: the exchange may still apply it), or
 * several did (`candidates` their orderIds: which one is this call's cannot be told). Never send
 * it again blindly: read the records or assets first.
 *
 * @example
 * import { SavingsOutcomeUnknownError } from '@tradeline/savings'
 * try {
 *   await client.subscribe({ productId: '1001', periodType: 'flexible', amount: '100' })
 * } catch (error) {
 *   if (SavingsOutcomeUnknownError.isInstance(error)) console.log(error.ambiguity, error.candidates)
 * }
 */
export class SavingsOutcomeUnknownError extends UnknownOutcomeError {
  static override readonly kind: string = 'SavingsOutcomeUnknownError'
  override name = 'SavingsOutcomeUnknownError'
  /** The write whose outcome is unknown. */
  readonly operation: 'subscribe' | 'redeem'
  /** Lookups made. */
  readonly attempts: number
  /** The orderIds of the matching records: none, or more than one (ambiguous). */
  readonly candidates: readonly string[]
  /** Why the outcome stays unknown: no match yet, or several matches. */
  readonly ambiguity: 'none-found' | 'several-found'
  /** When the call was sent (the transport's clock, Unix ms): the lookups' window starts there. */
  readonly sentAt: number

  constructor(parameters: {
    error: UnknownOutcomeError
    attempts: number
    operation: 'subscribe' | 'redeem'
    request: SavingsRequest
    sentAt: number
    candidates: readonly string[]
  }) {
    const { error, request, candidates, operation } = parameters
    const noun = operation === 'subscribe' ? 'subscription' : 'redemption'
    const what = `${noun} of ${request.amount} of product ${request.productId} (${request.periodType})`
    const { endpoint, method, path, reason, code, msg, status } = error
    super({
      ...{ endpoint, method, path, reason, code, msg, status },
      cause: error,
      advice: [
        candidates.length === 0
          ? `${parameters.attempts} lookups of the ${operation} records found no ${what} since the call; the exchange may still apply it.`
          : `The ${operation} records show ${candidates.length} matches of the ${what} since the call (orderIds ${candidates.join(', ')}): which one is this call's cannot be told.`,
        'Nothing was sent again: read the records or assets before sending it again.',
      ],
    })
    this.operation = operation
    this.attempts = parameters.attempts
    this.candidates = candidates
    this.ambiguity = candidates.length === 0 ? 'none-found' : 'several-found'
    this.sentAt = parameters.sentAt
  }
}
