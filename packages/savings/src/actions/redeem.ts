import type { Named, WriteErrorType } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import type { SavingsOutcomeUnknownError } from '../errors.js'
import type { ClientBase } from '../internal/client.js'
import { sendOnce, type WriteOptions } from '../internal/reconcile.js'
import { type RedeemAck, redeemAck } from '../schemas/holdings.js'

/**
 * Redeems `amount` of a savings product (POST /api/v2/earn/savings/redeem); a fixed-term holding
 * is named by its `orderId` (the assets' `orderId`, required for `fixed`). The exchange refuses a
 * redemption less than a minute after the previous one. Checked before it is sent (a
 * `ValidationError` naming the field, nothing sent) and sent once: an unknown outcome is
 * reconciled from the `redeem` records as a subscription is (see `subscribe`); the one match is
 * returned with `status` `null` (the records do not carry it), none or several are a
 * `SavingsOutcomeUnknownError`.
 *
 * @example
 * import { createSavingsClient, redeem } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * await redeem(client, { productId: '1001', periodType: 'flexible', amount: '100' }) // { orderId: '1300000000000000002', status: '100.000000' }
 */
export async function redeem(
  client: ClientBase,
  parameters: redeem.Parameters,
  options: redeem.Options = {},
): Promise<redeem.ReturnType> {
  requireArgument(Savings.redeem, parameters, 'object')
  return sendOnce(client, Savings.redeem, parameters, redeemAck, options, (record) => ({
    orderId: record.orderId,
    status: null,
  }))
}

export declare namespace redeem {
  /** `productId`, `periodType`, `amount`, and `orderId` (required for `fixed`). */
  type Parameters = Savings.redeem.Parameters
  /** The call's options: its signal, and reconciliation (`reconcile`, or `false` for none). */
  type Options = WriteOptions
  /** `orderId` (what redeemResult reads) and `status` as the exchange sends it. */
  type ReturnType = RedeemAck
  /** What the call may throw: `SavingsOutcomeUnknownError` when the outcome stays unknown. */
  type ErrorType = WriteErrorType | Named<SavingsOutcomeUnknownError, 'SavingsOutcomeUnknownError'>
}
