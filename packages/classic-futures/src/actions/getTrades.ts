import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type TradeRecord, tradeRecords } from '../schemas/market.js'

/**
 * Reads the last public trades of a symbol (GET /api/v2/mix/market/fills; public), newest first.
 *
 * @example
 * import { createClassicFuturesClient, getTrades } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const [last] = await getTrades(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', limit: 1 })
 * last?.price // '65000'
 */
export async function getTrades(
  client: ClientBase,
  parameters: getTrades.Parameters,
  options: CallOptions = {},
): Promise<getTrades.ReturnType> {
  requireArgument(ClassicFutures.getRecentTrades, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getRecentTrades, parameters, tradeRecords, options)
}

export declare namespace getTrades {
  /** `symbol`, `productType` (required); `limit` (at most 100). */
  type Parameters = ClassicFutures.getRecentTrades.Parameters
  /** The trades, newest first. */
  type ReturnType = TradeRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
