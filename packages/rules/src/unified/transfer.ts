/**
 * Moving funds in and out of the unified account and reading what may move (Bitget UTA
 * "Transfer", "Get Account Funding Assets", "Get Max Transferable",
 * https://www.bitget.com/api-doc/uta/account/Transfer and its neighbours).
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf, positiveDecimal } from '../internal/fields.js'
import { classicAccountTypes, transferRules } from '../internal/transferRules.js'
import { coin, symbol } from './fields.js'

/**
 * Every account type a unified transfer names (`fromType`, `toType`), in the page's order: the
 * classic accounts (`spot` is the spot and funding account, `p2p` the P2P/OTC account) and
 * `uta`, the unified trading account.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.transferAccountTypes.includes('uta') // true
 */
export const transferAccountTypes = [...classicAccountTypes, 'uta'] as const
/** An account type of a unified transfer. */
export type TransferAccountType = (typeof transferAccountTypes)[number]

/**
 * POST /api/v3/account/transfer: moves `amount` of `coin` between two of the account's accounts,
 * the unified one (`uta`) or a classic one ("Support for fund transfers in and out between
 * unified accounts and classic accounts"; "Rate limit: 5/sec/UID"). Two different accounts, and
 * `symbol` (the isolated pair) when either side is `isolated_margin`, as the classic transfer.
 * The page takes no `clientOid`: the exchange cannot recognise a transfer sent twice, so a
 * transfer whose outcome is unknown is never resent (read the financial records instead).
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.transfer, { fromType: 'uta', toType: 'spot', amount: '10', coin: 'USDT' }) // true
 */
export const transfer = /* @__PURE__ */ Endpoint.define({
  id: 'unified.transfer',
  method: 'POST',
  path: '/api/v3/account/transfer',
  auth: true,
  schema: () =>
    v.strictObject({
      fromType: oneOf(transferAccountTypes),
      toType: oneOf(transferAccountTypes),
      amount: positiveDecimal,
      coin,
      symbol: v.optional(symbol),
    }),
  rules: [transferRules],
})

export declare namespace transfer {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof transfer>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof transfer>
}

/**
 * GET /api/v3/account/funding-assets: the coins of the funding account that hold something
 * (`balance`, `available`, `frozen`), of one `coin` when given ("Obtain fund account information
 * and only return the coins with assets"; "Rate limit: 20/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getFundingAssets, { coin: 'USDT' }) // true
 */
export const getFundingAssets = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getFundingAssets',
  method: 'GET',
  path: '/api/v3/account/funding-assets',
  auth: true,
  schema: () => v.strictObject({ coin: v.optional(coin) }),
})

export declare namespace getFundingAssets {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getFundingAssets>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getFundingAssets>
}

/**
 * GET /api/v3/account/max-transferable: how much of `coin` (required) may leave the unified
 * account now, `maxTransfer`, and with borrowed coins, `borrowMaxTransfer` ("Rate limit:
 * 3/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getMaxTransferable, {}) // false: coin is required
 */
export const getMaxTransferable = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getMaxTransferable',
  method: 'GET',
  path: '/api/v3/account/max-transferable',
  auth: true,
  schema: () => v.strictObject({ coin }),
})

export declare namespace getMaxTransferable {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getMaxTransferable>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getMaxTransferable>
}

/**
 * GET /api/v3/account/transferable-coins: the coins that may move from `fromType` to `toType`,
 * both required, each one of {@link transferAccountTypes} ("Query transferable coins between
 * Classic and UTA accounts"; "Rate limit: 10/sec/UID"). The page takes no `symbol`, so the
 * transfer's sides rule (two different accounts, `symbol` with `isolated_margin`) is not applied.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getTransferableCoins, { fromType: 'uta', toType: 'spot' }) // true
 */
export const getTransferableCoins = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getTransferableCoins',
  method: 'GET',
  path: '/api/v3/account/transferable-coins',
  auth: true,
  schema: () =>
    v.strictObject({
      fromType: oneOf(transferAccountTypes),
      toType: oneOf(transferAccountTypes),
    }),
})

export declare namespace getTransferableCoins {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTransferableCoins>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTransferableCoins>
}
