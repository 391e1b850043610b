import type { Named, WriteErrorType } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules'
import type { SavingsOutcomeUnknownError } from '../errors.js'
import type { ClientBase } from '../internal/client.js'
import { sendOnce, type WriteOptions } from '../internal/reconcile.js'
import { subscribeAck } from '../schemas/holdings.js'

/**
 * Subscribes `amount` of a savings product (POST /api/v2/earn/savings/subscribe): the answer is
 * the subscription's `orderId`, which {@link getSubscribeResult} reads (`success`, or `fail` with
 * the exchange's message). The request is checked before it is sent (a `ValidationError` naming
 * the field, nothing sent) and sent once.
 *
 * The exchange documents no client id for a subscription, so an unknown outcome (timeout, lost
 * connection, 40010/40725/45001) is reconciled by lookup through core's `settle`: the records of
 * `subscribe` of the product's period type and coin since the call was sent (less the clock
 * tolerance) with the same amount (a fixed one also among the holdings of that product). One
 * such subscription is this call's: its `orderId` is returned. None, or more than one, leaves
 * the outcome unknown: a `SavingsOutcomeUnknownError` that says which, and nothing is ever sent
 * again (a second subscription would move the money twice).
 *
 * @example
 * import { createSavingsClient, subscribe } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * const { orderId } = await subscribe(client, { productId: '1001', periodType: 'flexible', amount: '100' })
 * const subscribeResult = await client.getSubscribeResult({ orderId, periodType: 'flexible' })
 * subscribeResult.result // 'success'
 */
export async function subscribe(
  client: ClientBase,
  parameters: subscribe.Parameters,
  options: subscribe.Options = {},
): Promise<subscribe.ReturnType> {
  requireArgument(Savings.subscribe, parameters, 'object')
  return sendOnce(client, Savings.subscribe, parameters, subscribeAck, options, (record) => ({
    orderId: record.orderId,
  }))
}

export declare namespace subscribe {
  /** `productId`, `periodType` (`flexible`, `fixed`) and `amount` (a decimal string). */
  type Parameters = Savings.subscribe.Parameters
  /** The call's options: its signal, and reconciliation (`reconcile`, or `false` for none). */
  type Options = WriteOptions
  /** `orderId`: what subscribeResult reads. */
  type ReturnType = { orderId: string }
  /** What the call may throw: `SavingsOutcomeUnknownError` when the outcome stays unknown. */
  type ErrorType = WriteErrorType | Named<SavingsOutcomeUnknownError, 'SavingsOutcomeUnknownError'>
}
