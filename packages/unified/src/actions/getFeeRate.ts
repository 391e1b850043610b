import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type FeeRate, feeRate } from '../schemas/account.js'

/**
 * Reads the account's fee rates of a symbol (GET /api/v3/account/fee-rate): `makerFeeRate` and
 * `takerFeeRate` as decimal fractions (`"0.0002"` is 0.02 %), for any category.
 *
 * @example
 * import { createUnifiedClient, getFeeRate } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { makerFeeRate, takerFeeRate } = await getFeeRate(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
 */
export async function getFeeRate(
  client: ClientBase,
  parameters: getFeeRate.Parameters,
  options: getFeeRate.Options = {},
): Promise<getFeeRate.ReturnType> {
  requireArgument(Unified.getFeeRate, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getFeeRate, parameters, feeRate, options)
}

export declare namespace getFeeRate {
  /** `category` and `symbol`. */
  type Parameters = Unified.getFeeRate.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The maker and taker fee rates. */
  type ReturnType = FeeRate
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
