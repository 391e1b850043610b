/**
 * Cross-field rules of a unified-account order (place-order rules 1, 2, 4, 6, 7
 * and the field notes), shared by place-order and the items of place-batch. Each rule reads a
 * draft of one order and returns the issues it finds under `path`.
 */
import { type Category, isFutures } from '../Category.js'
import * as Decimal from '../Decimal.js'
import { create, describe, formatPath, type Issue, type Path } from '../Issue.js'
import { merge } from '../internal/merge.js'
import * as Limits from '../Limits.js'
import * as PositionMode from '../PositionMode.js'
import { isCoinMargined, isRToken } from '../ProductLine.js'
import * as TickSize from '../TickSize.js'

/** The fields of one order that the rules read; every field may be absent. */
export type OrderDraft = {
  readonly category?: Category | undefined
  readonly symbol?: string | undefined
  readonly qty?: string | undefined
  readonly side?: 'buy' | 'sell' | undefined
  readonly orderType?: 'limit' | 'market' | undefined
  readonly price?: string | undefined
  readonly timeInForce?: string | undefined
  readonly posSide?: 'long' | 'short' | undefined
  readonly reduceOnly?: 'yes' | 'no' | undefined
  readonly tpTriggerBy?: string | undefined
  readonly slTriggerBy?: string | undefined
  readonly takeProfit?: string | undefined
  readonly stopLoss?: string | undefined
  readonly tpOrderType?: 'limit' | 'market' | undefined
  readonly slOrderType?: 'limit' | 'market' | undefined
  readonly tpLimitPrice?: string | undefined
  readonly slLimitPrice?: string | undefined
  readonly marginMode?: string | undefined
  readonly autoBorrow?: string | undefined
  readonly pxAmendType?: string | undefined
  readonly venue?: string | undefined
  readonly rTokenTimeInForce?: string | undefined
}

/** Open orders the account holds now, per holding-limit group (rule 6). */
export type OpenOrders = {
  /** Open orders across all USDT, COIN and USDC futures pairs. */
  readonly futures?: number | undefined
  /** Open orders across all spot and margin pairs. */
  readonly spotMargin?: number | undefined
}

/** The preset take-profit/stop-loss fields of place-order. */
export const tpslFields = [
  'takeProfit',
  'stopLoss',
  'tpTriggerBy',
  'slTriggerBy',
  'tpOrderType',
  'slOrderType',
  'tpLimitPrice',
  'slLimitPrice',
] as const

const futuresOnlyFields = ['posSide', 'tpTriggerBy', 'slTriggerBy', 'marginMode'] as const
const presetPrices = ['takeProfit', 'stopLoss', 'tpLimitPrice', 'slLimitPrice'] as const

function forbidden(path: Path, value: unknown, expected: string): Issue {
  return create({ type: 'forbidden', path, expected, received: describe(value) })
}

/** `price` is required for a limit order; `pxAmendType` is for limit orders only. */
export function orderTypeRule(order: OrderDraft, path: Path = []): Issue[] {
  const issues: Issue[] = []
  if (order.orderType === 'limit' && order.price === undefined)
    issues.push(
      create({
        type: 'missing',
        path: [...path, 'price'],
        expected: 'a price (required when orderType is "limit")',
        received: 'undefined',
      }),
    )
  if (order.orderType === 'market' && order.pxAmendType !== undefined)
    issues.push(
      forbidden([...path, 'pxAmendType'], order.pxAmendType, 'no pxAmendType (limit orders only)'),
    )
  return issues
}

/**
 * Fields that only one kind of category takes: futures-only fields, spot-only `autoBorrow`,
 * `reduceOnly` `yes` ("one-way mode only", and only futures have position modes); rToken
 * pairs only under `SPOT` (see {@link spotPairRule}).
 */
