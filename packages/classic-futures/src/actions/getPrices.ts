import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type SymbolPrice, symbolPrices } from '../schemas/market.js'

/**
 * Reads the last, index and mark price of a symbol (GET /api/v2/mix/market/symbol-price; public).
 *
 * @example
 * import { createClassicFuturesClient, getPrices } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const [btc] = await getPrices(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' })
 * btc?.markPrice // '65000.0'
 */
export async function getPrices(
  client: ClientBase,
  parameters: getPrices.Parameters,
  options: CallOptions = {},
): Promise<getPrices.ReturnType> {
  requireArgument(ClassicFutures.getSymbolPrice, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getSymbolPrice, parameters, symbolPrices, options)
}

export declare namespace getPrices {
  /** `symbol` and `productType` (both required). */
  type Parameters = ClassicFutures.getSymbolPrice.Parameters
  /** An array of the one symbol’s prices. */
  type ReturnType = SymbolPrice[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
