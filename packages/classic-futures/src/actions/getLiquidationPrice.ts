import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { assertMarginCoin } from '../internal/client.js'
import { type LiquidationPriceResult, liquidationPriceResult } from '../schemas/account.js'

/**
 * Estimates the liquidation price of a position one side would open with `openAmount` of
 * margin (GET /api/v2/mix/account/liq-price); `openPrice` is required for a limit order.
 *
 * @example
 * import { createClassicFuturesClient, getLiquidationPrice } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await getLiquidationPrice(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', posSide: 'long', orderType: 'limit', openPrice: '60000', openAmount: '50' })
 * // { liqPrice: '54000' }
 */
export async function getLiquidationPrice(
  client: ClientBase,
  parameters: getLiquidationPrice.Parameters,
  options: CallOptions = {},
): Promise<getLiquidationPrice.ReturnType> {
  requireArgument(ClassicFutures.getLiquidationPrice, parameters, 'object')
  await assertMarginCoin(client, ClassicFutures.getLiquidationPrice, parameters)
  return callEndpoint(
    client,
    ClassicFutures.getLiquidationPrice,
    parameters,
    liquidationPriceResult,
    options,
  )
}

export declare namespace getLiquidationPrice {
  /** `symbol`, `productType`, `marginCoin`, `posSide`, `orderType`, `openAmount`, (limit) `openPrice`. */
  type Parameters = ClassicFutures.getLiquidationPrice.Parameters
  /** `liqPrice`. */
  type ReturnType = LiquidationPriceResult
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
