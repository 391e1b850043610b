import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type SettingsAck, settingsAck } from '../schemas/settings.js'

/**
 * Adds margin to or removes it from an isolated futures position (POST
 * /api/v3/account/set-margin): the position of `symbol` on `posSide`, `operation` `add` or
 * `remove`, `amount` in the margin coin (USDT, USDC, or the base coin of COIN-FUTURES). An account
 * change, not an order: one signed call. It is not idempotent (each call moves `amount` again),
 * so a call whose outcome is unknown should be checked against the position's margin before it
 * is sent again.
 *
 * @example
 * import { createUnifiedClient, setMargin } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await setMargin(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'long', operation: 'add', amount: '10' }) // 'success'
 */
export async function setMargin(
  client: ClientBase,
  parameters: setMargin.Parameters,
  options: setMargin.Options = {},
): Promise<setMargin.ReturnType> {
  requireArgument(Unified.setMargin, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.setMargin, parameters, settingsAck, options)
}

export declare namespace setMargin {
  /** `category` (futures), `symbol`, `posSide`, `operation` (`add`/`remove`) and `amount`. */
  type Parameters = Unified.setMargin.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `"success"`. */
  type ReturnType = SettingsAck
  /** What the call may throw (`ApiError` when the position is not isolated or the amount cannot move). */
  type ErrorType = WriteErrorType
}
