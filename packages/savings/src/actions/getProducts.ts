import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type ProductRecord, productRecords } from '../schemas/records.js'

/**
 * Lists the savings products (GET /api/v2/earn/savings/product; docs/records.md), of one
 * `coin` when given, `filter` `available` (default), `held`, `available_and_held` or `all`:
 * period, rate steps (`apyList` as decimal strings), settlement, status.
 *
 * @example
 * import { createSavingsClient, getProducts } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * const [usdt] = await getProducts(client, { coin: 'USDT' })
 * usdt?.apyList[0]?.currentApy // '6.00'
 */
export async function getProducts(
  client: ClientBase,
  parameters: getProducts.Parameters = {},
  options: CallOptions = {},
): Promise<getProducts.ReturnType> {
  requireArgument(Savings.getProducts, parameters, 'object')
  return callEndpoint(client, Savings.getProducts, parameters, productRecords, options)
}

export declare namespace getProducts {
  /** `coin` and `filter`, both optional. */
  type Parameters = Savings.getProducts.Parameters
  /** The products, normalised. */
  type ReturnType = ProductRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
