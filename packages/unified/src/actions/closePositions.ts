import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type CloseResults, closeResults } from '../schemas/ledger.js'

/**
 * Closes positions at the market (POST /api/v3/trade/close-positions): every position of a
 * futures category, of one symbol, or one side (`posSide`). Answers one result per closing
 * order (`code` `00000`, or the failure's code and message). It is sent once: an unknown
 * outcome (timeout, lost connection, 40010/45001) is thrown as an `UnknownOutcomeError`, never
 * retried; read the positions (`account.getPositions`) before closing again.
 *
 * @example
 * import { closePositions, createUnifiedClient } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { list } = await closePositions(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * list[0]?.code // '00000'
 */
export async function closePositions(
  client: ClientBase,
  parameters: closePositions.Parameters,
  options: closePositions.Options = {},
): Promise<closePositions.ReturnType> {
  requireArgument(Unified.closePositions, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.closePositions, parameters, closeResults, options)
}

export declare namespace closePositions {
  /** `category` (futures, required), `symbol`, `posSide`. */
  type Parameters = Unified.closePositions.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The closing orders: `{ list }`. */
  type ReturnType = CloseResults
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
