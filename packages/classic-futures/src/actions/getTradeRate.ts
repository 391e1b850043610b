import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type TradeRateResult, tradeRateResult } from '../schemas/account.js'

/**
 * Reads the account's maker and taker fee rates of a symbol (GET /api/v2/common/trade-rate;
 * `businessType: 'mix'` for futures), as fractions of a fill's value.
 *
 * @example
 * import { createClassicFuturesClient, getTradeRate } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await getTradeRate(client, { symbol: 'BTCUSDT', businessType: 'mix' })
 * // { makerFeeRate: '0.0002', takerFeeRate: '0.0006' }
 */
export async function getTradeRate(
  client: ClientBase,
  parameters: getTradeRate.Parameters,
  options: CallOptions = {},
): Promise<getTradeRate.ReturnType> {
  requireArgument(ClassicFutures.getTradeRate, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getTradeRate, parameters, tradeRateResult, options)
}

export declare namespace getTradeRate {
  /** `symbol` and `businessType` (`mix` futures, `spot`, `margin`). */
  type Parameters = ClassicFutures.getTradeRate.Parameters
  /** `makerFeeRate` and `takerFeeRate`. */
  type ReturnType = TradeRateResult
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
