import type { ReadErrorType } from '@tradeline/core'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { callBySymbols } from '../internal/symbols.js'
import { type StaticInfo, staticList } from '../schemas/records.js'

/**
 * Reads the static data of any number of symbols (GET /api/v3/stockplus/market/static): more
 * than 500 are asked for in several requests of 500, merged in the order the symbols were given.
 * Every part is checked before the first is sent: a bad symbol is refused naming its index in
 * the caller's list, an unknown field like in any other call.
 *
 * @example
 * import { createSecuritiesClient, getStatic } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getStatic(client, { symbol: ['AAPL.US', 'TSLA.US'] }) // [{ symbol: 'AAPL.US', lotSize: 1, eps: '6.1', ... }, { symbol: 'TSLA.US', ... }]
 */
export async function getStatic(
  client: ClientBase,
  parameters: getStatic.Parameters,
  options: CallOptions = {},
): Promise<getStatic.ReturnType> {
  return callBySymbols(client, Securities.getStatic, parameters, staticList, options)
}

export declare namespace getStatic {
  /** `symbol`: any number of symbols, as an array or a comma-separated string. */
  type Parameters = { symbol: string | readonly string[] }
  /** One record per symbol, in the order the symbols were given. */
  type ReturnType = StaticInfo[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
