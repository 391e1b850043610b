/**
 * What a preset take-profit/stop-loss of batch-place-order does (batch-place-order
 * rules). Pure, so the sandbox and a client's local book agree.
 */
import * as Decimal from '../../Decimal.js'

/**
 * Whether a batch order's preset take-profit/stop-loss is a preset of the order (no position
 * on the underlying) or modifies the position's existing take-profit/stop-loss.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.batchPresetEffect({ position: '0' }) // 'preset'
 * ClassicFutures.batchPresetEffect({ position: '2.5' }) // 'modify_existing'
 */
export function batchPresetEffect(parameters: {
  /** Size held on the underlying, a decimal string. */
  readonly position: string
}): 'preset' | 'modify_existing' {
  return Decimal.compare(parameters.position, '0') > 0 ? 'modify_existing' : 'preset'
}
