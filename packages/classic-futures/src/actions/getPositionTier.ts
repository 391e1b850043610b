import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type PositionTier, positionTiers } from '../schemas/market.js'

/**
 * Reads the position tiers of a symbol (GET /api/v2/mix/market/query-position-lever; public):
 * per notional bracket (`startUnit` to `endUnit`) the largest `leverage` and the maintenance
 * margin rate `keepMarginRate`.
 *
 * @example
 * import { createClassicFuturesClient, getPositionTier } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const [first] = await getPositionTier(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' })
 * first?.keepMarginRate // '0.004'
 */
export async function getPositionTier(
  client: ClientBase,
  parameters: getPositionTier.Parameters,
  options: CallOptions = {},
): Promise<getPositionTier.ReturnType> {
  requireArgument(ClassicFutures.getPositionTier, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getPositionTier, parameters, positionTiers, options)
}

export declare namespace getPositionTier {
  /** `symbol` and `productType`. */
  type Parameters = ClassicFutures.getPositionTier.Parameters
  /** The tiers, lowest first. */
  type ReturnType = PositionTier[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