export function categoryRule(order: OrderDraft, path: Path = []): Issue[] {
  const category = order.category
  if (category === undefined) return []
  const issues: Issue[] = [...spotPairRule(order, path), ...reduceOnlyRule(order, path)]
  if (!isFutures(category))
    for (const field of futuresOnlyFields)
      if (order[field] !== undefined)
        issues.push(
          forbidden([...path, field], order[field], `no ${field} for ${category} (futures only)`),
        )
  if (category !== 'SPOT' && order.autoBorrow !== undefined)
    issues.push(
      forbidden(
        [...path, 'autoBorrow'],
        order.autoBorrow,
        `no autoBorrow for ${category} (spot only; margin orders borrow automatically)`,
      ),
    )
  return issues
}

/**
 * rToken pairs (`r<TICKER>USDT`) are "tokenized-stock spot pairs": under any other category the
 * request names a market that does not exist, so it is refused on `category`.
 */
export function spotPairRule(
  order: { readonly category?: Category | undefined; readonly symbol?: string | undefined },
  path: Path = [],
): Issue[] {
  const { category, symbol } = order
  if (category === undefined || category === 'SPOT' || symbol === undefined) return []
  if (!isRToken(symbol)) return []
  return [
    create({
      type: 'unsupported',
      path: [...path, 'category'],
      expected: `"SPOT" (rToken pairs such as ${symbol} are spot pairs)`,
      received: describe(category),
    }),
  ]
}

/**
 * reduceOnly "one-way mode only": one-way and hedge are modes of a futures position, and a spot
 * or margin order reduces no position, so `yes` is refused there (`no`, the default, changes
 * nothing and passes).
 */
export function reduceOnlyRule(
  order: { readonly category?: Category | undefined; readonly reduceOnly?: string | undefined },
  path: Path = [],
): Issue[] {
  const { category } = order
  if (category === undefined || isFutures(category) || order.reduceOnly !== 'yes') return []
  return [
    forbidden(
      [...path, 'reduceOnly'],
      order.reduceOnly,
      `no reduceOnly "yes" for ${category} (futures only: a spot or margin order reduces no position)`,
    ),
  ]
}

/** Rule 4: `posSide` and `reduceOnly` must fit the position mode of a futures order. */
export function positionModeRule(
  order: OrderDraft,
  mode: PositionMode.Mode | undefined,
  path: Path = [],
): Issue[] {
  if (mode === undefined || order.category === undefined || !isFutures(order.category)) return []
  // checkUnified reads only posSide and reduceOnly; side never decides a mode issue.
  const fields: Partial<PositionMode.UnifiedFields> = {
    ...(order.posSide !== undefined && { posSide: order.posSide }),
    ...(order.reduceOnly !== undefined && { reduceOnly: order.reduceOnly }),
  }
  return PositionMode.checkUnified(fields, mode, path)
}

/**
 * The instrument attributes a price of `category` is checked against (rules 1 and 2): a futures
 * price keeps to the price step and the decimal places, a spot or margin price only to the
 * decimal places. Without a category every attribute applies.
 */
export function priceRulesOf(
  category: Category | undefined,
  instrument: TickSize.Instrument,
): TickSize.Instrument {
  if (category === undefined || isFutures(category)) return instrument
  // The same object for the same instrument: the attribute check of an instrument is remembered
  // by the object (a new one per order checked it again and grew a WeakMap per order).
  const known = spotPriceRules.get(instrument)
  if (
    known !== undefined &&
    known.symbol === instrument.symbol &&
    known.pricePrecision === instrument.pricePrecision
  )
    return known
  const rules = { symbol: instrument.symbol, pricePrecision: instrument.pricePrecision }
  spotPriceRules.set(instrument, rules)
  return rules
}

/** The spot and margin price rules of each instrument (its symbol and decimal places). */
const spotPriceRules = new WeakMap<TickSize.Instrument, TickSize.Instrument>()

/** How the quantity minimum is checked: rule 1/2 (`minOrderAmount`) or batch (`minTradeUSDT`). */
export type Minimum = 'minOrderAmount' | 'minTradeUSDT'

