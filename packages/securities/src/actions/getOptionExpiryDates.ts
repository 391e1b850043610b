import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { optionExpiryDates } from '../schemas/market.js'

/**
 * Reads the expiry dates of the options listed on an underlying stock (GET /api/v3/stockplus/market/option-expiry-date), nearest first, as `YYYY-MM-DD`.
 *
 * @example
 * import { createSecuritiesClient, getOptionExpiryDates } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getOptionExpiryDates(client, { symbol: 'AAPL.US' }) // ['2026-07-03', '2026-07-10', ...]
 */
export async function getOptionExpiryDates(
  client: ClientBase,
  parameters: getOptionExpiryDates.Parameters,
  options: CallOptions = {},
): Promise<getOptionExpiryDates.ReturnType> {
  requireArgument(Securities.getOptionExpiryDates, parameters, 'object')
  return callEndpoint(
    client,
    Securities.getOptionExpiryDates,
    parameters,
    optionExpiryDates,
    options,
  )
}

export declare namespace getOptionExpiryDates {
  /** `symbol`: the underlying stock. */
  type Parameters = Securities.getOptionExpiryDates.Parameters
  /** The expiry dates, `YYYY-MM-DD`, nearest first. */
  type ReturnType = import('valibot').InferOutput<typeof optionExpiryDates>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
