/** The types of a stream connection, its default timers and the key of a subscription. */

/** Timers a stream runs on; inject manual ones in tests. */
export type StreamTimers = {
  /** Unix milliseconds. */
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** The runtime's timers and `Date.now()`. */
export const systemTimers: StreamTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** A push of a subscribed topic: `{"action","arg","data","ts"}`. */
export type StreamPush = {
  /** `snapshot` or `update`. */
  readonly action: string
  /** The subscription it belongs to, e.g. `{ instType: 'UTA', topic: 'order' }`. */
  readonly arg: Readonly<Record<string, unknown>>
  readonly data: readonly unknown[]
  /** The server's time of the push in Unix milliseconds, when sent. */
  readonly ts: number | undefined
}

/** What the connection is doing. */
export type StreamState = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'closed' | 'failed'

/** Something that happened to the connection, for logs and tests. */
export type StreamEvent =
  | { readonly type: 'open'; readonly attempt: number }
  | { readonly type: 'ready'; readonly resumed: boolean }
  | {
      readonly type: 'down'
      /** `closed` (by the server or the network), `pong` (no pong in time), `age` (planned), `resume` (the reconciliation failed), `login` (no login answer in time). */
      readonly reason: 'closed' | 'pong' | 'age' | 'resume' | 'login'
      /** The wait before the next attempt, in milliseconds. */
      readonly retryInMs: number
    }
  | { readonly type: 'error'; readonly error: unknown }

/**
 * Budgets asked before sending: `connect` per connection, `message` per text sent (pings
 * included), `subscribe` per subscription arg. `connection` numbers the connections of one
 * stream from 1: the exchange counts messages and subscriptions per connection, so a new
 * connection starts with fresh budgets.
 */
export type StreamGate = (
  kind: 'connect' | 'message' | 'subscribe',
  count: number,
  connection: number,
) => Promise<void>

/** A connection that stays up; see `createStreamConnection`. */
export type StreamConnection = {
  /** What the connection is doing. */
  readonly state: StreamState
  /** Adds a subscription (sent now when ready, and again after every reconnect); resolves when acknowledged. */
  subscribe(arg: Readonly<Record<string, unknown>>): Promise<void>
  /** Removes a subscription. */
  unsubscribe(arg: Readonly<Record<string, unknown>>): Promise<void>
  /** Resolves once connected, logged in and every subscription acknowledged. */
  ready(): Promise<void>
  /** Drops the current connection as if the network had (for a reconnect now). */
  reconnect(): void
  /** Closes for good; pending waits reject with a `StreamClosedError`. */
  close(): Promise<void>
}

/** The key of a subscription: its fields sorted. */
export function subscriptionKey(arg: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    Object.keys(arg)
      .sort()
      .map((k) => [k, arg[k]]),
  )
}
