import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import {
  assertMarginCoin,
  type CallOptions,
  type ClientBase,
  modeOfPosMode,
  productTypeOf,
} from '../internal/client.js'
import { type SingleAccountRecord, singleAccountRecord } from '../schemas/account.js'

/**
 * Reads one margin coin's account of a product type with the symbol's settings
 * (GET /api/v2/mix/account/account): balances, `crossedMarginLeverage`, `isolatedLongLever`,
 * `isolatedShortLever`, `marginMode` and the product type's `posMode`, which also refreshes the
 * position mode the client checks orders with.
 *
 * @example
 * import { createClassicFuturesClient, getAccount } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const account = await getAccount(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT' })
 * account.posMode // 'one_way_mode'
 */
export async function getAccount(
  client: ClientBase,
  parameters: getAccount.Parameters,
  options: CallOptions = {},
): Promise<getAccount.ReturnType> {
  requireArgument(ClassicFutures.getAccount, parameters, 'object')
  await assertMarginCoin(client, ClassicFutures.getAccount, parameters)
  const account = await callEndpoint(
    client,
    ClassicFutures.getAccount,
    parameters,
    singleAccountRecord,
    options,
  )
  const mode = modeOfPosMode(account.posMode)
  const productType = productTypeOf(parameters.productType)
  if (mode !== undefined && productType !== undefined) client.accountModes?.set(productType, mode)
  return account
}

export declare namespace getAccount {
  /** `symbol`, `productType` and `marginCoin` (all required). */
  type Parameters = ClassicFutures.getAccount.Parameters
  /** The margin coin's account with the symbol's settings. */
  type ReturnType = SingleAccountRecord
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
