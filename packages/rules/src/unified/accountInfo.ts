/**
 * Reads of the unified account itself: who the account and its API key are, how much of a coin
 * may be withdrawn, and its open-interest limit of a futures symbol (Bitget UTA
 * https://www.bitget.com/api-doc/uta/account/Get-Account-Info, Get-Max-Withdrawal and
 * Get-OI-Limit).
 */
import * as v from 'valibot'
import { futuresCategories } from '../Category.js'
import * as Endpoint from '../Endpoint.js'
import { upperCaseOneOf } from '../internal/fields.js'
import { coin, symbol } from './fields.js'

/**
 * GET /api/v3/account/info: the account's UID, inviter, parent account, channel, the key's IP
 * whitelist, permission type and permissions; no parameters ("Rate limit: 5/sec/UID";
 * "Permission: No permission required").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getAccountInfo, {}) // true
 */
export const getAccountInfo = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getAccountInfo',
  method: 'GET',
  path: '/api/v3/account/info',
  auth: true,
  schema: () => v.strictObject({}),
})

export declare namespace getAccountInfo {
  /** The query as a caller writes it: empty. */
  type Parameters = Endpoint.InputOf<typeof getAccountInfo>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAccountInfo>
}

/**
 * GET /api/v3/account/max-withdrawal: how much of `coin` (required) may be withdrawn now from the
 * OTC, spot (funding) and unified accounts, and in total ("Rate limit: 10/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getMaxWithdrawal, {}) // false: coin is required
 */
export const getMaxWithdrawal = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getMaxWithdrawal',
  method: 'GET',
  path: '/api/v3/account/max-withdrawal',
  auth: true,
  schema: () => v.strictObject({ coin }),
})

export declare namespace getMaxWithdrawal {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getMaxWithdrawal>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getMaxWithdrawal>
}

/**
 * GET /api/v3/account/open-interest-limit: the open-interest limits of a futures `symbol`, both
 * required, `category` a futures one (`USDT-FUTURES`, `COIN-FUTURES`, `USDC-FUTURES`): the
 * single user's, the main and sub-accounts' together and the market makers' total quota ("Rate
 * limit: 5/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getOpenInterestLimit, { category: 'SPOT', symbol: 'BTCUSDT' }) // false: futures only
 */
export const getOpenInterestLimit = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getOpenInterestLimit',
  method: 'GET',
  path: '/api/v3/account/open-interest-limit',
  auth: true,
  schema: () => v.strictObject({ category: upperCaseOneOf(futuresCategories), symbol }),
})

export declare namespace getOpenInterestLimit {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOpenInterestLimit>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOpenInterestLimit>
}
