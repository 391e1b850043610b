import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type MaxOpenAvailable, maxOpenAvailable } from '../schemas/settings.js'

/**
 * Reads what the account can open of a symbol now (POST /api/v3/account/max-open-available):
 * futures `maxBuyOpen`/`maxSellOpen` (base coin) and the margin `size` costs; spot and margin
 * `available`. A read: it changes nothing. `price` is required for a limit order.
 *
 * @example
 * import { createUnifiedClient, getMaxOpenAvailable } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await getMaxOpenAvailable(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'market', side: 'buy' })
 * // { available: '1000', maxOpen: null, buyOpenCost: null, sellOpenCost: null, maxBuyOpen: '0.015', maxSellOpen: '0.015' }
 */
export async function getMaxOpenAvailable(
  client: ClientBase,
  parameters: getMaxOpenAvailable.Parameters,
  options: getMaxOpenAvailable.Options = {},
): Promise<getMaxOpenAvailable.ReturnType> {
  requireArgument(Unified.getMaxOpenAvailable, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getMaxOpenAvailable, parameters, maxOpenAvailable, options)
}

export declare namespace getMaxOpenAvailable {
  /** `category`, `symbol`, `orderType`, `side`; `price` (limit) and `size`. */
  type Parameters = Unified.getMaxOpenAvailable.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The available amount and the openable sizes. */
  type ReturnType = MaxOpenAvailable
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
