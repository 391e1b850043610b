import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type TickerRecord, tickerRecords } from '../schemas/market.js'

/**
 * Reads the tickers of every symbol of a product type (GET /api/v2/mix/market/tickers; public): last, best bid and ask, 24 h figures, index and mark price, funding rate.
 *
 * @example
 * import { createClassicFuturesClient, getTickers } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const tickers = await getTickers(client, { productType: 'USDT-FUTURES' })
 * tickers.find((t) => t.symbol === 'BTCUSDT')?.markPrice // '65000.0'
 */
export async function getTickers(
  client: ClientBase,
  parameters: getTickers.Parameters,
  options: CallOptions = {},
): Promise<getTickers.ReturnType> {
  requireArgument(ClassicFutures.getTickers, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getTickers, parameters, tickerRecords, options)
}

export declare namespace getTickers {
  /** `productType` (required). */
  type Parameters = ClassicFutures.getTickers.Parameters
  /** The tickers. */
  type ReturnType = TickerRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
