/** The types of a stream connection, its default timers and the key of a subscription. */

import type { StreamSubscribeError } from './errors.js'
import type { WebSocketConstructor } from './socket.js'

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
      /**
       * The server's (or the network's) close, when the socket closed on its own (`reason`
       * `closed`); absent when the client dropped it. See {@link StreamClose}.
       */
      readonly close?: StreamClose | undefined
    }
  | { readonly type: 'error'; readonly error: unknown }

/**
 * How the server closed a connection: its close code (e.g. 1008 past the message budget, 1011 a
 * server error, 4000-4999 the application's own; 1006 when the connection ended without a close
 * frame) and its reason text. The reason is the server's text: the login's values and the secret
 * are redacted from it, control characters replaced, and it is cut to
 * 123 characters.
 */
export type StreamClose = { readonly code: number; readonly reason: string }

/** The most characters of a close reason a stream reports (the protocol's limit is 123 bytes). */
export const closeReasonChars = 123

/**
 * Budgets asked before sending: `connect` per connection, `message` per text sent (pings
 * included), `subscribe` per subscription arg. `connection` numbers the connections of one
 * stream from 1: the exchange counts messages and subscriptions per connection, so a new
 * connection starts with fresh budgets. A gate that holds a call may tell `wait` how long (ms)
 * it expects to, before waiting: the connection tells its user which subscriptions wait until
 * when (`StreamSubscriptionsWaitingError`).
 */
export type StreamGate = (
  kind: 'connect' | 'message' | 'subscribe',
  count: number,
  connection: number,
  wait?: ((ms: number) => void) | undefined,
) => Promise<void>

/** A connection that stays up; see `createStreamConnection`. */
export type StreamConnection = {
  /** What the connection is doing. */
  readonly state: StreamState
  /** Adds a subscription (sent now when ready, and again after every reconnect); resolves when acknowledged. */
  subscribe(arg: Readonly<Record<string, unknown>>): Promise<void>
  /** Removes a subscription. */
  unsubscribe(arg: Readonly<Record<string, unknown>>): Promise<void>
  /**
   * Resolves once connected, logged in and every subscription sent acknowledged. Subscriptions
   * held at the gate (the connection's subscription budget used up) do not hold it: they are
   * sent when the budget allows, told by a `StreamSubscriptionsWaitingError` event.
   */
  ready(): Promise<void>
  /** Drops the current connection as if the network had (for a reconnect now). */
  reconnect(): void
  /** Closes for good; pending waits reject with a `StreamClosedError`. */
  close(): Promise<void>
  /**
   * A text the upstream sent with what the login sent (and the secret, when `streamLogin` built
   * the login) redacted, in every spelling an echo may take.
   */
  redact(text: string): string
}

/** The key of a subscription: its fields sorted. */
export function subscriptionKey(arg: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    Object.keys(arg)
      .sort()
      .map((k) => [k, arg[k]]),
  )
}

/**
 * Whether an arg the exchange sent back (a refusal's) names the subscription `arg`: each of its
 * fields, a text in any case. An upstream may add fields or change a text's case; another
 * product type's channel of the same name differs in a field.
 */
export function namesSubscription(
  named: Readonly<Record<string, unknown>>,
  arg: Readonly<Record<string, unknown>>,
): boolean {
  return Object.keys(arg).every((key) => sameValue(named[key], arg[key]))
}

/** Two values of an arg's field alike: texts in any case, others equal. */
const sameValue = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' ? a.toUpperCase() === b.toUpperCase() : a === b

/**
 * Whether a subscribe's answer (`{"event":"subscribe","arg":…}`) may be the answer to `sent`:
 * `whole` when it has each field of `sent` (a text in any case, extra fields ignored),
 * `partial` when it lacks some but names the same channel (`topic` or `channel`) and every field
 * both have agrees. The exchange echoes the arg, yet an upstream has answered an `instType` in
 * another case than sent (BitgetLimited/v3-bitget-api-sdk#53: `SP` sent, `sp` answered); an
 * answer that names another channel or disagrees on a field is not this subscription's.
 */
export function answerNames(
  answer: Readonly<Record<string, unknown>>,
  sent: Readonly<Record<string, unknown>>,
): 'whole' | 'partial' | undefined {
  if (namesSubscription(answer, sent)) return 'whole'
  const common = Object.keys(sent).filter((key) => Object.hasOwn(answer, key))
  const channel = common.some((key) => key === 'topic' || key === 'channel')
  return channel && common.every((key) => sameValue(answer[key], sent[key])) ? 'partial' : undefined
}

/**
 * The one of `candidates` a push's arg names when it is written as none was sent (the caller
 * looks up the exact text first, so a push as sent costs what it did): by the rule of
 * {@link answerNames}, the one it names whole, else the one it names in part. None when it
 * names none, or more than one alike (subscriptions that differ only in a text's case, or a
 * push lacking the field that tells them apart): whose data it is cannot be told, and it goes
 * to none rather than to the wrong one. An upstream has written pushes in the case it answered
 * with (BitgetLimited/v3-bitget-api-sdk#53).
 */
