/**
 * Time-driven changes of the exchange, evaluated lazily on each request, on `advanceClock` and
 * on `admin.state()`: countdown switches that lapsed, modifications that are due, rToken orders
 * past their session, securities orders whose session opened or whose time in force ended,
 * funding times that passed and the savings book's midnights.
 */
import type { SandboxState } from '../state.js'
import { settleCountdowns } from './countdown.js'
import { settleFunding } from './funding.js'
import { settleModifications } from './modify.js'
import { settleRTokenExpiries } from './rTokenExpiry.js'
import { settleSavings } from './savingsInterest.js'
import { settleStockOrders } from './stockplusSessions.js'

/**
 * Brings the state up to the sandbox clock.
 *
 * @example
 * import { createState, settle } from '@tradeline/sandbox'
 * settle(createState())
 */
export function settle(state: SandboxState): void {
  const now = state.clock.now()
  settleModifications(state, now)
  settleCountdowns(state, now)
  settleRTokenExpiries(state, now)
  settleFunding(state, now)
  // securities orders waiting for their session, and those past their time in force
  settleStockOrders(state, now)
  // savings interest, maturities and payouts
  settleSavings(state, now)
}
