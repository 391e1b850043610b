import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type AdlRankRecord, adlRanks } from '../schemas/ledger.js'

/**
 * Reads where each open position of a product type stands in the auto-deleveraging queue
 * (GET /api/v2/mix/position/adlRank, 5 per second per UID): one entry per position, `symbol`,
 * `marginCoin`, `holdSide` and `rank`, a decimal string: the closer to 1, the sooner an
 * auto-deleveraging event reduces the position (`adlRank` is the exchange's deprecated
 * indicator). `[]` when the account holds none. `productType` is required.
 *
 * @example
 * import { createClassicFuturesClient, getAdlRank } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const ranks = await getAdlRank(client, { productType: 'USDT-FUTURES' })
 * ranks[0]?.rank // '0.7752'
 */
export async function getAdlRank(
  client: ClientBase,
  parameters: getAdlRank.Parameters,
  options: CallOptions = {},
): Promise<getAdlRank.ReturnType> {
  requireArgument(ClassicFutures.getAdlRank, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getAdlRank, parameters, adlRanks, options)
}

export declare namespace getAdlRank {
  /** `productType` (required). */
  type Parameters = ClassicFutures.getAdlRank.Parameters
  /** One entry per open position of the product type. */
  type ReturnType = AdlRankRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
