import { type BaseError, callEndpoint, requireArgument } from '@tradeline/core'
import { Savings } from '@tradeline/rules'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type RedeemAck, redeemAck } from '../schemas/holdings.js'

/**
 * Redeems `amount` of a savings product (POST /api/v2/earn/savings/redeem); a fixed-term holding is named by its `orderId` (the assets' `orderId`). The exchange refuses a redemption less than a minute after the previous one. Checked before it is sent (a `ValidationError` naming the field, nothing sent) and sent once: an unknown outcome is thrown as `UnknownOutcomeError` (read the records of `redeem` before redeeming again).
 *
 * @example
 * import { createSavingsClient, redeem } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * await redeem(client, { productId: '1001', periodType: 'flexible', amount: '100' }) // { orderId: '1300000000000000002', status: '100.000000' }
 */
export async function redeem(
  client: ClientBase,
  parameters: redeem.Parameters,
  options: CallOptions = {},
): Promise<redeem.ReturnType> {
  requireArgument(Savings.redeem, parameters, 'object')
  return callEndpoint(client, Savings.redeem, parameters, redeemAck, options)
}

export declare namespace redeem {
  /** `productId`, `periodType`, `amount`, and `orderId` (required for `fixed`). */
  type Parameters = Savings.redeem.Parameters
  /** `orderId` (what redeemResult reads) and `status` as the exchange sends it. */
  type ReturnType = RedeemAck
  /** What the call may throw. */
  type ErrorType = BaseError
}
