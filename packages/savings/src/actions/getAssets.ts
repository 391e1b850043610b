import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type AssetsPage, assetsPage } from '../schemas/holdings.js'

/**
 * Lists the savings holdings of one `periodType` (GET /api/v2/earn/savings/assets), newest first: amount and profits as decimal strings, the rate steps, and `endId` for the next page (`idLessThan`); `startTime`/`endTime` (at most 90 days apart) and `limit` (1 to 100, 20 by default).
 *
 * @example
 * import { createSavingsClient, getAssets } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * const assets = await getAssets(client, { periodType: 'flexible' })
 * assets.resultList[0]?.holdAmount // '600'
 */
export async function getAssets(
  client: ClientBase,
  parameters: getAssets.Parameters,
  options: CallOptions = {},
): Promise<getAssets.ReturnType> {
  requireArgument(Savings.getAssets, parameters, 'object')
  return callEndpoint(client, Savings.getAssets, parameters, assetsPage, options)
}

export declare namespace getAssets {
  /** `periodType` (required), `startTime`, `endTime`, `limit`, `idLessThan`. */
  type Parameters = Savings.getAssets.Parameters
  /** A page: `resultList` and `endId`. */
  type ReturnType = AssetsPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