/**
 * Rules 1 and 2: futures prices on the price step and within `pricePrecision`, quantities on
 * the size step and at least the minimum; spot and margin prices within the decimal places
 * and quantities at least the minimum. A spot market buy's quantity is in the quote coin, so
 * the base-coin minimum does not apply to it.
 */
export function instrumentRule(
  order: OrderDraft,
  instrument: TickSize.Instrument | undefined,
  path: Path = [],
  options: {
    /** Which minimum applies. @default 'minOrderAmount' */
    minimum?: Minimum | undefined
    /**
     * Without a category: check every attribute the instrument has (modify-order, whose
     * category is optional) instead of nothing. @default false
     */
    allWithoutCategory?: boolean | undefined
  } = {},
): Issue[] {
  const category = order.category
  const minimum = options.minimum ?? 'minOrderAmount'
  if (instrument === undefined) return []
  if (category === undefined && !options.allWithoutCategory) return []
  if (order.symbol !== undefined && order.symbol !== instrument.symbol)
    return [
      create({
        type: 'mismatch',
        path: [...path, 'symbol'],
        expected: `${describe(instrument.symbol)} (the symbol of the instrument in the context)`,
        received: describe(order.symbol),
      }),
    ]
  const futures = category === undefined || isFutures(category)
  const priceRules = priceRulesOf(category, instrument)
  const issues: Issue[] = []
  if (order.orderType === 'limit' && order.price !== undefined)
    issues.push(...TickSize.checkPrice(order.price, priceRules, [...path, 'price']))
  for (const field of presetPrices) {
    const value = order[field]
    if (value !== undefined && value !== '')
      issues.push(...TickSize.checkPrice(value, priceRules, [...path, field]))
  }
  const quoteQty = !futures && order.orderType === 'market' && order.side === 'buy'
  if (order.qty !== undefined) {
    if (minimum === 'minTradeUSDT') {
      const lot = futures
        ? TickSize.checkQty(order.qty, instrument, { path: [...path, 'qty'], minimum: false })
        : []
      const notional = orderValue(order)
      const low =
        notional === undefined
          ? []
          : TickSize.checkNotional(notional, instrument, [...path, 'qty'], valueCoin(order))
      // One field, one issue: the minimum, which also names the step when both fail.
      if (low[0] && lot[0] && low[0].type === 'minimum') issues.push(merge(low[0], lot[0]))
      else issues.push(...lot, ...low)
    } else if (!quoteQty) {
      issues.push(
        ...TickSize.checkQty(order.qty, instrument, { path: [...path, 'qty'], step: futures }),
      )
    }
  }
  return issues
}

/**
 * The coin an order's value ({@link orderValue}) is in, which the minimum's message names: USDC on
 * a USDC-FUTURES contract and on a pair quoted in USDC (`...USDC`; no futures symbol ends so),
 * else USDT.
 */
const valueCoin = (order: OrderDraft): string =>
  order.category === 'USDC-FUTURES' || order.symbol?.endsWith('USDC') ? 'USDC' : 'USDT'

/**
 * The value of an order in the quote coin as far as the request shows it: qty x price for a
 * limit order whose qty is in the base coin, qty for a spot market buy; `undefined` where the
 * request does not show it (market sells and futures market orders need the market price,
 * COIN-FUTURES quantities are already in the quote coin USD, not USDT).
 */
export function orderValue(order: OrderDraft): string | undefined {
  const { category, qty } = order
  if (category === undefined || !Decimal.isDecimal(qty)) return undefined
  if (category === 'COIN-FUTURES') return undefined
  if (order.orderType === 'limit' && Decimal.isDecimal(order.price))
    return Decimal.multiply(qty, order.price)
  if (!isFutures(category) && order.orderType === 'market' && order.side === 'buy') return qty
  return undefined
}

