import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type PositionHistoryPage, positionHistoryPage } from '../schemas/ledger.js'

/**
 * Reads a page of the account's closed positions (GET /api/v3/position/history-position),
 * newest first: average prices, sizes, realised profit, fees, funding and net profit.
 *
 * @example
 * import { createUnifiedClient, getPositionHistory } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { list } = await getPositionHistory(client, { category: 'USDT-FUTURES' })
 * list[0]?.netProfit // '-45.588'
 */
export async function getPositionHistory(
  client: ClientBase,
  parameters: getPositionHistory.Parameters,
  options: getPositionHistory.Options = {},
): Promise<getPositionHistory.ReturnType> {
  requireArgument(Unified.getPositionHistory, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getPositionHistory, parameters, positionHistoryPage, options)
}

export declare namespace getPositionHistory {
  /** `category` (futures, required), symbol, times, limit, cursor. */
  type Parameters = Unified.getPositionHistory.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** A page of closed positions: `{ list, cursor }`. */
  type ReturnType = PositionHistoryPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
