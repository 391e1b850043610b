import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type TradeRecord, tradeRecords } from '../schemas/market.js'

/**
 * Reads public trades of the last 90 days (GET /api/v2/mix/market/fills-history; public), newest first; page with `idLessThan` = the last `tradeId`.
 *
 * @example
 * import { createClassicFuturesClient, getHistoryTrades } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const page = await getHistoryTrades(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', limit: 100 })
 * const last = page.at(-1)?.tradeId // '1' (the oldest of the page)
 * if (last) await getHistoryTrades(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', idLessThan: last })
 */
export async function getHistoryTrades(
  client: ClientBase,
  parameters: getHistoryTrades.Parameters,
  options: CallOptions = {},
): Promise<getHistoryTrades.ReturnType> {
  requireArgument(ClassicFutures.getHistoryTrades, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getHistoryTrades, parameters, tradeRecords, options)
}

export declare namespace getHistoryTrades {
  /** `symbol`, `productType` (required); `limit` (at most 1000), `idLessThan` (the last `tradeId` of the previous page), `startTime`/`endTime` (a week at most). */
  type Parameters = ClassicFutures.getHistoryTrades.Parameters
  /** The trades, newest first. */
  type ReturnType = TradeRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
