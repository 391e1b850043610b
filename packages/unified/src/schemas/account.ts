/** Response schemas of the account endpoints (reality-fills, settings, assets, fee-rate). */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'
import { id } from './ack.js'
import { decimal, decimalish, list, text } from './fields.js'

/** One platform fill of an rToken pair. */
export const realityFill = Fields.record({
  execId: id,
  price: decimalish,
  size: decimalish,
  side: v.picklist(['buy', 'sell']),
  ts: id,
})

/** One platform fill of an rToken pair: prices and sizes as decimal strings, `ts` in ms. */
export type RealityFill = v.InferOutput<typeof realityFill>

/** `data` of reality-fills. */
export const realityFills = v.array(realityFill)

/** `data` of GET /api/v3/account/settings (docs/records.md; unknown fields kept). */
export const accountSettings = Fields.record({
  uid: text,
  accountMode: text,
  assetMode: text,
  accountLevel: text,
  /** `one_way_mode` or `hedge_mode`: the position mode of the futures lines. */
  holdMode: text,
  stpMode: text,
  symbolConfigList: list(
    Fields.record({ category: text, symbol: text, marginMode: text, leverage: decimal }),
  ),
  coinConfigList: list(Fields.record({ coin: text, leverage: decimal })),
})

/** The account settings. */
export type AccountSettings = v.InferOutput<typeof accountSettings>

/** One coin of the account's assets. */
export const assetRecord = Fields.record({
  coin: v.string(),
  equity: decimal,
  usdValue: decimal,
  balance: decimal,
  available: decimal,
  debt: decimal,
  locked: decimal,
})

/** `data` of GET /api/v3/account/assets: the account's equity and its coins (unknown fields kept). */
export const accountAssets = Fields.record({
  accountEquity: decimal,
  usdtEquity: decimal,
  btcEquity: decimal,
  unrealisedPnl: decimal,
  usdtUnrealisedPnl: decimal,
  btcUnrealizedPnl: decimal,
  effEquity: decimal,
  mmr: decimal,
  imr: decimal,
  mgnRatio: decimal,
  positionMgnRatio: decimal,
  assets: list(assetRecord),
})

/** The account's assets. */
export type AccountAssets = v.InferOutput<typeof accountAssets>

/**
 * `data` of GET /api/v3/account/fee-rate: the maker and taker fee rates as decimal fractions
 * (`"0.0002"` is 0.02 %; a rebate would be negative); unknown fields kept.
 */
export const feeRate = Fields.record({ makerFeeRate: decimal, takerFeeRate: decimal })

/** The account's fee rates of a symbol. */
export type FeeRate = v.InferOutput<typeof feeRate>
