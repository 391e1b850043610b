import type { Named, WriteErrorType } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import type { SavingsOutcomeUnknownError } from '../errors.js'
import type { ClientBase } from '../internal/client.js'
import { sendOnce, type WriteOptions } from '../internal/reconcile.js'
import { checkSubscription } from '../internal/subscribeInfos.js'
import { type SubscribeAck, subscribeAck } from '../schemas/holdings.js'
import type { SubscribeInfo } from '../schemas/records.js'

/**
 * Subscribes `amount` of a savings product (POST /api/v2/earn/savings/subscribe): the answer is
 * the subscription's `orderId`, which {@link getSubscribeResult} reads (`success`, or `fail` with
 * the exchange's message), and `status` as the exchange sends it. The request is checked before it
 * is sent (a `ValidationError` naming the field, nothing sent) and sent once.
 *
 * The amount is checked against the product's subscribe-info ("Get subscription detail before
 * subscribe savings"): below `singleMinAmount`, above `singleMaxAmount` or with more decimals
 * than `subscribePrecision` is a `ValidationError` naming `amount` and the rule, nothing sent
 * (the exchange would answer an `orderId` and fail it in subscribe-result). The conditions are
 * the `subscribeInfo` option (a record of `getSubscribeInfo`) or the client's read, cached per
 * product for `cacheTtlMs` (default a minute); `subscribeInfo: false` skips the check.
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
  const { subscribeInfo, ...writeOptions } = options
  return sendOnce(
    client,
    Savings.subscribe,
    parameters,
    subscribeAck,
    writeOptions,
    (record) => ({ orderId: record.orderId, status: null }),
    (request) => checkSubscription(client, request, subscribeInfo, writeOptions.signal),
  )
}

export declare namespace subscribe {
  /** `productId`, `periodType` (`flexible`, `fixed`) and `amount` (a decimal string). */
  type Parameters = Savings.subscribe.Parameters
  /**
   * The call's options: its signal, reconciliation (`reconcile`, or `false` for none), and
   * `subscribeInfo`: the product's conditions to check the amount against (a `getSubscribeInfo`
   * record; default: the client's cached read), or `false` for no check.
   */
  type Options = WriteOptions & { subscribeInfo?: SubscribeInfo | false | undefined }
  /** `orderId` (what subscribeResult reads) and `status` as the exchange sends it (`null` when reconciled from the records). */
  type ReturnType = SubscribeAck
  /** What the call may throw: `SavingsOutcomeUnknownError` when the outcome stays unknown. */
  type ErrorType = WriteErrorType | Named<SavingsOutcomeUnknownError, 'SavingsOutcomeUnknownError'>
}
