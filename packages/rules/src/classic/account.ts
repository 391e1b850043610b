/**
 * The classic futures account's settings and margin (Bitget "Account" pages of the v2 futures
 * docs, https://www.bitget.com/api-doc/contract/account/Get-Single-Account and its neighbours):
 * the account reads, leverage, margin mode, position mode and the openable-size estimates.
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { create, type Issue } from '../Issue.js'
import { leverage as leverageText, oneOf, positiveDecimal } from '../internal/fields.js'
import { priceForLimit } from '../internal/limitPrice.js'
import { holdSide, marginCoin, marginMode, orderType, productType, symbol } from './fields.js'
import { posModes } from './values.js'

/** A leverage: a whole number of at least 1, as text (`"20"`). */
export const leverage = leverageText

/** `posMode`: `one_way_mode` or `hedge_mode`. */
const posMode = oneOf(posModes)

/** The fields naming one symbol's account: symbol, product type and margin coin (all required). */
const symbolAccount = { symbol, productType, marginCoin }

/**
 * GET /api/v2/mix/account/account: one margin coin's account of a product type with the
 * symbol's settings (`crossedMarginLeverage`, `isolatedLongLever`, `isolatedShortLever`,
 * `marginMode`, `posMode`) (Bitget "Get Single Account": "Frequency limit: 10 times/1s (uid)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getAccount, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT' }) // true
 */
export const getAccount = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getAccount',
  method: 'GET',
  path: '/api/v2/mix/account/account',
  auth: true,
  schema: () => v.strictObject(symbolAccount),
})

export declare namespace getAccount {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getAccount>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAccount>
}

/**
 * GET /api/v2/mix/account/accounts: every margin coin's account of a product type (Bitget "Get
 * Account List": "Frequency limit: 10 times/1s (uid)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getAccounts, { productType: 'usdt-futures' }) // true
 */
export const getAccounts = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getAccounts',
  method: 'GET',
  path: '/api/v2/mix/account/accounts',
  auth: true,
  schema: () => v.strictObject({ productType }),
})

export declare namespace getAccounts {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getAccounts>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAccounts>
}

/** set-leverage names a leverage: `leverage`, `longLeverage` or `shortLeverage` (a `missing` issue on `leverage`). */
function someLeverage(draft: {
  readonly leverage?: string | undefined
  readonly longLeverage?: string | undefined
  readonly shortLeverage?: string | undefined
}): readonly Issue[] {
  return draft.leverage === undefined &&
    draft.longLeverage === undefined &&
    draft.shortLeverage === undefined
    ? [
        create({
          type: 'missing',
          path: ['leverage'],
          expected: 'a leverage: leverage, or longLeverage/shortLeverage (isolated hedge mode)',
          received: 'none',
        }),
      ]
    : []
}

/**
 * POST /api/v2/mix/account/set-leverage: the symbol's leverage. `leverage` for crossed margin and
 * one-way isolated; in isolated hedge mode one side's with `holdSide`, or both sides with
 * `longLeverage`/`shortLeverage` (Bitget "Change Leverage": "Frequency limit: 5 times/1s (uid)").
 * At least one leverage is required.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.setLeverage, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', leverage: '20' }) // true
 */
export const setLeverage = /* @__PURE__ */ Endpoint.define({
  id: 'classic.setLeverage',
  method: 'POST',
  path: '/api/v2/mix/account/set-leverage',
  auth: true,
  schema: () =>
    v.strictObject({
      ...symbolAccount,
      leverage: v.optional(leverage),
      longLeverage: v.optional(leverage),
      shortLeverage: v.optional(leverage),
      holdSide: v.optional(holdSide),
    }),
  rules: [someLeverage],
})

export declare namespace setLeverage {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof setLeverage>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof setLeverage>
}

/**
 * POST /api/v2/mix/account/set-margin-mode: the symbol's margin mode, `isolated` or `crossed`;
 * the exchange refuses it while the symbol has an open position or order (Bitget "Change Margin
 * Mode": "Frequency limit: 5 times/1s (uid)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.setMarginMode, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', marginMode: 'isolated' }) // true
 */
export const setMarginMode = /* @__PURE__ */ Endpoint.define({
  id: 'classic.setMarginMode',
  method: 'POST',
  path: '/api/v2/mix/account/set-margin-mode',
  auth: true,
  schema: () => v.strictObject({ ...symbolAccount, marginMode }),
})

export declare namespace setMarginMode {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof setMarginMode>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof setMarginMode>
}

/**
 * POST /api/v2/mix/account/set-position-mode: the position mode of every symbol of a product
 * type, `one_way_mode` or `hedge_mode`; the exchange refuses it while the product type has an
 * open position or order (Bitget "Change Position Mode": "Frequency limit: 5 times/1s (uid)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.setPositionMode, { productType: 'USDT-FUTURES', posMode: 'hedge_mode' }) // true
 */
export const setPositionMode = /* @__PURE__ */ Endpoint.define({
  id: 'classic.setPositionMode',
  method: 'POST',
  path: '/api/v2/mix/account/set-position-mode',
  auth: true,
  schema: () => v.strictObject({ productType, posMode }),
})

export declare namespace setPositionMode {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof setPositionMode>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof setPositionMode>
}

/**
 * GET /api/v2/mix/account/max-open: the largest size one side of a symbol can open now, counting
 * the positions and open orders (Bitget "Get Max Openable Quantity": "Rate limit: 20 req/sec/UID").
 * `openPrice` is required for a limit order.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getMaxOpen, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', posSide: 'long', orderType: 'market' }) // true
 */
export const getMaxOpen = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getMaxOpen',
  method: 'GET',
  path: '/api/v2/mix/account/max-open',
  auth: true,
  schema: () =>
    v.strictObject({
      ...symbolAccount,
      posSide: holdSide,
      orderType,
      openPrice: v.optional(positiveDecimal),
    }),
  rules: [priceForLimit('openPrice')],
})

export declare namespace getMaxOpen {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getMaxOpen>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getMaxOpen>
}

/**
 * GET /api/v2/mix/account/open-count: the size a margin of `openAmount` opens at `openPrice` and
 * `leverage` (default 20), leaving positions and orders aside (Bitget "My Estimated Open Count":
 * "Frequency limit: 10 times/1s (uid)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getOpenCount, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', openAmount: '5000', openPrice: '65000', leverage: '20' }) // true
 */
export const getOpenCount = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getOpenCount',
  method: 'GET',
  path: '/api/v2/mix/account/open-count',
  auth: true,
  schema: () =>
    v.strictObject({
      ...symbolAccount,
      openAmount: positiveDecimal,
      openPrice: positiveDecimal,
      leverage: v.optional(leverage),
    }),
})

export declare namespace getOpenCount {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOpenCount>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOpenCount>
}
