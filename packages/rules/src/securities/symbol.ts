/**
 * Securities symbols in `ticker.region` form (`AAPL.US`, `BRK.B.US`, `700.HK`); option
 * contracts use the same form (`AAPL260116C00150000.US`).
 */

/**
 * The form of a securities symbol: a ticker of letters, digits, dots, `_` or `-` that starts
 * with a letter or digit, a dot, then a region of two or more capital letters.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.symbolPattern.test('BRK.B.US') // true
 */
export const symbolPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*\.[A-Z]{2,}$/

/**
 * The form of an OCC option contract ticker: a root of up to six letters or digits, the expiry
 * `YYMMDD`, `C` or `P`, and the strike times 1000 in eight digits.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.optionTickerPattern.test('AAPL260116C00150000') // true
 */
export const optionTickerPattern = /^[A-Z0-9]{1,6}\d{6}[CP]\d{8}$/

/**
 * Whether `value` is a symbol in `ticker.region` form.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.isSymbol('AAPL.US') // true
 * Securities.isSymbol('AAPL') // false
 */
export function isSymbol(value: unknown): value is string {
  return typeof value === 'string' && symbolPattern.test(value)
}

/**
 * The region of a symbol (the part after the last dot), or `undefined` when it is no symbol.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.regionOf('BRK.B.US') // 'US'
 */
export function regionOf(symbol: string): string | undefined {
  if (!isSymbol(symbol)) return undefined
  return symbol.slice(symbol.lastIndexOf('.') + 1)
}

/**
 * The ticker of a symbol (the part before the last dot), or `undefined` when it is no symbol.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.tickerOf('BRK.B.US') // 'BRK.B'
 */
export function tickerOf(symbol: string): string | undefined {
  if (!isSymbol(symbol)) return undefined
  return symbol.slice(0, symbol.lastIndexOf('.'))
}

/**
 * Whether a symbol is listed in the US region (`.US`), stock or option.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.isUsSymbol('AAPL.US') // true
 * Securities.isUsSymbol('700.HK') // false
 */
export function isUsSymbol(symbol: string): boolean {
  return regionOf(symbol) === 'US'
}

/**
 * Whether a symbol names an option contract in OCC form (root, expiry, `C` or `P`, strike).
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.isOptionSymbol('AAPL260116C00150000.US') // true
 * Securities.isOptionSymbol('AAPL.US') // false
 */
export function isOptionSymbol(symbol: string): boolean {
  const ticker = tickerOf(symbol)
  return ticker !== undefined && optionTickerPattern.test(ticker)
}
