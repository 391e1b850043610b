import { type BaseError, callEndpoint, requireArgument } from '@tradeline/core'
import { Limits, Securities } from '@tradeline/rules'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { bySymbols, symbolsOf } from '../internal/symbols.js'
import { type StaticInfo, staticList } from '../schemas/records.js'

/**
 * Reads the static data of any number of symbols (GET /api/v3/stockplus/market/static).
 *
 * @example
 * import { createSecuritiesClient, getStatic } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 *  more than 500 are asked for in several requests of 500, merged in the order the symbols were given:await getStatic(client, { symbol: ['AAPL.US', 'TSLA.US'] }) // [{ symbol: 'AAPL.US', lotSize: 1, eps: '6.1', ... }, { symbol: 'TSLA.US', ... }]
 */
export async function getStatic(
  client: ClientBase,
  parameters: getStatic.Parameters,
  options: CallOptions = {},
): Promise<getStatic.ReturnType> {
  requireArgument(Securities.getStatic, parameters, 'object')
  const symbols = symbolsOf(parameters.symbol)
  // A list the rules would refuse goes to them as given, so the refusal names the caller's value.
  if (!symbols) return callEndpoint(client, Securities.getStatic, parameters, staticList, options)
  return bySymbols(symbols, Limits.securitiesSymbolsPerRequest, (part) =>
    callEndpoint(client, Securities.getStatic, { symbol: part }, staticList, options),
  )
}

export declare namespace getStatic {
  /** `symbol`: any number of symbols, as an array or a comma-separated string. */
  type Parameters = { symbol: string | readonly string[] }
  /** One record per symbol, in the order the symbols were given. */
  type ReturnType = StaticInfo[]
  /** What the call may throw. */
  type ErrorType = BaseError
}
