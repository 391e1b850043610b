import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type AccountListItem, accountList } from '../schemas/account.js'

/**
 * Reads every margin coin's account of a product type (GET /api/v2/mix/account/accounts):
 * balances, equity, the margin occupied and, in multi-assets mode, the assets.
 *
 * @example
 * import { createClassicFuturesClient, getAccounts } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const [usdt] = await getAccounts(client, { productType: 'USDT-FUTURES' })
 * usdt?.available // '10000'
 */
export async function getAccounts(
  client: ClientBase,
  parameters: getAccounts.Parameters,
  options: CallOptions = {},
): Promise<getAccounts.ReturnType> {
  requireArgument(ClassicFutures.getAccounts, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getAccounts, parameters, accountList, options)
}

export declare namespace getAccounts {
  /** `productType` (required). */
  type Parameters = ClassicFutures.getAccounts.Parameters
  /** One account per margin coin. */
  type ReturnType = AccountListItem[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
