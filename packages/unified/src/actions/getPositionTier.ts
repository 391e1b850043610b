import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type PositionTier, positionTiers } from '../schemas/marketData.js'

/**
 * Reads the position tiers of a futures symbol or a margin coin (GET
 * /api/v3/market/position-tier; public): value bounds, leverage, maintenance margin rate.
 *
 * @example
 * import { createUnifiedClient, getPositionTier } from '@tradeline/unified'
 * const client = createUnifiedClient()
 * const [first] = await getPositionTier(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * first?.leverage // '125'
 */
export async function getPositionTier(
  client: ClientBase,
  parameters: getPositionTier.Parameters,
  options: getPositionTier.Options = {},
): Promise<getPositionTier.ReturnType> {
  requireArgument(Unified.getPositionTier, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getPositionTier, parameters, positionTiers, options)
}

export declare namespace getPositionTier {
  /** `category` (MARGIN or a futures one, required), `symbol` (futures), `coin` (margin). */
  type Parameters = Unified.getPositionTier.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The tiers. */
  type ReturnType = PositionTier[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
