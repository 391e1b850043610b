import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { assertMarginCoin } from '../internal/client.js'
import { type SetMarginResult, setMarginResult } from '../schemas/account.js'

/**
 * Adds margin to an isolated position (`amount` positive) or takes some away (negative)
 * (POST /api/v2/mix/account/set-margin, "only for isolated margin mode"). Not idempotent: an
 * unknown outcome is thrown as is; read the position's `marginSize` before sending again.
 *
 * @example
 * import { createClassicFuturesClient, setMargin } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await setMargin(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', holdSide: 'long', amount: '20' }) // null
 */
export async function setMargin(
  client: ClientBase,
  parameters: setMargin.Parameters,
  options: CallOptions = {},
): Promise<setMargin.ReturnType> {
  requireArgument(ClassicFutures.setMargin, parameters, 'object')
  await assertMarginCoin(client, ClassicFutures.setMargin, parameters)
  return callEndpoint(client, ClassicFutures.setMargin, parameters, setMarginResult, options)
}

export declare namespace setMargin {
  /** `symbol`, `productType`, `marginCoin`, `holdSide` and the signed `amount`. */
  type Parameters = ClassicFutures.setMargin.Parameters
  /** `null` (the exchange answers `""`). */
  type ReturnType = SetMarginResult
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
