import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { optionChain } from '../schemas/market.js'

/**
 * Reads the option chain of one expiry of an underlying stock (GET /api/v3/stockplus/market/option-chain-info): each strike with its call and put contract symbols. `expiryDate` as `YYYY-MM-DD`, `YYYYMMDD` or `YYMMDD`.
 *
 * @example
 * import { createSecuritiesClient, getOptionChain } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * const [first] = await getOptionChain(client, { symbol: 'AAPL.US', expiryDate: '2026-07-17' }) // { price: '205', callSymbol: 'AAPL260717C00205000.US', putSymbol: 'AAPL260717P00205000.US', standard: true }
 */
export async function getOptionChain(
  client: ClientBase,
  parameters: getOptionChain.Parameters,
  options: CallOptions = {},
): Promise<getOptionChain.ReturnType> {
  requireArgument(Securities.getOptionChain, parameters, 'object')
  return callEndpoint(client, Securities.getOptionChain, parameters, optionChain, options)
}

export declare namespace getOptionChain {
  /** `symbol` (the underlying) and `expiryDate`. */
  type Parameters = Securities.getOptionChain.Parameters
  /** The strikes: `price` a decimal string, `callSymbol`, `putSymbol`, `standard`. */
  type ReturnType = import('valibot').InferOutput<typeof optionChain>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
