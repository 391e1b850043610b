import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type RiskReserve, riskReserve } from '../schemas/marketData.js'

/**
 * Reads the risk reserve fund of a futures symbol's settlement coin (GET /api/v3/market/risk-reserve; public).
 *
 * @example
 * import { createUnifiedClient, getRiskReserve } from '@tradeline/unified'
 * const client = createUnifiedClient()
 * const { coin, riskReserveRecords } = await getRiskReserve(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 * coin // 'USDT'
 */
export async function getRiskReserve(
  client: ClientBase,
  parameters: getRiskReserve.Parameters,
  options: getRiskReserve.Options = {},
): Promise<getRiskReserve.ReturnType> {
  requireArgument(Unified.getRiskReserve, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getRiskReserve, parameters, riskReserve, options)
}

export declare namespace getRiskReserve {
  /** `category` (a futures one) and `symbol`, both required. */
  type Parameters = Unified.getRiskReserve.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The settlement coin and the reserve records. */
  type ReturnType = RiskReserve
  /** What the call may throw. */
  type ErrorType = ReadErrorType
}
