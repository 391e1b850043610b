import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type FillPage, fillPage } from '../schemas/records.js'

/**
 * Reads a page of the account's fills (GET /api/v2/mix/order/fills), newest first: `fillList`
 * and `endId`, the next page's `idLessThan`. Quantities and prices are decimal strings.
 *
 * @example
 * import { createClassicFuturesClient, getFills } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const { fillList } = await getFills(client, { productType: 'USDT-FUTURES', orderId: '1' })
 * fillList[0]?.baseVolume // '0.01'
 */
export async function getFills(
  client: ClientBase,
  parameters: getFills.Parameters,
  options: CallOptions = {},
): Promise<getFills.ReturnType> {
  requireArgument(ClassicFutures.getFills, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getFills, parameters, fillPage, options)
}

export declare namespace getFills {
  /** The filter: `productType` (required), orderId, symbol, times, page. */
  type Parameters = ClassicFutures.getFills.Parameters
  /** A page of fills. */
  type ReturnType = FillPage
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
