import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { assertMarginCoin } from '../internal/client.js'
import { type LeverageSettings, leverageSettings } from '../schemas/account.js'

/**
 * Sets a symbol's leverage (POST /api/v2/mix/account/set-leverage): `leverage` in crossed margin
 * and one-way isolated margin; in isolated hedge mode one side's with `holdSide`, or
 * `longLeverage` and `shortLeverage`. Setting the same leverage twice changes nothing, so a call
 * whose outcome is unknown can be sent again.
 *
 * @example
 * import { createClassicFuturesClient, setLeverage } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await setLeverage(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', leverage: '20' })
 * // { symbol: 'BTCUSDT', marginCoin: 'USDT', longLeverage: '1', shortLeverage: '1', crossMarginLeverage: '20', marginMode: 'crossed' }
 */
export async function setLeverage(
  client: ClientBase,
  parameters: setLeverage.Parameters,
  options: CallOptions = {},
): Promise<setLeverage.ReturnType> {
  requireArgument(ClassicFutures.setLeverage, parameters, 'object')
  await assertMarginCoin(client, ClassicFutures.setLeverage, parameters)
  return callEndpoint(client, ClassicFutures.setLeverage, parameters, leverageSettings, options)
}

export declare namespace setLeverage {
  /** `symbol`, `productType`, `marginCoin` and a leverage (`leverage`, `longLeverage`, `shortLeverage`; `holdSide`). */
  type Parameters = ClassicFutures.setLeverage.Parameters
  /** The symbol's leverages and margin mode after the change. */
  type ReturnType = LeverageSettings
  /** What the call may throw (`ApiError` 40797 above the symbol's maximum). */
  type ErrorType = WriteErrorType
}
