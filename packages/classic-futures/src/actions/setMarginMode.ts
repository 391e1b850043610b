import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { assertMarginCoin } from '../internal/client.js'
import { type LeverageSettings, leverageSettings } from '../schemas/account.js'

/**
 * Sets a symbol's margin mode, `isolated` or `crossed` (POST /api/v2/mix/account/set-margin-mode).
 * The exchange refuses it while the symbol has an open position or order (45117). Idempotent:
 * a call whose outcome is unknown can be sent again.
 *
 * @example
 * import { createClassicFuturesClient, setMarginMode } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await setMarginMode(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', marginMode: 'isolated' })
 * // { symbol: 'BTCUSDT', marginCoin: 'USDT', longLeverage: '1', shortLeverage: '1', marginMode: 'isolated' }
 */
export async function setMarginMode(
  client: ClientBase,
  parameters: setMarginMode.Parameters,
  options: CallOptions = {},
): Promise<setMarginMode.ReturnType> {
  requireArgument(ClassicFutures.setMarginMode, parameters, 'object')
  await assertMarginCoin(client, ClassicFutures.setMarginMode, parameters)
  return callEndpoint(client, ClassicFutures.setMarginMode, parameters, leverageSettings, options)
}

export declare namespace setMarginMode {
  /** `symbol`, `productType`, `marginCoin` and `marginMode`. */
  type Parameters = ClassicFutures.setMarginMode.Parameters
  /** The symbol's leverages and margin mode after the change. */
  type ReturnType = LeverageSettings
  /** What the call may throw (`ApiError` 45117 with a position or order open). */
  type ErrorType = WriteErrorType
}
