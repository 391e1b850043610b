import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type OpenInterest, openInterest } from '../schemas/market.js'

/**
 * Reads the open interest of a symbol (GET /api/v2/mix/market/open-interest; public), in the base coin.
 *
 * @example
 * import { createClassicFuturesClient, getOpenInterest } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const { openInterestList } = await getOpenInterest(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' })
 * openInterestList[0]?.size // '34278.06'
 */
export async function getOpenInterest(
  client: ClientBase,
  parameters: getOpenInterest.Parameters,
  options: CallOptions = {},
): Promise<getOpenInterest.ReturnType> {
  requireArgument(ClassicFutures.getOpenInterest, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getOpenInterest, parameters, openInterest, options)
}

export declare namespace getOpenInterest {
  /** `symbol` and `productType` (both required). */
  type Parameters = ClassicFutures.getOpenInterest.Parameters
  /** The open interest and its time. */
  type ReturnType = OpenInterest
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
