import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { channels } from '../schemas/records.js'

/**
 * Reads the held positions by account channel (GET /api/v3/stockplus/asset/stock-position): `data.channels`.
 *
 * @example
 * import { createSecuritiesClient, getPositions } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * const positions = await getPositions(client, {})
 * positions[0]?.positions[0] // { symbol: 'AAPL.US', quantity: '10', costPrice: '150.1', ... }
 */
export async function getPositions(
  client: ClientBase,
  parameters: getPositions.Parameters = {},
  options: CallOptions = {},
): Promise<getPositions.ReturnType> {
  requireArgument(Securities.getStockPositions, parameters, 'object')
  return callEndpoint(client, Securities.getStockPositions, parameters, channels, options)
}

export declare namespace getPositions {
  /** `symbol` (optional; a list, sent comma-separated). */
  type Parameters = Securities.getStockPositions.Parameters
  /** The channels, each with its `positions` (quantities and cost price as decimal strings). */
  type ReturnType = import('valibot').InferOutput<typeof channels>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
