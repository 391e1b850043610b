/** The error of a savings write whose outcome stayed unknown (public, thrown by subscribe and redeem). */
import { UnknownOutcomeError } from '@tradeline/core'

/** The fields of a savings write that its records show. */
export type SavingsRequest = { productId: string; periodType: 'flexible' | 'fixed'; amount: string }

/**
 * The outcome of a subscription or redemption stayed unknown after reconciliation: no record of
 * that amount showed up since the call (`candidates` empty: the exchange may still apply it), or
 * several did, or one that another write of this client with the same fields (in flight at the
 * same time, or itself ended unknown) may have made (`candidates` their orderIds: which one is
 * this call's cannot be told). Never send it again blindly: read the records or assets first.
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
  /**
   * The orderIds of the matching records: none, or those that may be another write's too
   * (several, or one that another write of this client with the same fields may have made).
   */
  readonly candidates: readonly string[]
  /**
   * Why the outcome stays unknown: no match yet (`none-found`), or matches that may be another
   * write's (`several-found`: several, or one that another write of this client with the same
   * kind, period type and amount, in flight or ended unknown, may have made).
   */
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
          : candidates.length === 1
            ? `The ${operation} records show one match of the ${what} since the call (orderId ${candidates[0]}), and another ${noun} of the same amount by this client, at the same time, may have made it: whose it is cannot be told.`
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
