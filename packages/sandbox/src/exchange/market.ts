/**
 * What a new admin price sets off: open limit orders that it crosses fill at their limit,
 * then the strategy orders whose trigger it crosses, then the classic plan orders.
 */
import type { SandboxState } from '../state.js'
import { matchOpenOrders } from './matching.js'
import { evaluateStrategies } from './strategy.js'
import { evaluatePlans } from './triggers.js'

/**
 * Re-evaluates open orders and strategy triggers of `symbol` at its current price.
 *
 * @example
 * import { createState, onPrice } from '@tradeline/sandbox'
 * const state = createState()
 * state.prices.set('ETHUSDT', '3000.00')
 * onPrice(state, 'ETHUSDT')
 */
export function onPrice(state: SandboxState, symbol: string): void {
  matchOpenOrders(state, symbol)
  evaluateStrategies(state, symbol)
  evaluatePlans(state, symbol)
}
