/**
 * The records of the market data reads (the exchange's "Market" pages of both futures lines):
 * candle rows, public trades, merged depth levels, from the market tape and the book store.
 */
import { Big } from '@tradeline/rules/big'
import type { Candle } from '../exchange/candles.js'
import type { Fill } from '../exchange/types.js'

/**
 * A candle as both lines' REST candle reads answer it: `[start, open, high, low, close,
 * volume, turnover]`, every item a string.
 *
 * @example
 * import { candleRow } from '@tradeline/sandbox'
 * candleRow({ start: 0, open: '1', high: '2', low: '1', close: '2', volume: '0', turnover: '0' })
 * // ['0', '1', '2', '1', '2', '0', '0']
 */
export function candleRow(candle: Candle): string[] {
  const { start, open, high, low, close, volume, turnover } = candle
  return [String(start), open, high, low, close, volume, turnover]
}

/**
 * A fill as the classic public trade reads answer it (`fills`, `fills-history`): the trade id,
 * price, size, side, time and symbol.
 *
 * @example
 * import { classicTradeRecord } from '@tradeline/sandbox'
 * classicTradeRecord({ execId: '7', price: '1', qty: '2', side: 'buy', ts: 5, symbol: 'BTCUSDT' } as never).tradeId // '7'
 */
export function classicTradeRecord(fill: Fill): Record<string, unknown> {
  return {
    tradeId: fill.execId,
    price: fill.price,
    size: fill.qty,
    side: fill.side,
    ts: String(fill.ts),
    symbol: fill.symbol,
  }
}

/**
 * A fill as GET /api/v3/market/fills answers it: `execId`, `execLinkId` (the sandbox links a
 * fill to itself), price, size, side, time, and `isRPI` `no` (the sandbox has no RPI orders).
 *
 * @example
 * import { publicFillRecord } from '@tradeline/sandbox'
 * publicFillRecord({ execId: '7', price: '1', qty: '2', side: 'buy', ts: 5 } as never).isRPI // 'no'
 */
export function publicFillRecord(fill: Fill): Record<string, unknown> {
  return {
    execId: fill.execId,
    execLinkId: fill.execId,
    price: fill.price,
    size: fill.qty,
    side: fill.side,
    ts: String(fill.ts),
    isRPI: 'no',
  }
}

/**
 * Book levels merged to a price step: bids down to a multiple of `step`, asks up, the sizes of
 * the levels merged into one summed; best first as the levels came.
 *
 * @example
 * import { mergeLevels } from '@tradeline/sandbox'
 * mergeLevels([['100.4', '1'], ['100.2', '2'], ['99.9', '1']], '1', 'bids') // [['100', '3'], ['99', '1']]
 */
export function mergeLevels(
  levels: readonly (readonly [string, string])[],
  step: string,
  side: 'bids' | 'asks',
): [string, string][] {
  const rounding = side === 'bids' ? Big.ROUND_DOWN : Big.ROUND_UP
  const merged: [string, Big][] = []
  for (const [price, size] of levels) {
    const at = new Big(price).toNearest(step, rounding).toFixed()
    const last = merged[merged.length - 1]
    if (last && last[0] === at) last[1] = last[1].plus(size)
    else merged.push([at, new Big(size)])
  }
  return merged.map(([price, size]) => [price, size.toFixed()])
}

/** A level as the REST depth reads answer it: price and size as JSON numbers, as the pages show. */
export function numericLevel([price, size]: readonly [string, string]): [number, number] {
  return [Number(price), Number(size)]
}

/**
 * The newest fills of `symbol` first, `limit` of them, before the fill `idLessThan` when given
 * and inside `startTime`..`endTime` when given.
 */
export function tradesOf(
  fills: readonly Fill[],
  symbol: string,
  query: {
    readonly limit: number
    readonly idLessThan?: string | undefined
    readonly startTime?: number | undefined
    readonly endTime?: number | undefined
    /** Which of the symbol's fills count (an instrument's category). @default every one */
    readonly matches?: ((fill: Fill) => boolean) | undefined
  },
): Fill[] {
  const found: Fill[] = []
  let before = query.idLessThan === undefined
  for (let i = fills.length - 1; i >= 0 && found.length < query.limit; i--) {
    const fill = fills[i] as Fill
    if (fill.symbol !== symbol || query.matches?.(fill) === false) continue
    if (!before) {
      before = fill.execId === query.idLessThan
      continue
    }
    if (query.endTime !== undefined && fill.ts > query.endTime) continue
    if (query.startTime !== undefined && fill.ts < query.startTime) break
    found.push(fill)
  }
  return found
}
