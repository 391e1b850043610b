import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type MergeDepth, mergeDepth } from '../schemas/market.js'

/**
 * Reads the order book of a symbol (GET /api/v2/mix/market/merge-depth; public), levels merged at a precision: `asks` and `bids` as `[price, size]` decimal strings, best first.
 *
 * @example
 * import { createClassicFuturesClient, getDepth } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const { bids } = await getDepth(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', limit: '5' })
 * bids[0] // ['64999.9', '0.312']
 */
export async function getDepth(
  client: ClientBase,
  parameters: getDepth.Parameters,
  options: CallOptions = {},
): Promise<getDepth.ReturnType> {
  requireArgument(ClassicFutures.getMergeDepth, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getMergeDepth, parameters, mergeDepth, options)
}

export declare namespace getDepth {
  /** `symbol`, `productType` (required); `precision` (`scale0`..`scale3`), `limit` (`1`, `5`, `15`, `50`, `max`). */
  type Parameters = ClassicFutures.getMergeDepth.Parameters
  /** The levels best first, with the merge step. */
  type ReturnType = MergeDepth
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
