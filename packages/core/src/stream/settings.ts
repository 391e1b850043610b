/** The options of a stream connection with their defaults, and its reconnect backoff. */
import { type StreamConnectionParameters, systemTimers } from './types.js'

/**
 * The default `maxMessageBytes`: 4 MiB. The exchange's largest frames are a full-depth `books`
 * snapshot (400 levels a side, about 20 to 30 KB) and batch pushes of orders or positions (about
 * 1 KB a record); 4 MiB leaves more than a hundred times the snapshot and thousands of records.
 */
const defaultMaxMessageBytes = 4 * 1024 * 1024

/**
 * The channels one connection may hold: the exchange's 1,000 per connection (its WebSocket
 * introduction, https://www.bitget.com/api-doc/common/websocket-intro). One more is refused
 * before it is sent, instead of being answered 30007 by the exchange.
 */
export const channelsPerConnection = 1000

/** The error of one channel more on a connection that holds `held`, if that is past the limit. */
export function overChannels(held: number): RangeError | undefined {
  return held < channelsPerConnection
    ? undefined
    : new RangeError(
        `subscribe: a connection holds at most ${channelsPerConnection} channels (the exchange's limit); unsubscribe one or open another stream`,
      )
}

/** A connection's options with their documented defaults (see `StreamConnectionParameters`). */
export function connectionSettings(parameters: StreamConnectionParameters) {
  const initialMs = parameters.backoff?.initialMs ?? 500
  const maxMs = parameters.backoff?.maxMs ?? 30_000
  const random = parameters.random ?? Math.random
  return {
    timers: parameters.timers ?? systemTimers,
    pingIntervalMs: parameters.pingIntervalMs ?? 30_000,
    pongTimeoutMs: parameters.pongTimeoutMs ?? 10_000,
    answerTimeoutMs: parameters.answerTimeoutMs ?? 10_000,
    maxAgeMs: parameters.maxAgeMs ?? 86_100_000,
    maxMessageBytes: parameters.maxMessageBytes ?? defaultMaxMessageBytes,
    gate: parameters.gate ?? (async () => {}),
    /** The wait after `failures` failures in a row: doubling from `initialMs` to `maxMs`, jittered down to half. */
    backoff(failures: number): number {
      const ceiling = Math.min(maxMs, initialMs * 2 ** Math.max(0, failures - 1))
      return Math.round(ceiling / 2 + (random() * ceiling) / 2)
    },
  }
}
