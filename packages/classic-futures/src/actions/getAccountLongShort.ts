import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type AccountLongShortRecord, accountLongShortRecords } from '../schemas/analytics.js'

/**
 * Reads the shares of accounts holding a long and a short of a symbol, one record a period (GET /api/v2/mix/market/account-long-short; public).
 *
 * @example
 * import { createClassicFuturesClient, getAccountLongShort } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const rows = await getAccountLongShort(client, { symbol: 'BTCUSDT', period: '1d' })
 * rows[0]?.longAccountRatio // '0.01'
 */
export async function getAccountLongShort(
  client: ClientBase,
  parameters: getAccountLongShort.Parameters,
  options: CallOptions = {},
): Promise<getAccountLongShort.ReturnType> {
  requireArgument(ClassicFutures.getAccountLongShort, parameters, 'object')
  return callEndpoint(
    client,
    ClassicFutures.getAccountLongShort,
    parameters,
    accountLongShortRecords,
    options,
  )
}

export declare namespace getAccountLongShort {
  /** `symbol` (required) and `period` (`5m` by default; the day is `1d`). */
  type Parameters = ClassicFutures.getAccountLongShort.Parameters
  /** The records, one a period. */
  type ReturnType = AccountLongShortRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
