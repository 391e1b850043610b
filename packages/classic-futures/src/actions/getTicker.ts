import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type TickerRecord, tickerRecords } from '../schemas/market.js'

/**
 * Reads the ticker of one symbol (GET /api/v2/mix/market/ticker; public): an array of one ticker.
 *
 * @example
 * import { createClassicFuturesClient, getTicker } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const [btc] = await getTicker(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' })
 * btc?.lastPr // '65000.0'
 */
export async function getTicker(
  client: ClientBase,
  parameters: getTicker.Parameters,
  options: CallOptions = {},
): Promise<getTicker.ReturnType> {
  requireArgument(ClassicFutures.getTicker, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getTicker, parameters, tickerRecords, options)
}

export declare namespace getTicker {
  /** `symbol` and `productType` (both required). */
  type Parameters = ClassicFutures.getTicker.Parameters
  /** An array of the one ticker. */
  type ReturnType = TickerRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
