/**
 * The exchange's stream limits as a connection gate: connections per IP on one limiter for the
 * stream's life, messages and subscriptions on a fresh limiter per connection (the exchange
 * counts them per connection).
 */
import type { StreamGate } from '@tradeline/core'
import { createLimiter } from '@tradeline/rate-limit'
import { streamLimits } from '@tradeline/rules'

/**
 * Added to each stream window: a message is counted from the moment it is sent, and one sent a
 * window after another can reach the exchange closer than that when the first was delayed;
 * 100 ms covers loopback and ordinary jitter.
 */
const marginMs = 100

/** A gate over the rules' stream rows; `close` stops its limiters. */
export function streamGate(): { gate: StreamGate; close(): void } {
  const connects = createLimiter({ marginMs })
  let current: { id: number; limiter: ReturnType<typeof createLimiter> } | undefined
  return {
    async gate(kind, count, connection) {
      if (kind === 'connect') {
        const release = await connects.acquire(streamLimits.connect, { weight: count })
        return release()
      }
      if (current?.id !== connection) {
        current?.limiter.close()
        current = { id: connection, limiter: createLimiter({ marginMs }) }
      }
      const release = await current.limiter.acquire(streamLimits[kind], { weight: count })
      release()
    },
    close() {
      connects.close()
      current?.limiter.close()
    },
  }
}
