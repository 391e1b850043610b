/**
 * One account, one mode: the exchange gives each account the unified (UTA) or the classic mode,
 * and a signed call to the other mode's private endpoints is refused before anything else is
 * read: a classic account calling the unified API gets `40084`, a unified account calling the
 * classic API `40085` (HTTP 400; live texts quoted in https://github.com/ccxt/ccxt/issues/26838 for 40085, and by
 * connectors that detect the mode from it, e.g. passivbot PR #601, for 40084).
 *
 * What is refused is decided by path, so a route added with `routes` follows the same rule:
 * the unified API is `/api/v3/` except `/api/v3/stockplus/` (securities); the classic API is
 * `/api/v2/mix/` and `/api/v2/spot/` (the classic transfer and its records). Public market
 * endpoints never reach this check (they are not signed), and savings (`/api/v2/earn/`) and
 * securities answer both modes: nothing documents a refusal of either.
 */
import type { Failure } from './envelope.js'
import type { AccountMode } from './state.js'

/**
 * The exchange's refusals, by the mode of the caller's account.
 *
 * @example
 * import { accountModeFailures } from '@tradeline/sandbox'
 * accountModeFailures.unified.code // '40085'
 */
export const accountModeFailures: Readonly<Record<AccountMode, Failure>> = {
  classic: {
    code: '40084',
    msg: 'You are in Classic Account mode, and the Unified Account API is not supported at this time',
  },
  unified: {
    code: '40085',
    msg: 'You are in Unified Account mode, and the Classic Account API is not supported at this time',
  },
}

/**
 * The mode whose private API `path` belongs to, or `undefined` for a path both modes call
 * (savings, securities) or neither owns.
 *
 * @example
 * import { apiModeOf } from '@tradeline/sandbox'
 * apiModeOf('/api/v2/mix/account/set-margin-mode') // 'classic'
 * apiModeOf('/api/v3/trade/place-order') // 'unified'
 * apiModeOf('/api/v2/earn/savings/assets') // undefined
 */
export function apiModeOf(path: string): AccountMode | undefined {
  if (path.startsWith('/api/v3/'))
    return path.startsWith('/api/v3/stockplus/') ? undefined : 'unified'
  if (path.startsWith('/api/v2/mix/') || path.startsWith('/api/v2/spot/')) return 'classic'
  return undefined
}

/**
 * The refusal of a signed call to `path` by an account in `mode`, or `undefined` when the mode
 * may call it.
 *
 * @example
 * import { accountModeRefusal } from '@tradeline/sandbox'
 * accountModeRefusal('/api/v2/mix/order/place-order', 'unified')?.code // '40085'
 * accountModeRefusal('/api/v2/mix/order/place-order', 'classic') // undefined
 */
export function accountModeRefusal(path: string, mode: AccountMode): Failure | undefined {
  const api = apiModeOf(path)
  return api === undefined || api === mode ? undefined : accountModeFailures[mode]
}
