import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Market } from '@tradeline/rules/shared'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type InstrumentRecord, instrumentRecords } from '../schemas/instrument.js'

/**
 * Lists the instruments of a category, or of one symbol (GET /api/v3/market/instruments; public): tick and lot, precision, minimums, status. The client loads these itself for its checks; `toInstrument` maps one to the attributes the rules check.
 *
 * @example
 * import { createUnifiedClient, getInstruments } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const [btc] = await getInstruments(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * btc?.priceMultiplier // '0.1'
 */
export async function getInstruments(
  client: ClientBase,
  parameters: getInstruments.Parameters,
  options: getInstruments.Options = {},
): Promise<getInstruments.ReturnType> {
  requireArgument(Market.getInstruments, parameters, 'object', 'parameters')
  return callEndpoint(client, Market.getInstruments, parameters, instrumentRecords, options)
}

export declare namespace getInstruments {
  /** `category` (required) and `symbol`. */
  type Parameters = Market.getInstruments.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The instruments as the exchange lists them. */
  type ReturnType = InstrumentRecord[]
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
