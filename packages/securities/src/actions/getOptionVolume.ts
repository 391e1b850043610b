import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { optionVolume } from '../schemas/market.js'

/**
 * Reads today's traded call and put volume of the options of an underlying stock (GET /api/v3/stockplus/market/option-volume).
 *
 * @example
 * import { createSecuritiesClient, getOptionVolume } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await getOptionVolume(client, { symbol: 'AAPL.US' }) // { c: '125873', p: '98112' }
 */
export async function getOptionVolume(
  client: ClientBase,
  parameters: getOptionVolume.Parameters,
  options: CallOptions = {},
): Promise<getOptionVolume.ReturnType> {
  requireArgument(Securities.getOptionVolume, parameters, 'object')
  return callEndpoint(client, Securities.getOptionVolume, parameters, optionVolume, options)
}

export declare namespace getOptionVolume {
  /** `symbol`: the underlying stock. */
  type Parameters = Securities.getOptionVolume.Parameters
  /** `c` (calls) and `p` (puts) as decimal strings. */
  type ReturnType = import('valibot').InferOutput<typeof optionVolume>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
