import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type ClosedPositionPage, closedPositionPage } from '../schemas/ledger.js'

/**
 * Reads a page of the account's closed positions (GET /api/v2/mix/position/history-position),
 * newest first: open and close average price, realised `pnl`, fees, funding, `netProfit`;
 * `endId` is the next page's `idLessThan`.
 *
 * @example
 * import { createClassicFuturesClient, getPositionHistory } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const { list } = await getPositionHistory(client, { symbol: 'BTCUSDT' })
 * list[0]?.netProfit // '12.1'
 */
export async function getPositionHistory(
  client: ClientBase,
  parameters: getPositionHistory.Parameters = {},
  options: CallOptions = {},
): Promise<getPositionHistory.ReturnType> {
  requireArgument(ClassicFutures.getHistoryPosition, parameters, 'object')
  return callEndpoint(
    client,
    ClassicFutures.getHistoryPosition,
    parameters,
    closedPositionPage,
    options,
  )
}

export declare namespace getPositionHistory {
  /** symbol, productType (the exchange defaults it to USDT-FUTURES), idLessThan, times, limit. */
  type Parameters = ClassicFutures.getHistoryPosition.Parameters
  /** A page of closed positions. */
  type ReturnType = ClosedPositionPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