export function namedBy<C>(
  arg: Readonly<Record<string, unknown>>,
  candidates: Iterable<C>,
  argOf: (candidate: C) => Readonly<Record<string, unknown>>,
): C | undefined {
  let whole: C | undefined
  let wholes = 0
  let partial: C | undefined
  let partials = 0
  for (const candidate of candidates) {
    const names = answerNames(arg, argOf(candidate))
    if (names === 'whole') {
      whole = candidate
      wholes++
    } else if (names === 'partial') {
      partial = candidate
      partials++
    }
  }
  if (wholes > 0) return wholes === 1 ? whole : undefined
  return partials === 1 ? partial : undefined
}

/** What `onReady` and `onResume` are told. */
export type StreamReadyContext = {
  /** Whether an earlier connection of this stream was ready (this one is a reconnect). */
  readonly resumed: boolean
  /** Aborted when this connection drops or the stream closes. */
  readonly signal: AbortSignal
  /**
   * Stops holding pushes before the hook is done: the pushes held so far are delivered at once,
   * in the order received, and later ones as they arrive (a live fill need not wait for a long
   * reconciliation). Once only; the connection is still not ready until the hook resolves.
   */
  readonly live: () => void
}

/** The options of `createStreamConnection`. */
export type StreamConnectionParameters = {
  /** The endpoint, e.g. `wss://ws.bitget.com/v3/ws/private`. */
  url: string
  /** The WebSocket class. @default in Node the `ws` package's (else Node's own or undici's); elsewhere the runtime's */
  WebSocket?: WebSocketConstructor | undefined
  /**
   * Builds the login arg (`apiKey`, `passphrase`, `timestamp`, `sign`) for each connection;
   * absent on public endpoints. `expired` is true on a second try after a `30014`.
   */
  login?: ((expired: boolean) => Promise<Readonly<Record<string, string>>>) | undefined
  /** @default system timers */
  timers?: StreamTimers | undefined
  /** Jitter source in [0, 1). @default Math.random */
  random?: (() => number) | undefined
  /** Text `ping` interval. @default 30000 */
  pingIntervalMs?: number | undefined
  /** A `pong` not seen this long after a ping drops the connection. @default 10000 */
  pongTimeoutMs?: number | undefined
  /** No open, login answer or subscription answer this long after asking drops the connection. @default 10000 */
  answerTimeoutMs?: number | undefined
  /** Reconnect backoff: first wait, factor 2, longest wait; each wait is jittered down to half. @default { initialMs: 500, maxMs: 30000 } */
  backoff?: { initialMs?: number | undefined; maxMs?: number | undefined } | undefined
  /** A connection older than this is replaced (the exchange cuts at 24 h). @default 86100000 (23 h 55 min) */
  maxAgeMs?: number | undefined
  /**
   * The largest message the server may send, in bytes (a text counted in UTF-8), 1024 to
   * 1073741824. A larger one is not parsed: the connection is dropped with a
   * `StreamMessageTooLargeError` event and opened again like after any other drop. The `ws`
   * package's WebSocket gets it as `maxPayload` and refuses the frame by its header; with the
   * runtime's WebSocket the message is measured before it is read. @default 4194304 (4 MiB:
   * more than a hundred times the exchange's full-depth book snapshot)
   */
  maxMessageBytes?: number | undefined
  /** Waits for the exchange's limits before connecting and sending. @default none */
  gate?: StreamGate | undefined
  /** Every push, in the order received (held while `onReady`/`onResume` runs, until it calls `live()`). */
  onPush: (push: StreamPush) => void
  /**
   * How many records of held pushes (those that came while connecting and while `onReady` ran)
   * are given to `onPush` before the consumers get a turn of the event loop, read before each
   * part: a reader that reads as fast as it can takes each part before the next, where all at
   * once overflowed a reader with less room. Pushes that come meanwhile wait behind them.
   * @default 5000 (half a reader's default `highWaterMark`)
   */
  deliveryPart?: (() => number) | undefined
  /**
   * After every connection is logged in and subscribed (the first one too): prepare and
   * reconcile what was missed while the pushes that arrive meanwhile wait (until the hook calls
   * `live()`); `ready()` resolves and the held pushes follow once it has. `signal` is aborted when this connection drops or
   * the stream closes (abandoned work must not emit). A rejection drops the connection and
   * tries again with backoff.
   */
  onReady?: ((context: StreamReadyContext) => Promise<void>) | undefined
  /** Like `onReady`, after a reconnect only. A rejection drops the connection and tries again. */
  onResume?: ((context: StreamReadyContext) => Promise<void>) | undefined
  /** A subscription the exchange refused. */
  onSubscribeError?: ((error: StreamSubscribeError) => void) | undefined
  /** The stream failed for good (`StreamLoginError`): no more reconnects. */
  onFail?: ((error: unknown) => void) | undefined
  /** Every {@link StreamEvent}. */
  onEvent?: ((event: StreamEvent) => void) | undefined
}
