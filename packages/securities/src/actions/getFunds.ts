import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { fundsList } from '../schemas/records.js'

/**
 * Reads the securities account's funds (GET /api/v3/stockplus/asset/account): `data.list`.
 *
 * @example
 * import { createSecuritiesClient, getFunds } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * const funds = await getFunds(client, { currency: 'USD' })
 * funds[0]?.riskLevel // { code: '0', name: 'Safe' }
 */
export async function getFunds(
  client: ClientBase,
  parameters: getFunds.Parameters = {},
  options: CallOptions = {},
): Promise<getFunds.ReturnType> {
  requireArgument(Securities.getAccount, parameters, 'object')
  return callEndpoint(client, Securities.getAccount, parameters, fundsList, options)
}

export declare namespace getFunds {
  /** `currency` (`USD`, `CNH`; optional). */
  type Parameters = Securities.getAccount.Parameters
  /** The funds by currency: numbers as decimal strings, `riskLevel` as `{ code, name }`. */
  type ReturnType = import('valibot').InferOutput<typeof fundsList>
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