/**
 * Preset take-profit/stop-loss pairs: a limit price goes with order type `limit` and the
 * other way round (a limit price on a market tp/sl is only "effective for limit", so sending
 * it is rejected as `forbidden`).
 */
export function tpslRule(order: OrderDraft, path: Path = []): Issue[] {
  const issues: Issue[] = []
  for (const [type, price] of [
    ['tpOrderType', 'tpLimitPrice'],
    ['slOrderType', 'slLimitPrice'],
  ] as const) {
    const limit = order[type] === 'limit'
    if (!limit && order[price] !== undefined)
      issues.push(
        forbidden(
          [...path, price],
          order[price],
          `no ${price} unless ${type} is "limit" (only effective for limit)`,
        ),
      )
    if (limit && order[price] === undefined)
      issues.push(
        create({
          type: 'missing',
          path: [...path, price],
          expected: `a limit price (required when ${type} is "limit")`,
          received: 'undefined',
        }),
      )
  }
  return issues
}

/**
 * Product lines: rToken pairs take only market tp/sl order types and are the only pairs
 * taking `venue` and `rTokenTimeInForce`; the coin-margined `<BASE>USD_CM` line supports no
 * preset take-profit/stop-loss (rule 7).
 */
export function productLineRule(order: OrderDraft, path: Path = []): Issue[] {
  const symbol = order.symbol
  if (symbol === undefined) return []
  const issues: Issue[] = []
  const rToken = isRToken(symbol)
  for (const field of ['tpOrderType', 'slOrderType'] as const)
    if (rToken && order[field] === 'limit')
      issues.push(
        create({
          type: 'unsupported',
          path: [...path, field],
          expected: '"market" (rToken pairs support only market)',
          received: describe(order[field]),
        }),
      )
  if (!rToken)
    for (const field of ['venue', 'rTokenTimeInForce'] as const)
      if (order[field] !== undefined)
        issues.push(forbidden([...path, field], order[field], `no ${field} (rToken pairs only)`))
  if (isCoinMargined(symbol))
    for (const field of tpslFields)
      if (order[field] !== undefined)
        issues.push(
          create({
            type: 'unsupported',
            path: [...path, field],
            expected: `no ${field} (the USD_CM line does not support preset take-profit/stop-loss)`,
            received: describe(order[field]),
          }),
        )
  return issues
}

/** `timeInForce` `rpi` needs the RPI market-maker permission; unknown permission passes. */
export function rpiRule(
  order: OrderDraft,
  rpiPermission: boolean | undefined,
  path: Path = [],
): Issue[] {
  if (order.timeInForce !== 'rpi' || rpiPermission !== false) return []
  return [
    forbidden(
      [...path, 'timeInForce'],
      order.timeInForce,
      'a timeInForce other than "rpi" (rpi needs the RPI market-maker permission)',
    ),
  ]
}

/**
 * Rule 6: at most 400 open orders across all futures pairs and 400 across all spot and margin
 * pairs; `adding` is the number of orders the request places.
 */
export function holdingLimitRule(
  category: Category | undefined,
  openOrders: OpenOrders | undefined,
  adding = 1,
  path: Path = [],
): Issue[] {
  if (category === undefined || openOrders === undefined) return []
  const futures = isFutures(category)
  const open = futures ? openOrders.futures : openOrders.spotMargin
  const limit = futures ? Limits.futuresHoldingLimit : Limits.spotMarginHoldingLimit
  if (open === undefined || open + adding <= limit) return []
  const group = futures ? 'all USDT, COIN and USDC futures pairs' : 'all spot and margin pairs'
  return [
    create({
      type: 'range',
      path,
      expected: `at most ${limit} open orders across ${group}`,
      received: `${open} open + ${adding} new`,
      message: `${formatPath(path) || 'request'}: holding limit of at most ${limit} open orders across ${group}; ${open} are open and ${adding} would be added`,
    }),
  ]
}
