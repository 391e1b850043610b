/**
 * Response schemas of the unified account's settings writes and its openable-size read (UTA "Set
 * Leverage", "Set Holding Mode", "Set Margin", "Get Max Open Available"); unknown fields kept.
 */
import { Fields } from '@tradeline/core'
import type * as v from 'valibot'
import { decimal, text } from './fields.js'

/** `data` of set-leverage, set-hold-mode and set-margin: the text `"success"`. */
export const settingsAck = text
/** The acknowledgement of a settings write. */
export type SettingsAck = v.InferOutput<typeof settingsAck>

/**
 * `data` of max-open-available: `available` (spot and margin: the coin the side spends; futures:
 * the quote coin), `maxOpen` (margin only), `buyOpenCost`/`sellOpenCost` (futures: the margin of
 * `size`), `maxBuyOpen`/`maxSellOpen` (futures: base-coin sizes); a field without a value is
 * `null` (sent `""`).
 */
export const maxOpenAvailable = Fields.record({
  available: decimal,
  maxOpen: decimal,
  buyOpenCost: decimal,
  sellOpenCost: decimal,
  maxBuyOpen: decimal,
  maxSellOpen: decimal,
})
/** What the account can open of a symbol now. */
export type MaxOpenAvailable = v.InferOutput<typeof maxOpenAvailable>
