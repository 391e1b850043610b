/**
 * Response records of the classic account's settings and margin endpoints (Bitget v2 futures
 * "Account" pages), read leniently with core's `Fields` as the order records are: decimal
 * strings, `""` and `null` as `null`, unknown fields kept.
 */
import { Fields } from '@tradeline/core'
import type * as v from 'valibot'

const { decimal, list, text } = Fields

/** The balance fields every account record of a margin coin carries. */
const balanceFields = {
  marginCoin: text,
  locked: decimal,
  available: decimal,
  crossedMaxAvailable: decimal,
  isolatedMaxAvailable: decimal,
  maxTransferOut: decimal,
  accountEquity: decimal,
  usdtEquity: decimal,
  btcEquity: decimal,
  crossedRiskRate: decimal,
  unrealizedPL: decimal,
  coupon: decimal,
  crossedUnrealizedPL: decimal,
  isolatedUnrealizedPL: decimal,
  assetMode: text,
}

/**
 * `data` of GET /api/v2/mix/account/account: one margin coin's account with the symbol's
 * leverages (`crossedMarginLeverage`, `isolatedLongLever`, `isolatedShortLever`), `marginMode`
 * and the product type's `posMode` (`one_way_mode` or `hedge_mode`).
 */
export const singleAccountRecord = Fields.record({
  ...balanceFields,
  crossedMarginLeverage: decimal,
  isolatedLongLever: decimal,
  isolatedShortLever: decimal,
  marginMode: text,
  posMode: text,
})
/** One margin coin's account with the symbol's settings. */
export type SingleAccountRecord = v.InferOutput<typeof singleAccountRecord>

/** One coin of a multi-assets account (`assetList`). */
export const assetRecord = Fields.record({ coin: text, balance: decimal, available: decimal })

/**
 * An item of GET /api/v2/mix/account/accounts: one margin coin's account with the multi-assets
 * fields (`unionTotalMargin`, `unionAvailable`, `unionMm`, `assetList`) and the margin occupied
 * (`isolatedMargin`, `crossedMargin`). The documented example misspells `unionTotalMargin` as
 * `unionTotalMagin` (with the value `"111,1"`); that key is kept as sent.
 */
export const accountListItem = Fields.record({
  ...balanceFields,
  unionTotalMargin: decimal,
  unionAvailable: decimal,
  unionMm: decimal,
  assetList: list(assetRecord),
  isolatedMargin: decimal,
  crossedMargin: decimal,
})
/** One margin coin's account of a product type. */
export type AccountListItem = v.InferOutput<typeof accountListItem>
/** `data` of accounts: `[]` when `null`. */
export const accountList = list(accountListItem)

/**
 * `data` of set-leverage and set-margin-mode: the symbol's leverages and margin mode after the
 * change (`crossMarginLeverage` on set-leverage only).
 */
export const leverageSettings = Fields.record({
  symbol: text,
  marginCoin: text,
  longLeverage: decimal,
  shortLeverage: decimal,
  crossMarginLeverage: decimal,
  marginMode: text,
})
/** A symbol's leverages and margin mode. */
export type LeverageSettings = v.InferOutput<typeof leverageSettings>

/** `data` of set-position-mode: the product type's `posMode`. */
export const positionModeResult = Fields.record({ posMode: text })
/** The product type's position mode as the exchange names it. */
export type PositionModeResult = v.InferOutput<typeof positionModeResult>

/** `data` of max-open: `maxOpen`, the largest size one side can open now. */
export const maxOpenResult = Fields.record({ maxOpen: decimal })
/** The largest openable size. */
export type MaxOpenResult = v.InferOutput<typeof maxOpenResult>

/** `data` of open-count: `size`, the size a margin opens at a price and leverage. */
export const openCountResult = Fields.record({ size: decimal })
/** The estimated open size. */
export type OpenCountResult = v.InferOutput<typeof openCountResult>

/** `data` of set-margin: `""` in the exchange's example (read as `null`). */
export const setMarginResult = text
/** The set-margin acknowledgement. */
export type SetMarginResult = v.InferOutput<typeof setMarginResult>

/** `data` of liq-price: `liqPrice`, which may be negative (no liquidation on that side). */
export const liquidationPriceResult = Fields.record({ liqPrice: decimal })
/** The estimated liquidation price. */
export type LiquidationPriceResult = v.InferOutput<typeof liquidationPriceResult>

/** `data` of set-auto-margin: the string `"success"` in the exchange's example. */
export const setAutoMarginResult = text
/** The set-auto-margin acknowledgement. */
export type SetAutoMarginResult = v.InferOutput<typeof setAutoMarginResult>

/** `data` of trade-rate: the account's maker and taker fee rates as fractions (`"0.0002"`). */
export const tradeRateResult = Fields.record({ makerFeeRate: decimal, takerFeeRate: decimal })
/** The account's fee rates of a symbol. */
export type TradeRateResult = v.InferOutput<typeof tradeRateResult>
