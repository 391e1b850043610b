/**
 * The reversal rules of click-backhand: how much of a position flips to the other side. Pure,
 * so the sandbox and a client's local book agree.
 */
import * as Decimal from '../../Decimal.js'
import type { Mode } from '../../PositionMode.js'

/** Position sizes per side, decimal strings; in one-way mode at most one is above zero. */
export type Positions = { readonly long: string; readonly short: string }

/**
 * Applies a reversal. Hedge mode: `buy` reverses long into short, `sell` short into long; a
 * size below the position closes that size and opens the same size on the other side, a size
 * at or above it (or none) reverses the whole position. One-way mode reverses the whole held
 * position.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.reverse({ mode: 'hedge', positions: { long: '20', short: '0' }, side: 'buy', size: '3' })
 * // { positions: { long: '17', short: '3' }, reversed: '3' }
 */
export function reverse(parameters: reverse.Parameters): reverse.ReturnType {
  const long = Decimal.trimZeros(parameters.positions.long)
  const short = Decimal.trimZeros(parameters.positions.short)
  let fromLong: boolean
  if (parameters.mode === 'one_way') fromLong = Decimal.compare(long, '0') > 0
  else fromLong = parameters.side === 'buy'
  const held = fromLong ? long : short
  let amount = held
  if (parameters.mode === 'hedge' && parameters.size !== undefined) {
    const size = Decimal.trimZeros(parameters.size)
    if (Decimal.compare(size, held) < 0) amount = size
  }
  const positions = fromLong
    ? { long: Decimal.subtract(long, amount), short: Decimal.add(short, amount) }
    : { long: Decimal.add(long, amount), short: Decimal.subtract(short, amount) }
  return { positions, reversed: amount }
}

export declare namespace reverse {
  type Parameters = {
    /** The account's position mode. */
    readonly mode: Mode
    /** Sizes held before the reversal. */
    readonly positions: Positions
    /** Hedge mode: `buy` reverses long into short, `sell` short into long. */
    readonly side: 'buy' | 'sell'
    /** Reversal size, a decimal string; none reverses the whole position. */
    readonly size?: string | undefined
  }
  type ReturnType = {
    /** Sizes held after the reversal. */
    readonly positions: Positions
    /** Size that changed side. */
    readonly reversed: string
  }
}
