/** The sandbox clock: an injected clock plus an offset that the admin advances. */
import { refuse } from './adminInput.js'

/** A clock: milliseconds since the Unix epoch. */
export type Clock = { now(): number }

/** The sandbox clock: an injected clock plus an offset that {@link SandboxClock.advance} grows. */
export type SandboxClock = Clock & {
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void
  /** The offset added so far. */
  readonly offset: number
}

/**
 * Creates the clock of a sandbox: `base` (real time by default) plus an offset.
 *
 * @example
 * import { createClock } from '@tradeline/sandbox'
 * const clock = createClock({ now: () => 1000 })
 * clock.advance(500)
 * clock.now() // 1500
 */
export function createClock(base: Clock = { now: () => Date.now() }): SandboxClock {
  let offset = 0
  return {
    now: () => base.now() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw refuse(new RangeError('advance takes ms >= 0'))
      offset += ms
    },
    get offset() {
      return offset
    },
  }
}
