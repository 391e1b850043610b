/**
 * The classic account's isolated-margin endpoints (Bitget v2 futures "Adjust Position Margin",
 * "Set Isolated Position Auto Margin" and "Get Liquidation Price",
 * https://www.bitget.com/api-doc/contract/account/Change-Margin): add to or take from an
 * isolated position's margin, turn its automatic top-up on or off, and estimate a liquidation
 * price.
 */
import * as v from 'valibot'
import * as Decimal from '../Decimal.js'
import * as Endpoint from '../Endpoint.js'
import { oneOf, positiveDecimal, signedDecimal } from '../internal/fields.js'
import { priceForLimit } from '../internal/limitPrice.js'
import { fieldCheck } from '../internal/valibot.js'
import { textLength } from '../Limits.js'
import { holdSide, marginCoin, orderType, productType, symbol } from './fields.js'
import { autoMargins } from './values.js'

/** `amount`: a decimal string other than zero; positive adds margin, negative takes it away. */
const marginAmount = v.pipe(
  signedDecimal,
  fieldCheck(
    'range',
    'a margin amount other than 0 (positive adds, negative takes away)',
    (value: string) =>
      value.length > textLength.decimal || !Decimal.isSignedDecimal(value) || /[1-9]/.test(value),
  ),
)

/**
 * POST /api/v2/mix/account/set-margin: adds margin to an isolated position (`amount` positive)
 * or takes some away (negative), "only for isolated margin mode" (Bitget "Adjust Position
 * Margin": "Rate limit: 5 req/sec/UID").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.setMargin, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', holdSide: 'long', amount: '-20' }) // true
 */
export const setMargin = /* @__PURE__ */ Endpoint.define({
  id: 'classic.setMargin',
  method: 'POST',
  path: '/api/v2/mix/account/set-margin',
  auth: true,
  schema: () => v.strictObject({ symbol, productType, marginCoin, holdSide, amount: marginAmount }),
})

export declare namespace setMargin {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof setMargin>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof setMargin>
}

/**
 * POST /api/v2/mix/account/set-auto-margin: turns the automatic margin top-up of an isolated
 * position on or off (Bitget "Set Isolated Position Auto Margin": "Frequency limit: 5 times/1s
 * (uid)"). The page lists `symbol`, `autoMargin`, `marginCoin` and `holdSide`, all required, and
 * no `productType`; the exchange refuses a crossed position (`22011` "It is not allowed to set
 * auto add margin in cross mode").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.setAutoMargin, { symbol: 'BTCUSDT', marginCoin: 'USDT', holdSide: 'long', autoMargin: 'on' }) // true
 */
export const setAutoMargin = /* @__PURE__ */ Endpoint.define({
  id: 'classic.setAutoMargin',
  method: 'POST',
  path: '/api/v2/mix/account/set-auto-margin',
  auth: true,
  schema: () => v.strictObject({ symbol, autoMargin: oneOf(autoMargins), marginCoin, holdSide }),
})

export declare namespace setAutoMargin {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof setAutoMargin>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof setAutoMargin>
}

/**
 * GET /api/v2/mix/account/liq-price: the liquidation price of a position one side would open
 * with `openAmount` of margin at `openPrice` (required for a limit order) (Bitget "Get
 * Liquidation Price": "Rate limit: 20 req/sec/UID").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getLiquidationPrice, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT', posSide: 'long', orderType: 'market', openAmount: '50' }) // true
 */
export const getLiquidationPrice = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getLiquidationPrice',
  method: 'GET',
  path: '/api/v2/mix/account/liq-price',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol,
      productType,
      marginCoin,
      posSide: holdSide,
      orderType,
      openAmount: positiveDecimal,
      openPrice: v.optional(positiveDecimal),
    }),
  rules: [priceForLimit('openPrice')],
})

export declare namespace getLiquidationPrice {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getLiquidationPrice>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getLiquidationPrice>
}
