/**
 * The unified account's settings writes, the isolated margin of a position and the openable-size
 * read (Bitget UTA "Set Leverage", "Set Holding Mode", "Set Margin" and "Get Max Open Available",
 * https://www.bitget.com/api-doc/uta/account/Change-Leverage and its neighbours). The UTA docs
 * offer no endpoint that changes a symbol's margin mode; set-leverage names whose leverage it sets.
 */
import * as v from 'valibot'
import { futuresCategories } from '../Category.js'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue } from '../Issue.js'
import { leverage, oneOf, positiveDecimal, upperCaseOneOf } from '../internal/fields.js'
import { priceForLimit } from '../internal/limitPrice.js'
import { forbidden } from '../strategy/common.js'
import { category, coin, symbol } from './fields.js'
import { orderTypes, posSides, sides } from './values.js'

/** The categories that have a leverage: margin and the futures. */
const leverageCategories = ['MARGIN', ...futuresCategories] as const

/** Every holding mode of set-hold-mode (`holdMode`). */
export const holdModes = ['one_way_mode', 'hedge_mode'] as const

/**
 * Every `operation` of set-margin: `add` moves margin into the isolated position, `remove` takes
 * it back to the available balance.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.marginOperations // ['add', 'remove']
 */
export const marginOperations = ['add', 'remove'] as const

/**
 * "This field is required to set leverage for futures" (`symbol`) and "for margin trading"
 * (`coin`): a `missing` issue on the one the category needs.
 */
function leverageTarget(draft: {
  readonly category?: string | undefined
  readonly symbol?: string | undefined
  readonly coin?: string | undefined
}): readonly Issue[] {
  const margin = draft.category === 'MARGIN'
  const field = margin ? 'coin' : 'symbol'
  if ((margin ? draft.coin : draft.symbol) !== undefined) return []
  return [
    create({
      type: 'missing',
      path: [field],
      expected: margin ? 'the coin (required for MARGIN)' : 'the symbol (required for futures)',
      received: describe(undefined),
    }),
  ]
}

/** `marginMode` of set-leverage: whose leverage is set ("Defaults to cross margin if not specified"). */
export const leverageMarginModes = ['crossed', 'isolated'] as const

/**
 * "Only futures product lines support isolated margin leverage adjustment" (`marginMode`
 * `isolated`), and `longLeverage`/`shortLeverage` are "only applicable when using isolated margin
 * with two-way position mode": each refused where it cannot apply, naming the field.
 */
function isolatedLeverage(draft: {
  readonly category?: string | undefined
  readonly marginMode?: string | undefined
  readonly longLeverage?: string | undefined
  readonly shortLeverage?: string | undefined
}): readonly Issue[] {
  const issues: Issue[] = []
  const isolated = draft.marginMode === 'isolated'
  if (isolated && draft.category === 'MARGIN')
    issues.push(forbidden(['marginMode'], 'isolated', 'futures only: isolated margin leverage'))
  for (const field of ['longLeverage', 'shortLeverage'] as const)
    if (draft[field] !== undefined && !isolated)
      issues.push(forbidden([field], draft[field], 'only with marginMode=isolated'))
  return issues
}

/**
 * POST /api/v3/account/set-leverage: a futures symbol's leverage (`symbol`; `marginMode`
 * `isolated` with `posSide`, or `longLeverage`/`shortLeverage`, for the sides of isolated
 * positions) or a margin coin's (`coin`) ("Rate limit: 10/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.setLeverage, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '10' }) // true
 */
export const setLeverage = /* @__PURE__ */ Endpoint.define({
  id: 'unified.setLeverage',
  method: 'POST',
  path: '/api/v3/account/set-leverage',
  auth: true,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(leverageCategories),
      symbol: v.optional(symbol),
      leverage,
      coin: v.optional(coin),
      posSide: v.optional(oneOf(posSides)),
      marginMode: v.optional(oneOf(leverageMarginModes)),
      longLeverage: v.optional(leverage),
      shortLeverage: v.optional(leverage),
    }),
  rules: [leverageTarget, isolatedLeverage],
})

export declare namespace setLeverage {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof setLeverage>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof setLeverage>
}

/**
 * POST /api/v3/account/set-hold-mode: the account's holding mode, `one_way_mode` or
 * `hedge_mode` ("Rate limit: 10/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.setHoldMode, { holdMode: 'hedge_mode' }) // true
 */
export const setHoldMode = /* @__PURE__ */ Endpoint.define({
  id: 'unified.setHoldMode',
  method: 'POST',
  path: '/api/v3/account/set-hold-mode',
  auth: true,
  schema: () => v.strictObject({ holdMode: oneOf(holdModes) }),
})

export declare namespace setHoldMode {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof setHoldMode>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof setHoldMode>
}

/**
 * POST /api/v3/account/set-margin: adds margin to or removes it from the isolated position of
 * `posSide` ("This endpoint allows you to adjust the margin for an isolated margin position";
 * "Rate limit: 10/sec/UID"). `amount` is positive and in the margin coin: USDT, USDC, or the
 * base coin of COIN-FUTURES; `operation` says which way it moves. An account setting, not an
 * order: a plain signed call.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.setMargin, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'long', operation: 'add', amount: '10' }) // true
 */
export const setMargin = /* @__PURE__ */ Endpoint.define({
  id: 'unified.setMargin',
  method: 'POST',
  path: '/api/v3/account/set-margin',
  auth: true,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(futuresCategories),
      symbol,
      posSide: oneOf(posSides),
      operation: oneOf(marginOperations),
      amount: positiveDecimal,
    }),
})

export declare namespace setMargin {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof setMargin>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof setMargin>
}

/**
 * POST /api/v3/account/max-open-available: what the account can open of a symbol now: for
 * futures `maxBuyOpen`/`maxSellOpen` in the base coin and the cost of `size` ("Rate limit:
 * 5/sec/UID"). The page's curl example writes `/api/v3/trade/max-open-available`; its HTTP
 * request line and the public clients use `/api/v3/account/max-open-available`.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getMaxOpenAvailable, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'market', side: 'buy' }) // true
 */
export const getMaxOpenAvailable = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getMaxOpenAvailable',
  method: 'POST',
  path: '/api/v3/account/max-open-available',
  auth: true,
  schema: () =>
    v.strictObject({
      category,
      symbol,
      orderType: oneOf(orderTypes),
      side: oneOf(sides),
      price: v.optional(positiveDecimal),
      size: v.optional(positiveDecimal),
    }),
  rules: [priceForLimit('price')],
})

export declare namespace getMaxOpenAvailable {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getMaxOpenAvailable>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof getMaxOpenAvailable>
}
