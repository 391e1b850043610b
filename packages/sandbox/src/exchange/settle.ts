/**
 * Time-driven changes of the exchange, evaluated lazily on each request, on `advanceClock` and
 * on `admin.state()`: countdown switches that lapsed and modifications that are due.
 */
import type { SandboxState } from '../state.js'
import { settleCountdowns } from './countdown.js'
import { settleModifications } from './modify.js'

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
}
