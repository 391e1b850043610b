/**
 * Which strategy-order type each product category supports (place-strategy-order,
 * "Support by category"), as data a form can read before it offers a type.
 */
import { type Category, categories } from './Category.js'

/** Every strategy-order type, in the order of the exchange documentation's table; `tpsl` is the default. */
export const types = ['tpsl', 'trigger', 'oco', 'trailing_stop', 'iceberg', 'twap'] as const

/** A strategy-order type. */
export type Type = (typeof types)[number]

/**
 * The support matrix: `matrix[type][category]` is `true` where the exchange documentation's table says yes.
 *
 * @example
 * import { StrategySupport } from '@tradeline/rules'
 * StrategySupport.matrix.oco['USDT-FUTURES'] // false
 */
export const matrix = {
  tpsl: {
    SPOT: true,
    MARGIN: true,
    'USDT-FUTURES': true,
    'COIN-FUTURES': true,
    'USDC-FUTURES': true,
  },
  trigger: {
    SPOT: true,
    MARGIN: true,
    'USDT-FUTURES': true,
    'COIN-FUTURES': true,
    'USDC-FUTURES': true,
  },
  oco: {
    SPOT: true,
    MARGIN: true,
    'USDT-FUTURES': false,
    'COIN-FUTURES': false,
    'USDC-FUTURES': false,
  },
  trailing_stop: {
    SPOT: true,
    MARGIN: false,
    'USDT-FUTURES': true,
    'COIN-FUTURES': false,
    'USDC-FUTURES': true,
  },
  iceberg: {
    SPOT: true,
    MARGIN: false,
    'USDT-FUTURES': true,
    'COIN-FUTURES': false,
    'USDC-FUTURES': true,
  },
  twap: {
    SPOT: true,
    MARGIN: false,
    'USDT-FUTURES': true,
    'COIN-FUTURES': false,
    'USDC-FUTURES': true,
  },
} as const satisfies Record<Type, Record<Category, boolean>>

/**
 * Whether a strategy-order type is supported for a category.
 *
 * @example
 * import { StrategySupport } from '@tradeline/rules'
 * StrategySupport.isSupported('twap', 'USDT-FUTURES') // true
 * StrategySupport.isSupported('twap', 'COIN-FUTURES') // false
 */
export function isSupported(type: Type, category: Category): boolean {
  return matrix[type][category]
}

/**
 * The categories that support a strategy-order type, in the order of `Category.categories`.
 *
 * @example
 * import { StrategySupport } from '@tradeline/rules'
 * StrategySupport.supportedCategories('oco') // ['SPOT', 'MARGIN']
 */
export function supportedCategories(type: Type): readonly Category[] {
  return categories.filter((category) => matrix[type][category])
}

/**
 * The strategy-order types that a category supports, in the order of {@link types}.
 *
 * @example
 * import { StrategySupport } from '@tradeline/rules'
 * StrategySupport.supportedTypes('MARGIN') // ['tpsl', 'trigger', 'oco']
 */
export function supportedTypes(category: Category): readonly Type[] {
  return types.filter((type) => matrix[type][category])
}

/**
 * A sentence a form can show when a type is not supported for a category; `undefined` when it
 * is supported.
 *
 * @example
 * import { StrategySupport } from '@tradeline/rules'
 * StrategySupport.reason('oco', 'USDT-FUTURES')
 * // 'oco orders are not supported for USDT-FUTURES (supported: SPOT, MARGIN)'
 * StrategySupport.reason('oco', 'SPOT') // undefined
 */
export function reason(type: Type, category: Category): string | undefined {
  if (isSupported(type, category)) return undefined
  return `${type} orders are not supported for ${category} (supported: ${supportedCategories(type).join(', ')})`
}
