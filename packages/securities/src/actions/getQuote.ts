import type { ReadErrorType } from '@tradeline/core'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { callBySymbols } from '../internal/symbols.js'
import { type Quote, quotes } from '../schemas/market.js'

/**
 * Reads real-time quotes of any number of stocks or options (GET /api/v3/stockplus/market/quote):
 * more than 500 are asked for in several requests of 500, merged in the order given, every part
 * checked before the first is sent. `preMarketQuote`, `postMarketQuote` and `overnightQuote`
 * are `null` where the exchange sends none; `tradeStatus` is `{ code, name }` (`8` once an
 * option has expired).
 *
 * @example
 * import { createSecuritiesClient, getQuote } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * const [aapl] = await getQuote(client, { symbol: ['AAPL.US', 'TSLA.US'] })
 * aapl?.preMarketQuote?.lastDone // '229.87' (null before the pre-market opens)
 */
export async function getQuote(
  client: ClientBase,
  parameters: getQuote.Parameters,
  options: CallOptions = {},
): Promise<getQuote.ReturnType> {
  return callBySymbols(client, Securities.getQuote, parameters, quotes, options)
}

export declare namespace getQuote {
  /** `symbol`: any number of symbols, as an array or a comma-separated string. */
  type Parameters = { symbol: string | readonly string[] }
  /** One quote per symbol, in the order the symbols were given. */
  type ReturnType = Quote[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
