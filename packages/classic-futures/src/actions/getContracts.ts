import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { type ContractRecord, contractRecords } from '../schemas/records.js'

/**
 * Reads the contracts of a product type, or of one symbol (GET /api/v2/mix/market/contracts):
 * price and size steps, minimums, status. `toInstrument` turns one into the rules' attributes.
 *
 * @example
 * import { createClassicFuturesClient, getContracts } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient()
 * const [btc] = await getContracts(client, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * btc?.pricePlace // 1
 */
export async function getContracts(
  client: ClientBase,
  parameters: getContracts.Parameters,
  options: CallOptions = {},
): Promise<getContracts.ReturnType> {
  requireArgument(ClassicFutures.getContracts, parameters, 'object')
  return callEndpoint(client, ClassicFutures.getContracts, parameters, contractRecords, options)
}

export declare namespace getContracts {
  /** `productType` (required) and `symbol`. */
  type Parameters = ClassicFutures.getContracts.Parameters
  /** The contracts. */
  type ReturnType = ContractRecord[]
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
