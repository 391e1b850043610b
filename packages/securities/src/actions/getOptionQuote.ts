import type { ReadErrorType } from '@tradeline/core'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { callBySymbols } from '../internal/symbols.js'
import { type OptionQuote, optionQuotes } from '../schemas/records.js'

/**
 * Reads the quotes of any number of option contracts (GET /api/v3/stockplus/market/option-quote;
 * needs the option market-data entitlement): more than 500 are asked for in several requests of
 * 500, merged in the order given, every part checked before the first is sent; `expiryDate` as
 * `YYYY-MM-DD`, `timestamp` in Unix ms, `tradeStatus` (`8` once expired), `direction`,
 * `contractType` as `{ code, name }`.
 *
 * @example
 * import { createSecuritiesClient, getOptionQuote } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * const optionQuote = await getOptionQuote(client, { symbol: ['AAPL260116C00150000.US'] })
 * optionQuote[0]?.expiryDate // '2026-01-16'
 */
export async function getOptionQuote(
  client: ClientBase,
  parameters: getOptionQuote.Parameters,
  options: CallOptions = {},
): Promise<getOptionQuote.ReturnType> {
  return callBySymbols(client, Securities.getOptionQuote, parameters, optionQuotes, options)
}

export declare namespace getOptionQuote {
  /** `symbol`: any number of symbols, as an array or a comma-separated string. */
  type Parameters = { symbol: string | readonly string[] }
  /** One record per symbol, in the order the symbols were given. */
  type ReturnType = OptionQuote[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
