import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { assertMarginCoin } from '../internal/client.js'
import { type MaxOpenResult, maxOpenResult } from '../schemas/account.js'

/**
 * Reads the largest size one side of a symbol can open now, counting the positions and open
 * orders (GET /api/v2/mix/account/max-open); `openPrice` is required for a limit order.
 *
 * @example
 * import { createClassicFuturesClient, getMaxOpen } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await getMaxOpen(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', posSide: 'long', orderType: 'limit', openPrice: '60000' })
 * // { maxOpen: '0.166' }
 */
export async function getMaxOpen(
  client: ClientBase,
  parameters: getMaxOpen.Parameters,
  options: CallOptions = {},
): Promise<getMaxOpen.ReturnType> {
  requireArgument(ClassicFutures.getMaxOpen, parameters, 'object')
  await assertMarginCoin(client, ClassicFutures.getMaxOpen, parameters)
  return callEndpoint(client, ClassicFutures.getMaxOpen, parameters, maxOpenResult, options)
}

export declare namespace getMaxOpen {
  /** `symbol`, `productType`, `marginCoin`, `posSide`, `orderType` and (limit) `openPrice`. */
  type Parameters = ClassicFutures.getMaxOpen.Parameters
  /** `maxOpen`. */
  type ReturnType = MaxOpenResult
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
