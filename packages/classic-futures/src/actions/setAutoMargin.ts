import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { assertMarginCoin } from '../internal/client.js'
import { type SetAutoMarginResult, setAutoMarginResult } from '../schemas/account.js'

/**
 * Turns the automatic margin top-up of an isolated position on or off (POST
 * /api/v2/mix/account/set-auto-margin; the body names no product type). A crossed position is
 * refused with `22011`. The position records show the setting as `autoMargin`: read the
 * position to learn the outcome of a call that timed out.
 *
 * @example
 * import { createClassicFuturesClient, setAutoMargin } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await setAutoMargin(client, { symbol: 'BTCUSDT', marginCoin: 'USDT', holdSide: 'long', autoMargin: 'on' }) // 'success'
 */
export async function setAutoMargin(
  client: ClientBase,
  parameters: setAutoMargin.Parameters,
  options: CallOptions = {},
): Promise<setAutoMargin.ReturnType> {
  requireArgument(ClassicFutures.setAutoMargin, parameters, 'object')
  await assertMarginCoin(client, ClassicFutures.setAutoMargin, parameters)
  return callEndpoint(
    client,
    ClassicFutures.setAutoMargin,
    parameters,
    setAutoMarginResult,
    options,
  )
}

export declare namespace setAutoMargin {
  /** `symbol`, `marginCoin`, `holdSide` and `autoMargin` (`on` or `off`). */
  type Parameters = ClassicFutures.setAutoMargin.Parameters
  /** `'success'` as the exchange answers it. */
  type ReturnType = SetAutoMarginResult
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
