import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type SettingsAck, settingsAck } from '../schemas/settings.js'

/**
 * Sets the account's holding mode, `one_way_mode` or `hedge_mode`
 * (POST /api/v3/account/set-hold-mode). On success the client's loaded account settings take the
 * new `holdMode` at once, so the next order is checked with it; on any failure the client
 * forgets them and reads them again. The exchange refuses the change while a futures position or
 * order is open.
 *
 * @example
 * import { createUnifiedClient, setHoldMode } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await setHoldMode(client, { holdMode: 'hedge_mode' }) // 'success'
 */
export async function setHoldMode(
  client: ClientBase,
  parameters: setHoldMode.Parameters,
  options: setHoldMode.Options = {},
): Promise<setHoldMode.ReturnType> {
  requireArgument(Unified.setHoldMode, parameters, 'object', 'parameters')
  try {
    const ack = await callEndpoint(client, Unified.setHoldMode, parameters, settingsAck, options)
    client.loaded?.setHoldMode(parameters.holdMode)
    return ack
  } catch (error) {
    // An unknown outcome may have changed the mode: read the settings again before the next order.
    client.loaded?.clearSettings()
    throw error
  }
}

export declare namespace setHoldMode {
  /** `holdMode`. */
  type Parameters = Unified.setHoldMode.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `"success"`. */
  type ReturnType = SettingsAck
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
