import type { ReadErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type FillPage, fillPage } from '../schemas/order.js'

/**
 * Reads the account's fills, one page at a time (GET /api/v3/trade/fills).
 *
 * @example
 * import { createUnifiedClient, getFills } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const page = await getFills(client, { category: 'SPOT', limit: '50' })
 * page.list.length // at most 50
 */
export async function getFills(
  client: ClientBase,
  parameters: getFills.Parameters = {},
  options: getFills.Options = {},
): Promise<getFills.ReturnType> {
  requireArgument(Unified.getFills, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.getFills, parameters, fillPage, options)
}

export declare namespace getFills {
  /** The query: optional category, orderId, times, `limit`, `cursor`. */
  type Parameters = Unified.getFills.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** A page of fills. */
  type ReturnType = FillPage
  /** What the call may throw: narrow with `isInstance` or by `name`. */
  type ErrorType = ReadErrorType
}
