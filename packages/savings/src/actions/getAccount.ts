import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type SavingsAccount, savingsAccount } from '../schemas/holdings.js'

/**
 * Reads the savings account (GET /api/v2/earn/savings/account): the estimated value of the holdings and the earnings of the last 24 hours and in total, in BTC and in USDT, as decimal strings.
 *
 * @example
 * import { createSavingsClient, getAccount } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * const account = await getAccount(client)
 * account.usdtAmount // '9481.55500000'
 */
export async function getAccount(
  client: ClientBase,
  parameters: getAccount.Parameters = {},
  options: CallOptions = {},
): Promise<getAccount.ReturnType> {
  requireArgument(Savings.getAccount, parameters, 'object')
  return callEndpoint(client, Savings.getAccount, parameters, savingsAccount, options)
}

export declare namespace getAccount {
  /** None (an empty object, the default). */
  type Parameters = Savings.getAccount.Parameters
  /** The summary. */
  type ReturnType = SavingsAccount
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
