/** Field schemas shared by the classic-futures endpoints; not exported. */
import * as v from 'valibot'
import * as Decimal from '../Decimal.js'
import {
  bounded,
  oneOf,
  positiveDecimal,
  symbol as symbolText,
  upperCaseOneOf,
} from '../internal/fields.js'
import { clientOid } from '../internal/identity.js'
import { fieldCheck } from '../internal/valibot.js'
import { textLength } from '../Limits.js'
import {
  forces,
  holdSides,
  marginModes,
  orderTypes,
  productTypes,
  reduceOnlyValues,
  sides,
  stpModes,
  tradeSides,
} from './values.js'

/** `symbol`: the trading pair (1 to 32 characters, see `internal/fields.ts`). */
export const symbol = symbolText

/**
 * `productType`: accepted in either case and sent upper-case, as the exchange's own examples
 * write `usdt-futures` (docs/architecture.md rule for `category`, applied to its classic twin).
 */
export const productType = upperCaseOneOf(productTypes)

/** `marginMode`: `isolated` or `crossed`. */
export const marginMode = oneOf(marginModes)

/**
 * `marginCoin`: "capitalized" (exchange documentation), i.e. written in upper case; a lower-case coin is a
 * `format` issue rather than silently changed, so the caller sees the rule.
 */
export const marginCoin = v.pipe(
  // A coin is part of a pair's symbol, so never longer than one.
  bounded(textLength.symbol),
  fieldCheck(
    'format',
    'an upper-case coin such as "USDT" (capitalized)',
    (value: string) =>
      value.length > textLength.symbol ||
      (value.length > 0 && value.trim() === value && value === value.toUpperCase()),
  ),
)

/** `size`: a decimal string greater than zero. */
export const size = positiveDecimal
/** `price`: a decimal string greater than zero. */
export const price = positiveDecimal

/** `side`: `buy` or `sell`. */
export const side = oneOf(sides)
/** `orderType`: `limit` or `market`. */
export const orderType = oneOf(orderTypes)
/** `tradeSide`: `open` or `close` (hedge mode only). */
export const tradeSide = oneOf(tradeSides)
/** `force`: `ioc`, `fok`, `gtc` or `post_only`. */
export const force = oneOf(forces)
/** `reduceOnly`: `YES` or `NO` (one-way mode only). */
export const reduceOnly = oneOf(reduceOnlyValues)
/** `stpMode`: self-trade prevention. */
export const stpMode = oneOf(stpModes)
/** `holdSide`: `long` or `short`. */
export const holdSide = oneOf(holdSides)

/** A preset take-profit or stop-loss price: a decimal string (sent normalised), or `""` for none. */
export const presetPrice = v.pipe(
  bounded(textLength.decimal),
  fieldCheck(
    'format',
    'a decimal string, or "" for none',
    (value: string) =>
      value.length > textLength.decimal || value === '' || Decimal.isDecimal(value),
  ),
  v.transform((value: string) => (value === '' ? value : Decimal.trimZeros(value))),
)

/**
 * A size or price of modify-order: a decimal string greater than zero (sent normalised), or
 * `""` for "unchanged".
 */
export const changedDecimal = v.pipe(
  bounded(textLength.decimal),
  fieldCheck(
    'format',
    'a decimal string greater than 0, or "" for unchanged',
    (value: string) =>
      value.length > textLength.decimal ||
      value === '' ||
      (Decimal.isDecimal(value) && /[1-9]/.test(value)),
  ),
  v.transform((value: string) => (value === '' ? value : Decimal.trimZeros(value))),
)

// The query integers are shared with the savings lists (internal/queryInteger.ts).
export { queryInteger, queryIntegerIn } from '../internal/queryInteger.js'

/**
 * The fields of one classic order, shared by place-order and the items of batch-place-order
 * ("types and values as in place-order").
 */
export const orderEntries = {
  size,
  price: v.optional(price),
  side,
  tradeSide: v.optional(tradeSide),
  orderType,
  force: v.optional(force),
  clientOid: v.optional(clientOid),
  reduceOnly: v.optional(reduceOnly),
  presetStopSurplusPrice: v.optional(presetPrice),
  presetStopLossPrice: v.optional(presetPrice),
  stpMode: v.optional(stpMode),
}
