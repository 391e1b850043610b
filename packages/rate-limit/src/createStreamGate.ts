/**
 * The gate a stream connection asks before it connects and sends (`createStreamConnection`'s
 * `gate` option of `@tradeline/core`): the exchange's stream limits of the rules
 * (`streamLimits`), the connections per IP counted for the stream and the messages and
 * subscriptions counted per connection, as the exchange counts them (a new connection starts
 * afresh).
 */
import { streamLimits } from '@tradeline/rules/shared'
import { createLimiter, WaitTooLongError } from './createLimiter.js'

/**
 * Added to each stream window: a message is counted from the moment it is sent (it has no
 * answer to settle on), and one sent a window after another can reach the exchange closer than
 * that when the first was delayed; 100 ms covers loopback and ordinary jitter.
 */
export const streamMarginMs = 100

/** A wait of the gate shorter than this is not told (`wait`): pacing, not news. */
const untoldWaitMs = 1000

/** A stream's gate and the function that frees its limiters. */
/** How a stream's gate paces itself. */
export type StreamGateOptions = {
  /**
   * Milliseconds added to each window: raise it where the path to the exchange delays a message
   * more than {@link streamMarginMs} (a busy event loop, a slow proxy). @default streamMarginMs
   */
  marginMs?: number | undefined
}

export type StreamGateHandle = {
  /**
   * Waits for the budgets of `count` calls of `kind` on `connection`; a call that has to wait
   * first tells `wait` how long (ms) the budget says (the stream tells its user which
   * subscriptions wait until when).
   */
  gate(
    kind: 'connect' | 'message' | 'subscribe',
    count: number,
    connection: number,
    wait?: ((ms: number) => void) | undefined,
  ): Promise<void>
  close(): void
}

/**
 * Creates the gate of one stream.
 *
 * @example
 * import { createStreamGate } from '@tradeline/rate-limit'
 * const limits = createStreamGate({ marginMs: 250 }) // a slow path to the exchange
 * await limits.gate('subscribe', 4, 1) // four subscriptions of connection 1
 * limits.close()
 */
export function createStreamGate(options: StreamGateOptions = {}): StreamGateHandle {
  const marginMs = options.marginMs ?? streamMarginMs
  if (!Number.isFinite(marginMs) || marginMs < 0 || marginMs > 60_000) {
    throw new RangeError(
      `limits.marginMs must be a number of milliseconds from 0 to 60000 (got ${String(marginMs)})`,
    )
  }
  const connects = createLimiter({ marginMs })
  let current: { id: number; limiter: ReturnType<typeof createLimiter> } | undefined
  return {
    async gate(kind, count, connection, wait) {
      if (kind !== 'connect' && current?.id !== connection) {
        current?.limiter.close()
        current = { id: connection, limiter: createLimiter({ marginMs }) }
      }
      const limiter =
        kind === 'connect' ? connects : (current as { limiter: typeof connects }).limiter
      const rules = streamLimits[kind]
      if (wait) {
        // Asked first with a short deadline: a refusal says how long the budget holds the call
        // (one past its deadline is refused before it is counted; with no wait at all, a call
        // admitted a fraction of a millisecond late was counted, given back and counted again).
        try {
          return (await limiter.acquire(rules, { weight: count, maxWaitMs: untoldWaitMs }))()
        } catch (error) {
          if (!WaitTooLongError.isInstance(error)) throw error
          if (error.waitMs !== undefined && Number.isFinite(error.waitMs)) wait(error.waitMs)
        }
      }
      const release = await limiter.acquire(rules, { weight: count })
      release()
    },
    close() {
      connects.close()
      current?.limiter.close()
    },
  }
}
