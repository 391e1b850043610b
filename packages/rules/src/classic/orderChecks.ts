/**
 * Cross-field checks of one classic order, shared by place-order, the items of
 * batch-place-order and the reversal: price when limit, position mode (classic order rule 1),
 * instrument steps and the elite-trader pair list (rule 5).
 */
import * as Decimal from '../Decimal.js'
import { create, describe, type Issue, type Path } from '../Issue.js'
import { merge } from '../internal/merge.js'
import { checkClassic, type Mode } from '../PositionMode.js'
import { checkNotional, checkPrice, checkQty, type Instrument } from '../TickSize.js'
import type { OrderType, ReduceOnly, TradeSide } from './values.js'

/** What the caller may know when placing a classic order; absent facts are not checked. */
export type OrderContext = {
  /** The instrument of `symbol`, for the price step, size step, minimum size and minimum value. */
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
  /** The product type (a batch item's is the batch's): the minimum value applies to USDT and USDC. */
  readonly productType?: string | undefined
  readonly presetStopSurplusPrice?: string | undefined
  readonly presetStopLossPrice?: string | undefined
  readonly presetStopSurplusExecutePrice?: string | undefined
  readonly presetStopLossExecutePrice?: string | undefined
}

/** The preset take-profit/stop-loss prices of an order and their execution (limit) prices. */
const presetPriceFields = [
  'presetStopSurplusPrice',
  'presetStopLossPrice',
  'presetStopSurplusExecutePrice',
  'presetStopLossExecutePrice',
] as const

/**
 * The product types whose `minTradeUSDT` a request can be held to, with the coin a limit order's
 * value (size x price) is in: their quote and margin coin. A COIN-FUTURES size is in the base
 * coin and its margin the base coin too, so its value in USDT needs a price of the coin the
 * request does not carry.
 */
const valueCoins: Readonly<Record<string, string>> = {
  'USDT-FUTURES': 'USDT',
  'USDC-FUTURES': 'USDC',
}

/**
 * The value of a classic order as far as the request shows it, with its coin: size x price of a
 * limit order of USDT-FUTURES (in USDT) or USDC-FUTURES (in USDC); `undefined` otherwise (a
 * market order's value needs the market price, a COIN-FUTURES one the coin's price in USDT).
 */
function orderValue(order: OrderDraft): { value: string; coin: string } | undefined {
  const { productType, size, price } = order
  const coin = productType === undefined ? undefined : valueCoins[productType.toUpperCase()]
  if (coin === undefined) return undefined
  if (order.orderType !== 'limit' || !Decimal.isDecimal(size) || !Decimal.isDecimal(price))
    return undefined
  return { value: Decimal.multiply(size, price), coin }
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
 * Price step and decimal places of a limit price and of every preset take-profit/stop-loss
 * price and execution price that is set, size step and minimum, and the minimum value
 * `minTradeUSDT` of a limit order of USDT-FUTURES or USDC-FUTURES (`orderValue`), when
 * the instrument is known. A market order's price is not used by the exchange, so it is not
 * checked. A size off its own rule and below the minimum value is one issue (its own, naming the
 * minimum value too).
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
  for (const field of presetPriceFields) {
    const value = order[field]
    if (value !== undefined && value !== '')
      issues.push(...checkPrice(value, instrument, [...path, field]))
  }
  issues.push(...sizeRules(order, instrument, [...path, 'size']))
  return issues
}

/**
 * The size of an order (at `path`): its step and minimum, and the order's minimum value
 * (`orderValue` against `minTradeUSDT`). One field, one issue: a size off its own rule and
 * below the minimum value gets its own issue, which also names the minimum value (the size is
 * what to fix first).
 */
export function sizeRules(order: OrderDraft, instrument: Instrument, path: Path): Issue[] {
  if (order.size === undefined) return []
  const lot = checkQty(order.size, instrument, { path })
  const value = orderValue(order)
  const low = value === undefined ? [] : checkNotional(value.value, instrument, path, value.coin)
  if (lot[0] && low[0]) return [merge(lot[0], low[0])]
  return [...lot, ...low]
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
