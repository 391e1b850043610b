/**
 * Cross-field checks of one classic order, shared by place-order, the items of
 * batch-place-order and the reversal: price when limit, position mode (classic order rule 1),
 * instrument steps and the elite-trader pair list (rule 5).
 */
import { create, describe, type Issue, type Path } from '../Issue.js'
import { checkClassic, type Mode } from '../PositionMode.js'
import { checkPrice, checkQty, type Instrument } from '../TickSize.js'
import type { OrderType, ReduceOnly, TradeSide } from './values.js'

/** What the caller may know when placing a classic order; absent facts are not checked. */
export type OrderContext = {
  /** The instrument of `symbol`, for the price step and size step and minimum. */
  readonly instrument?: Instrument | undefined
  /** The account's position mode for the product type. */
  readonly positionMode?: Mode | undefined
  /** The published elite-trader pairs, when the key is an elite trader's copy-trading key. */
  readonly eliteTraderPairs?: readonly string[] | undefined
}

/** The order fields these checks read; any of them may be absent from a draft. */
export type OrderDraft = {
  readonly size?: string | undefined
  readonly price?: string | undefined
  readonly orderType?: OrderType | undefined
  readonly tradeSide?: TradeSide | undefined
  /** Upper case on place-order; a plan order may also write it in lower case (its page's table). */
  readonly reduceOnly?: ReduceOnly | Lowercase<ReduceOnly> | undefined
}

/** `price` is required for a limit order. */
export function priceWhenLimit(order: OrderDraft, path: Path = []): Issue[] {
  if (order.orderType !== 'limit' || order.price !== undefined) return []
  return [
    create({
      type: 'missing',
      path: [...path, 'price'],
      expected: 'a price (required when orderType is "limit")',
      received: describe(undefined),
    }),
  ]
}

/**
 * classic order rule 1 when the mode is known: hedge mode needs `tradeSide` and takes no
 * `reduceOnly`; one-way mode takes no `tradeSide`. The exchange ignores `tradeSide` in one-way
 * mode, but sending it means the caller assumed hedge mode, so it is `forbidden`.
 */
export function modeRules(order: OrderDraft, mode: Mode | undefined, path: Path = []): Issue[] {
  if (mode === undefined) return []
  const reduceOnly = order.reduceOnly?.toUpperCase() as ReduceOnly | undefined
  return checkClassic({ tradeSide: order.tradeSide, reduceOnly }, mode, path)
}

/**
 * Price step and decimal places of a limit price, size step and minimum, when the instrument
 * is known. A market order's price is not used by the exchange, so it is not checked.
 */
export function instrumentRules(
  order: OrderDraft,
  instrument: Instrument | undefined,
  path: Path = [],
): Issue[] {
  if (instrument === undefined) return []
  const issues: Issue[] = []
  if (order.price !== undefined && order.orderType !== 'market')
    issues.push(...checkPrice(order.price, instrument, [...path, 'price']))
  if (order.size !== undefined)
    issues.push(...checkQty(order.size, instrument, { path: [...path, 'size'] }))
  return issues
}

/**
 * classic order rule 5: an elite trader's copy-trading key may only use the published pairs. Pairs
 * are compared without regard to letter case.
 */
export function elitePairRule(
  symbol: string | undefined,
  pairs: readonly string[] | undefined,
): Issue[] {
  if (symbol === undefined || pairs === undefined) return []
  const wanted = symbol.toUpperCase()
  if (pairs.some((pair) => pair.toUpperCase() === wanted)) return []
  return [
    create({
      type: 'unsupported',
      path: ['symbol'],
      expected: 'a pair on the elite-trader list (copy-trading key)',
      received: describe(symbol),
    }),
  ]
}

/** Every check of one order: price when limit, mode, instrument. */
export function orderRules(order: OrderDraft, context: OrderContext, path: Path = []): Issue[] {
  return [
    ...priceWhenLimit(order, path),
    ...modeRules(order, context.positionMode, path),
    ...instrumentRules(order, context.instrument, path),
  ]
}
