/**
 * The side a classic preset take-profit/stop-loss must lie on, as place-tpsl-order's check
 * (`plans.ts` `placeTpsl`): a take-profit of a long waits for a rise, so it must lie above the
 * price, a stop-loss below (a short the other way round). A preset on the wrong side would
 * execute as soon as its order fills, closing the position at a loss; it is refused with `40017`
 * naming the field. The price is the one the preset's position is entered at: the last price for
 * a market order, for a limit order the better of its price and the last price for its side (a
 * buy fills at no more than either, a sell at no less), which is its price while it rests.
 */
import { Decimal } from '@tradeline/rules'
import type { Failure } from '../../envelope.js'
import type { Order } from '../../orders.js'
import { parameterFailure } from '../codes.js'
import type { TradeFields } from './fields.js'

/** The preset prices as a place-order or batch item names them. */
const placeFields = { takeProfit: 'presetStopSurplusPrice', stopLoss: 'presetStopLossPrice' }
/** The preset prices as modify-order names them. */
const modifyFields = { takeProfit: 'newPresetStopSurplusPrice', stopLoss: 'newPresetStopLossPrice' }

/** The direction of the position an order's fill opens, `undefined` when it only closes. */
export function openedSide(trade: TradeFields): 'long' | 'short' | undefined {
  if (trade.reduceOnly === 'yes') return undefined
  if (trade.posSide !== undefined)
    // Hedge mode: a buy of the long opens it, a sell of the long closes it.
    return (trade.posSide === 'long') === (trade.side === 'buy') ? trade.posSide : undefined
  return trade.side === 'buy' ? 'long' : 'short'
}

/** The price a new order's position is entered at, as far as it is known now. */
export function entryPrice(
  order: {
    readonly side: 'buy' | 'sell'
    readonly orderType: string
    readonly price?: string | undefined
  },
  last: string,
): string {
  if (order.orderType !== 'limit' || order.price === undefined) return last
  const lower = Decimal.compare(order.price, last) < 0
  return (order.side === 'buy') === lower ? order.price : last
}

/** A price that sets something: `""` is none and `0` none or a deletion. */
const sets = (value: unknown): value is string =>
  typeof value === 'string' && Decimal.isDecimal(value) && /[1-9]/.test(value)

/** A take-profit or stop-loss on the wrong side: its field, its value and the rule it breaks. */
type Misplaced = { readonly field: string; readonly value: string; readonly rule: string }

/** The first take-profit or stop-loss on the wrong side of `reference` for a `side` position. */
function misplaced(
  prices: Readonly<Record<string, unknown>>,
  side: 'long' | 'short',
  reference: { readonly price: string; readonly what: string },
  names: { readonly takeProfit: string; readonly stopLoss: string },
): Misplaced | undefined {
  for (const leg of ['takeProfit', 'stopLoss'] as const) {
    const field = names[leg]
    const value = prices[field]
    if (!sets(value)) continue
    // A take-profit of a long and a stop-loss of a short wait for a rise.
    const above = (leg === 'takeProfit') === (side === 'long')
    const compared = Decimal.compare(value, reference.price)
    if (above ? compared > 0 : compared < 0) continue
    const rule = `a ${leg === 'takeProfit' ? 'take-profit' : 'stop-loss'} of a ${side} position must be ${above ? 'above' : 'below'} ${reference.what} (${Decimal.trimZeros(reference.price)})`
    return { field, value, rule }
  }
  return undefined
}

/**
 * The refusal of a take-profit or stop-loss on the wrong side of `reference` for a `side`
 * position, `undefined` when both lie where they wait (or are not set).
 */
export function wrongSide(
  prices: Readonly<Record<string, unknown>>,
  side: 'long' | 'short',
  reference: { readonly price: string; readonly what: string },
  names: { readonly takeProfit: string; readonly stopLoss: string } = placeFields,
): Failure | undefined {
  const wrong = misplaced(prices, side, reference, names)
  return wrong && parameterFailure(`${wrong.field}: ${wrong.rule}, received "${wrong.value}"`)
}

/** What a limit order's presets are held to: the price its position is entered at. */
export function orderReference(
  order: {
    readonly side: 'buy' | 'sell'
    readonly orderType: string
    readonly price?: string | undefined
  },
  last: string,
): { price: string; what: string } {
  return order.orderType === 'limit' && order.price !== undefined
    ? {
        price: entryPrice(order, last),
        what: `the price the order fills at (its price or the last price, the ${order.side === 'buy' ? 'lower' : 'higher'})`,
      }
    : { price: last, what: 'the last price' }
}

/** The direction of the position a live classic order's fill opens, `undefined` when it closes. */
function orderSide(order: Order): 'long' | 'short' | undefined {
  return openedSide({
    side: order.side,
    reduceOnly: order.reduceOnly === 'yes' ? 'yes' : 'no',
    ...(order.posSide === 'long' || order.posSide === 'short' ? { posSide: order.posSide } : {}),
  })
}

/**
 * modify-order's new take-profit/stop-loss of a live limit order, held to the order's entry
 * price as its presets were when it was placed; a closing order's presets open nothing and are
 * not held.
 */
export function modifiedWrongSide(
  order: Order,
  request: Readonly<Record<string, unknown>>,
  last: string,
): Failure | undefined {
  const side = orderSide(order)
  if (side === undefined) return undefined
  const reference = orderReference(
    { side: order.side, orderType: order.orderType, ...(order.price && { price: order.price }) },
    last,
  )
  return wrongSide(request, side, reference, modifyFields)
}

/**
 * modify-order's size or price change re-creates the order with its take-profit/stop-loss (new
 * ones sent with it have no effect): the presets it keeps are held to the new order's entry
 * price (its new price, else its price) as a placement's are. A new price that passes a kept
 * preset is refused naming `newPrice` and the preset.
 */
export function replacedWrongSide(
  order: Order,
  price: string | undefined,
  last: string,
): Failure | undefined {
  const side = orderSide(order)
  if (side === undefined) return undefined
  const reference = orderReference(
    { side: order.side, orderType: order.orderType, ...(price && { price }) },
    last,
  )
  const wrong = misplaced(order.presets ?? {}, side, reference, placeFields)
  return (
    wrong &&
    parameterFailure(
      `newPrice: the re-created order keeps its ${wrong.field} "${wrong.value}", and ${wrong.rule}`,
    )
  )
}
