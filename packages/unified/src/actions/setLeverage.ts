import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type SettingsAck, settingsAck } from '../schemas/settings.js'

/**
 * Sets a leverage (POST /api/v3/account/set-leverage): a futures symbol's (`symbol`; with
 * `posSide`, one side of an isolated position) or a margin coin's (`category` `MARGIN`, `coin`).
 * Setting the same leverage twice changes nothing, so a call whose outcome is unknown can be
 * sent again.
 *
 * @example
 * import { createUnifiedClient, setLeverage } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await setLeverage(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '10' }) // 'success'
 */
export async function setLeverage(
  client: ClientBase,
  parameters: setLeverage.Parameters,
  options: setLeverage.Options = {},
): Promise<setLeverage.ReturnType> {
  requireArgument(Unified.setLeverage, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.setLeverage, parameters, settingsAck, options)
}

export declare namespace setLeverage {
  /** `category`, `leverage`, and `symbol` (futures) or `coin` (margin); `posSide` for one isolated side. */
  type Parameters = Unified.setLeverage.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `"success"`. */
  type ReturnType = SettingsAck
  /** What the call may throw (`ApiError` 25223 above the symbol's maximum). */
  type ErrorType = WriteErrorType
}
