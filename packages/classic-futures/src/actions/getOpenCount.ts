import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { assertMarginCoin } from '../internal/client.js'
import { type OpenCountResult, openCountResult } from '../schemas/account.js'

/**
 * Estimates the size a margin of `openAmount` opens at `openPrice` and `leverage` (default 20),
 * leaving the positions and orders aside (GET /api/v2/mix/account/open-count).
 *
 * @example
 * import { createClassicFuturesClient, getOpenCount } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await getOpenCount(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', openAmount: '5000', openPrice: '23189.5', leverage: '20' })
 * // { size: '4.312' }
 */
export async function getOpenCount(
  client: ClientBase,
  parameters: getOpenCount.Parameters,
  options: CallOptions = {},
): Promise<getOpenCount.ReturnType> {
  requireArgument(ClassicFutures.getOpenCount, parameters, 'object')
  await assertMarginCoin(client, ClassicFutures.getOpenCount, parameters)
  return callEndpoint(client, ClassicFutures.getOpenCount, parameters, openCountResult, options)
}

export declare namespace getOpenCount {
  /** `symbol`, `productType`, `marginCoin`, `openAmount`, `openPrice` and `leverage`. */
  type Parameters = ClassicFutures.getOpenCount.Parameters
  /** `size`. */
  type ReturnType = OpenCountResult
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
