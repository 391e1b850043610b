import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type PositionRecord, positionList } from '../schemas/position.js'

/**
 * Reads the open positions of a futures category, or of one symbol and side (GET /api/v3/position/current-position).
 *
 * @example
 * import { createUnifiedClient, getCurrentPosition } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { list } = await getCurrentPosition(client, { category: 'USDT-FUTURES' })
 * list[0]?.total // '0.01'
 */
export async function getCurrentPosition(
  client: ClientBase,
  parameters: getCurrentPosition.Parameters,
  options: getCurrentPosition.Options = {},
): Promise<getCurrentPosition.ReturnType> {
  requireArgument(Unified.getCurrentPosition, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getCurrentPosition, parameters, positionList, options)
}

export declare namespace getCurrentPosition {
  /** `category` (futures, required), `symbol`, `posSide`. */
  type Parameters = Unified.getCurrentPosition.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The positions: `{ list }`. */
  type ReturnType = { list: PositionRecord[] }
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
