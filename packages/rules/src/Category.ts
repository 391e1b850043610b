/**
 * The product category of the unified account (`category`). The exchange documentation's strategy examples
 * write futures values in lower case and does not say whether matching is case-sensitive, so
 * tradeline accepts any case and sends upper case (docs/architecture.md).
 */

/** Every category value, as sent. */
export const categories = [
  'SPOT',
  'MARGIN',
  'USDT-FUTURES',
  'COIN-FUTURES',
  'USDC-FUTURES',
] as const

/** A category value, as sent. */
export type Category = (typeof categories)[number]

/**
 * A category as a request may write it: upper case as sent, lower case as the exchange documentation's examples
 * write the futures values, or capitalized. Any letter case is accepted at run time and sent
 * upper case (docs/architecture.md); the type lists the documented spellings so that `'FUTURES'` is a
 * type error.
 */
export type Input = Category | Lowercase<Category> | Capitalize<Lowercase<Category>>

/** The futures categories. */
export const futuresCategories = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const

/**
 * Whether a category is a futures line.
 *
 * @example
 * import { Category } from '@tradeline/rules'
 * Category.isFutures('USDT-FUTURES') // true
 */
export function isFutures(category: Category): boolean {
  return category === 'USDT-FUTURES' || category === 'COIN-FUTURES' || category === 'USDC-FUTURES'
}

/**
 * Normalises a category written in any case; `undefined` when it is not one.
 *
 * @example
 * import { Category } from '@tradeline/rules'
 * Category.normalize('usdt-futures') // 'USDT-FUTURES'
 */
export function normalize(value: string): Category | undefined {
  const upper = value.toUpperCase()
  return (categories as readonly string[]).includes(upper) ? (upper as Category) : undefined
}
