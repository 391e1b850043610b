import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type FundingAssets, fundingAssets } from '../schemas/funds.js'

/**
 * Reads the funding account (GET /api/v3/account/funding-assets): its coins that hold something,
 * each with `balance`, `available` and `frozen` as decimal strings; of one `coin` when given
 * (pre-IPO tokens are spelt in mixed case, `preSPAX`).
 *
 * @example
 * import { createUnifiedClient, getFundingAssets } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const [usdt] = await getFundingAssets(client, { coin: 'USDT' })
 * usdt?.available // '0.04'
 */
export async function getFundingAssets(
  client: ClientBase,
  parameters: getFundingAssets.Parameters = {},
  options: getFundingAssets.Options = {},
): Promise<getFundingAssets.ReturnType> {
  requireArgument(Unified.getFundingAssets, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getFundingAssets, parameters, fundingAssets, options)
}

export declare namespace getFundingAssets {
  /** `coin`, optional. */
  type Parameters = Unified.getFundingAssets.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The coins of the funding account. */
  type ReturnType = FundingAssets
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
