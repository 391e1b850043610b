/**
 * The classic futures account's order fields and the sandbox's own: the classic wire says
 * "buy + close" for closing a long in hedge mode (classic order rule 1), the shared book keeps the
 * trade direction (`sell` against `posSide: 'long'`), as the unified account does. The rules'
 * `PositionMode` translates both ways through the intent (open long, close short, ...).
 */
import { PositionMode } from '@tradeline/rules'
import type { Order } from '../../orders.js'
import type { SandboxState } from '../../state.js'
import { coinsOf } from '../balances.js'

/** The trade fields of the shared book: direction, hedge side, reduce-only. */
export type TradeFields = {
  readonly side: 'buy' | 'sell'
  readonly posSide?: 'long' | 'short' | undefined
  readonly reduceOnly: 'yes' | 'no'
}

/**
 * The book's trade fields of a classic order (classic order rule 1): in hedge mode `side` is the
 * position's direction and `tradeSide` opens or closes it; in one-way mode `side` is the trade
 * direction, `tradeSide` is ignored and `reduceOnly: 'YES'` only reduces. `undefined` when the
 * fields do not fit the mode (hedge mode without `tradeSide`, or with `reduceOnly`).
 *
 * @example
 * import { classicTradeFields } from '@tradeline/sandbox'
 * classicTradeFields({ side: 'buy', tradeSide: 'close' }, 'hedge') // { side: 'sell', posSide: 'long', reduceOnly: 'no' }
 * classicTradeFields({ side: 'buy', tradeSide: 'close' }, 'one_way') // { side: 'buy', reduceOnly: 'no' }
 */
export function classicTradeFields(
  fields: {
    readonly side: 'buy' | 'sell'
    readonly tradeSide?: 'open' | 'close' | undefined
    readonly reduceOnly?: 'YES' | 'NO' | undefined
  },
  mode: 'one_way' | 'hedge',
): TradeFields | undefined {
  const intent = PositionMode.fromClassic(
    mode === 'hedge'
      ? { side: fields.side, tradeSide: fields.tradeSide }
      : { side: fields.side, reduceOnly: fields.reduceOnly },
    mode,
  )
  if (intent === undefined) return undefined
  const unified = PositionMode.toUnified(intent, mode)
  return {
    side: unified.side,
    ...(unified.posSide !== undefined && { posSide: unified.posSide }),
    reduceOnly: unified.reduceOnly ?? 'no',
  }
}

/**
 * The classic wire's `side`, `tradeSide` and `posSide` of an order of the book: hedge mode
 * answers the position direction with `open`/`close` and `long`/`short`; one-way mode the trade
 * direction with `buy_single`/`sell_single` and `net`, as the exchange's live records show them
 * (docs/records.md).
 *
 * @example
 * import { classicWireFields } from '@tradeline/sandbox'
 * classicWireFields({ side: 'sell', posSide: 'long' }) // { side: 'buy', tradeSide: 'close', posSide: 'long' }
 */
export function classicWireFields(order: Pick<Order, 'side' | 'posSide'>): {
  side: 'buy' | 'sell'
  tradeSide: string
  posSide: string
} {
  if (order.posSide === 'long' || order.posSide === 'short') {
    const intent = PositionMode.fromUnified({ side: order.side, posSide: order.posSide }, 'hedge')
    const wire = PositionMode.toClassic(intent ?? 'open_long', 'hedge')
    return { side: wire.side, tradeSide: wire.tradeSide ?? 'open', posSide: order.posSide }
  }
  return { side: order.side, tradeSide: `${order.side}_single`, posSide: 'net' }
}

/** The margin coin of a futures symbol of a product type: the base coin on COIN-FUTURES, else the quote coin. */
export function marginCoinOf(
  state: SandboxState,
  productType: string,
  symbol: string,
): string | undefined {
  const instrument = state.instruments.get(productType, symbol)
  if (!instrument) return undefined
  const { base, quote } = coinsOf(instrument)
  return instrument.category.toUpperCase() === 'COIN-FUTURES' ? base : quote
}

/** The classic preset fields of place-order and batch items, stored on the order as sent. */
export const presetFields = [
  'presetStopSurplusPrice',
  'presetStopLossPrice',
  'presetStopSurplusExecutePrice',
  'presetStopLossExecutePrice',
] as const

/** The presets of a request that set something (`""` is none). */
export function presetsOf(request: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    presetFields.flatMap((field) => {
      const value = request[field]
      return typeof value === 'string' && value !== '' ? [[field, value]] : []
    }),
  )
}
