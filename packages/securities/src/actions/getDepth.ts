import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { depth } from '../schemas/records.js'

/**
 * Reads the order book of a symbol (GET /api/v3/stockplus/market/depth).
 *
 * @example
 * import { createSecuritiesClient, getDepth } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getDepth(client, { symbol: 'AAPL.US' }) // { asks: [{ position: 1, price: '150.1', volume: '200', orderNum: 3 }], bids: [...] }
 */
export async function getDepth(
  client: ClientBase,
  parameters: getDepth.Parameters,
  options: CallOptions = {},
): Promise<getDepth.ReturnType> {
  requireArgument(Securities.getDepth, parameters, 'object')
  return callEndpoint(client, Securities.getDepth, parameters, depth, options)
}

export declare namespace getDepth {
  /** `symbol` (required). */
  type Parameters = Securities.getDepth.Parameters
  /** The order book: `asks` and `bids`, prices and volumes as decimal strings. */
  type ReturnType = import('valibot').InferOutput<typeof depth>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
