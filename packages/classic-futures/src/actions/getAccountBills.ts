import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type BillPage, billPage } from '../schemas/ledger.js'

/**
 * Reads a page of the account's bills (GET /api/v2/mix/account/bill), newest first: every
 * change of a balance with its `businessType` (fills, fees, funding), `amount`, `fee` and the
 * `balance` after it; `endId` is the next page's `idLessThan`.
 *
 * @example
 * import { createClassicFuturesClient, getAccountBills } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const { bills } = await getAccountBills(client, { productType: 'USDT-FUTURES', businessType: 'contract_settle_fee' })
 * bills[0]?.amount // '-0.004992' (funding paid)
 */
export async function getAccountBills(
  client: ClientBase,
  parameters: getAccountBills.Parameters,
  options: CallOptions = {},
): Promise<getAccountBills.ReturnType> {
  requireArgument(ClassicFutures.getAccountBill, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getAccountBill, parameters, billPage, options)
}

export declare namespace getAccountBills {
  /** `productType` (required), coin, businessType, onlyFunding, idLessThan, times, limit. */
  type Parameters = ClassicFutures.getAccountBill.Parameters
  /** A page of bills. */
  type ReturnType = BillPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
