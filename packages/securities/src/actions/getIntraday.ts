import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { intraday } from '../schemas/records.js'

/**
 * Reads the intraday minutes of a symbol (GET /api/v3/stockplus/market/intraday): `data.list`.
 *
 * @example
 * import { createSecuritiesClient, getIntraday } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * const intraday = await getIntraday(client, { symbol: 'AAPL.US' })
 * intraday[0] // { price: '150.1', timestamp: 1768573800000, volume: '1200', turnover: '180120', avgPrice: '150.1' }
 */
export async function getIntraday(
  client: ClientBase,
  parameters: getIntraday.Parameters,
  options: CallOptions = {},
): Promise<getIntraday.ReturnType> {
  requireArgument(Securities.getIntraday, parameters, 'object')
  return callEndpoint(client, Securities.getIntraday, parameters, intraday, options)
}

export declare namespace getIntraday {
  /** `symbol` (required). */
  type Parameters = Securities.getIntraday.Parameters
  /** The minutes: decimals as strings, `timestamp` (start of the minute) in Unix ms. */
  type ReturnType = import('valibot').InferOutput<typeof intraday>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
