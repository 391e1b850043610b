/**
 * Product lines inside the unified account that carry rules of their own: tokenized-stock
 * (rToken) spot pairs and the coin-margined new line.
 */

/** The shape of an rToken pair: `r<TICKER>USDT`, e.g. `rAAPLUSDT`. */
export const rTokenPattern = /^r[A-Z][A-Z0-9.]*USDT$/
/** The shape of a coin-margined symbol of the new line: `<BASE>USD_CM`, e.g. `BTCUSD_CM`. */
export const coinMarginedPattern = /^[A-Z0-9]+USD_CM$/

/**
 * Whether a symbol is an rToken (tokenized stock) pair.
 *
 * @example
 * import { ProductLine } from '@tradeline/rules'
 * ProductLine.isRToken('rAAPLUSDT') // true
 * ProductLine.isRToken('RUNEUSDT') // false
 */
export function isRToken(symbol: string): boolean {
  return rTokenPattern.test(symbol)
}

/**
 * Whether a symbol belongs to the coin-margined new line (`<BASE>USD_CM`), which supports no
 * modify-order, ADL, strategy orders or preset take-profit/stop-loss (unified order rule 7).
 *
 * @example
 * import { ProductLine } from '@tradeline/rules'
 * ProductLine.isCoinMargined('BTCUSD_CM') // true
 */
export function isCoinMargined(symbol: string): boolean {
  return coinMarginedPattern.test(symbol)
}
