/**
 * What every strategy type shares: the common fields of place-strategy-order, the context its
 * rules read, and the issue helpers of the per-type rule files.
 */
import * as v from 'valibot'
import { type Category, categories } from '../Category.js'
import type { Draft, Rule } from '../Endpoint.js'
import { create, describe, type Issue, type Path } from '../Issue.js'
import { oneOf, positiveDecimal, symbol, upperCaseOneOf } from '../internal/fields.js'
import { clientOid } from '../internal/identity.js'
import type * as PositionMode from '../PositionMode.js'
import * as StrategySupport from '../StrategySupport.js'
import * as TickSize from '../TickSize.js'
import { priceRulesOf } from '../unified/placeOrder.rules.js'
import { posSide, side } from './fields.js'

/** The common fields of place-strategy-order. */
export const commonEntries = {
  category: upperCaseOneOf(categories),
  symbol,
  type: v.optional(oneOf(StrategySupport.types), 'tpsl'),
  side: v.optional(side),
  posSide: v.optional(posSide),
  qty: v.optional(positiveDecimal),
  clientOid: v.optional(clientOid),
}

/** What the rules of place-strategy-order may know beyond the request. */
export type Context = {
  /** The instrument of `symbol`: its price step and decimal places are checked when given. */
  readonly instrument?: TickSize.Instrument | undefined
  /** The account's position mode of the futures line: `posSide`/`reduceOnly` are checked. */
  readonly positionMode?: PositionMode.Mode | undefined
  /** The latest trade price of `symbol`: bounds a twap `limitOffsetSpread` (at most 20%). */
  readonly lastPrice?: string | undefined
}

/** A rule of place-strategy-order that reads the common fields and some type's fields. */
export type StrategyRule<entries extends v.ObjectEntries> = Rule<
  v.InferOutput<v.StrictObjectSchema<typeof commonEntries & entries, undefined>>,
  Context
>

/** The draft a strategy rule reads. */
export type StrategyDraft<entries extends v.ObjectEntries> = Draft<
  v.InferOutput<v.StrictObjectSchema<typeof commonEntries & entries, undefined>>
>

/** A required field that is absent in this context. */
export function missing(path: Path, why: string): Issue {
  return create({ type: 'missing', path, expected: `a value (${why})`, received: 'undefined' })
}

/** A field that must not be sent in this context. */
export function forbidden(path: Path, value: unknown, why: string): Issue {
  return create({
    type: 'forbidden',
    path,
    expected: `no value (${why})`,
    received: describe(value),
  })
}

/**
 * The rule "a price only for, and required with, a limit order type": with `limit` the price
 * is missing when absent; with any other type (or the default, when `defaultType` says what
 * an absent type means) the price is forbidden. Nothing is said while the type is unknown.
 */
export function priceWithLimit(
  draft: Readonly<Record<string, unknown>>,
  typeKey: string,
  priceKey: string,
  defaultType?: 'market' | undefined,
): Issue[] {
  const type = draft[typeKey] ?? defaultType
  if (type === undefined) return []
  const value = draft[priceKey]
  if (type === 'limit' && value === undefined)
    return [missing([priceKey], `required when ${typeKey}=limit`)]
  if (type !== 'limit' && value !== undefined)
    return [forbidden([priceKey], value, `only when ${typeKey}=limit`)]
  return []
}

/**
 * The price checks of unified order rules 1 and 2, as place-order applies them, when the instrument
 * and the category are known: a futures price on the price step and within the decimal places,
 * a spot or margin price within the decimal places only. A price that is not a decimal string
 * is left to its own schema; without a valid category nothing is checked, as in place-order.
 */
export function tickIssues(
  draft: { readonly category?: Category | undefined },
  context: Context,
  prices: readonly (readonly [Path, unknown])[],
): Issue[] {
  const instrument = context.instrument
  if (instrument === undefined || draft.category === undefined) return []
  const rules = priceRulesOf(draft.category, instrument)
  return prices.flatMap(([path, value]) =>
    typeof value === 'string' ? TickSize.checkPrice(value, rules, path) : [],
  )
}
