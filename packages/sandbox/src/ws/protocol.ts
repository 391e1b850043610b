/**
 * The WebSocket protocol every sandbox path shares: the budget windows, the idle close, and the
 * reading of one client message (the text heartbeat, JSON, `op` `login` / `subscribe` /
 * `unsubscribe` with `args`), with the exchange's error for each malformed one. Each path (the
 * v3 paths in `server.ts`, the classic private path in `classic.ts`) says what a login, a
 * subscription and an unsubscription do.
 */

import { jsonBounds, nestingWithin } from '../json.js'
import { type WsError, wsErrors } from './login.js'
import type { WsTimers } from './server.js'

/**
 * The error message of the exchange: `{"event":"error","code","msg"}`, with the arg it concerns
 * and the `id` of the request it answers (a request-and-answer client, such as bitget-api's
 * WebSocket API client, waits for the answer bearing its request's `id`: without it, for ever).
 */
export function errorMessage(
  failure: WsError,
  arg?: unknown,
  id?: RequestId,
): Record<string, unknown> {
  return {
    event: 'error',
    ...(id !== undefined && { id }),
    code: failure.code,
    msg: failure.msg,
    ...(arg !== undefined && { arg }),
  }
}

/** The `id` of a request as sent (the exchange's order-entry requests carry one, a string). */
export type RequestId = string | number

/**
 * The most characters of a request's `id` the sandbox echoes: 64, twice a UUID (the documented
 * ids are 13-digit times and UUIDs). An `id` is echoed in every error answering its message, up to
 * {@link wsArgsPerMessage} of them; a longer one, or one neither a string nor a finite number, is
 * answered with one `30002` (without it) and nothing of the message is served.
 */
export const wsRequestIdLength = 64

/**
 * Whether one more event fits a sliding window of `limit` events in `windowMs` (then it is
 * counted): `times` holds the window's event times, oldest first.
 */
export function windowAdmits(
  times: number[],
  now: number,
  windowMs: number,
  limit: number,
): boolean {
  while (times.length > 0 && (times[0] as number) <= now - windowMs) times.shift()
  if (times.length >= limit) return false
  times.push(now)
  return true
}

/** Re-arms a connection's idle close: `ms` after its last message it is closed (unref'd timer). */
export function idleCloser(timers: WsTimers, ms: number) {
  return (connection: {
    idle: unknown
    readonly socket: { close(code: number, reason: string): void }
  }) => {
    if (connection.idle !== undefined) timers.clearTimeout(connection.idle)
    const handle = timers.setTimeout(() => connection.socket.close(1000, 'idle'), ms)
    ;(handle as { unref?: () => void } | undefined)?.unref?.()
    connection.idle = handle
  }
}

/**
 * The most args one `subscribe` or `unsubscribe` message may carry: an hour's subscription
 * budget (240). A message with more is answered with one `30007` and nothing of it is served,
 * so no message makes the sandbox write more than this many answers.
 *
 * @example
 * import { wsArgsPerMessage } from '@tradeline/sandbox'
 * wsArgsPerMessage // 240
 */
export const wsArgsPerMessage = 240

/**
 * The most characters of one `subscribe` or `unsubscribe` arg as JSON: 512, six times the longest arg
 * of the exchange (a kline arg is about 80). A connection keeps each subscribed arg and echoes it
 * in every push, as sent; a longer arg (a 900 KB junk field kept 75 times by 8 connections grew
 * the heap to 571 MB) is served as an arg naming no channel: `30001`, without the arg echoed.
 *
 * @example
 * import { wsArgLength } from '@tradeline/sandbox'
 * wsArgLength // 512
 */
export const wsArgLength = 512

/**
 * The most bytes a connection may have waiting to be sent (4 MiB, about a thousand full order
 * book snapshots): past it the peer is not reading, and it is closed with 1008 (policy
 * violation) instead of being written to without end.
 *
 * @example
 * import { wsBufferedBytes } from '@tradeline/sandbox'
 * wsBufferedBytes // 4194304
 */
export const wsBufferedBytes = 4 * 1024 * 1024

/** The side of a `ws` socket that {@link sendWithin} uses. */
export type Peer = {
  readonly readyState: number
  readonly bufferedAmount: number
  send(text: string): void
  close(code: number, reason: string): void
}

/**
 * Sends `text` to an open peer; a peer with more than {@link wsBufferedBytes} waiting is closed
 * with 1008 instead (`closing` runs first, so the path stops delivering to it).
 */
export function sendWithin(peer: Peer, text: string, closing: () => void): void {
  if (peer.readyState === 1 /* OPEN */) writeWithin(peer, closing, () => peer.send(text))
}

/** Runs `write` unless the peer has more than {@link wsBufferedBytes} waiting: then closes it with 1008. */
function writeWithin(peer: Peer, closing: () => void, write: () => void): void {
  if (peer.bufferedAmount > wsBufferedBytes) {
    closing()
    peer.close(1008, 'the client does not read its messages')
    return
  }
  write()
}

/** The reason of the close that ends a connection past its message budget (code 1008). */
export const tooManyReason = 'request too many'

/**
 * Ends a connection that sent more than its budget of messages: the exchange's `30006` answer,
 * then a close with 1008 (policy violation). The exchange's WebSocket intro
 * (https://www.bitget.com/api-doc/common/websocket-intro): "If the user sends more messages than
 * the limit, the connection will be disconnected". `closing` runs first, so the path stops
 * delivering to it.
 */
export function closeTooMany(peer: Peer, closing: () => void): void {
  sendWithin(peer, JSON.stringify(errorMessage(wsErrors.tooMany)), closing)
  if (peer.readyState !== 1 /* OPEN */) return
  closing()
  peer.close(1008, tooManyReason)
}

/**
 * Answers a protocol ping frame (opcode 0x9). The servers are created with `autoPong: false`, so
 * each ping is counted against the connection's message budget as the exchange counts it ("PING
 * frame (Not tcp ping)", websocket intro) and its pong is written within
 * {@link wsBufferedBytes}, as every other frame: `ws`'s automatic pong was neither, so a client
 * that pinged and never read grew the sandbox without bound (300 MB of pings: 1.18 GB).
 */
function servePing(
  peer: Peer & { pong(data: Buffer): void },
  data: Buffer,
  on: { admitted(): boolean; closing(): void },
): void {
  if (peer.readyState !== 1 /* OPEN */) return
  if (!on.admitted()) closeTooMany(peer, on.closing)
  else writeWithin(peer, on.closing, () => peer.pong(data))
}

/**
 * Serves the protocol ping frames of one connection ({@link servePing}), each also a sign of life
 * (`arm`: the idle timer), as both paths' servers do.
 */
export function servePings(
  socket: Peer & {
    pong(data: Buffer): void
    on(event: 'ping', listener: (data: Buffer) => void): unknown
  },
  on: { arm(): void; admitted(): boolean; closing(): void },
): void {
  socket.on('ping', (data) =>
    guardedMessage(() => {
      on.arm()
      servePing(socket, data, on)
    }, socket),
  )
}

/** What a path does with the messages of one connection. */
export type MessageHandlers = {
  /** Whether the message fits the connection's budget. */
  admitted(): boolean
  /** Ends the connection that went past its budget ({@link closeTooMany}). */
  tooMany(): void
  /** Time-driven changes of the sandbox, before any request is served. */
  settle(): void
  /** Whether pongs are stalled (a fault). */
  stalled(): boolean
  send(value: unknown): void
  /** Each of these gets the request's `id` (as sent), for the errors it answers to echo. */
  login(args: unknown, id: RequestId | undefined): void
  subscribe(arg: unknown, id: RequestId | undefined): void
  unsubscribe(arg: unknown, id: RequestId | undefined): void
}

/**
 * The message for `op` `trade`: the exchange's WebSocket order entry (place, cancel, modify and
 * their batches, a permission-gated feature of the unified account) is not served by the sandbox,
 * which answers it as the exchange answers an op it does not serve (`30003`), naming the REST
 * endpoints instead, with the request's `id` so the client waiting for it is answered.
 */
const tradeNotServed = `${wsErrors.invalidOp.msg}: order entry over WebSocket (op trade) is not served by the sandbox; place, modify and cancel orders over REST`

/**
 * The `id` of a parsed message: `undefined` when it has none, `null` when it has one that is
 * not echoed ({@link wsRequestIdLength}).
 */
function requestIdOf(message: Record<string, unknown>): RequestId | undefined | null {
  if (!('id' in message) || message.id === undefined) return undefined
  const { id } = message
  if (typeof id === 'string' && id.length <= wsRequestIdLength) return id
  if (typeof id === 'number' && Number.isFinite(id)) return id
  return null
}

/** Serves one text message of a client. */
export function serveMessage(text: string, on: MessageHandlers) {
  if (!on.admitted()) return on.tooMany()
  // A message is a request: time-driven changes (countdown, due modifications) happen first.
  on.settle()
  if (text === 'ping') {
    if (!on.stalled()) on.send('pong')
    return
  }
  // A message nested deeper than any request of the exchange (a 5,000-level arg overflowed the
  // stack echoing it back) is refused unread, as the REST bodies are.
  if (!nestingWithin(text, jsonBounds.depth))
    return on.send({
      ...errorMessage(wsErrors.illegalRequest),
      msg: `${wsErrors.illegalRequest.msg}: at most ${jsonBounds.depth} levels of nesting`,
    })
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return on.send(errorMessage(wsErrors.illegalRequest))
  }
  const fields = (
    typeof message === 'object' && message !== null && !Array.isArray(message) ? message : {}
  ) as Record<string, unknown>
  const id = requestIdOf(fields)
  if (id === null)
    return on.send({
      ...errorMessage(wsErrors.illegalRequest),
      msg: `${wsErrors.illegalRequest.msg}: id must be a string of at most ${wsRequestIdLength} characters`,
    })
  const { op, args } = fields
  if (typeof op !== 'string') return on.send(errorMessage(wsErrors.illegalRequest, undefined, id))
  if (op === 'login') return on.login(args, id)
  if (op === 'trade')
    return on.send({ ...errorMessage(wsErrors.invalidOp, undefined, id), msg: tradeNotServed })
  if (op !== 'subscribe' && op !== 'unsubscribe')
    return on.send(errorMessage(wsErrors.invalidOp, undefined, id))
  if (!Array.isArray(args) || args.length === 0)
    return on.send(errorMessage(wsErrors.illegalRequest, undefined, id))
  if (args.length > wsArgsPerMessage)
    return on.send({
      ...errorMessage(wsErrors.overLimit, undefined, id),
      msg: `${wsErrors.overLimit.msg}: at most ${wsArgsPerMessage} args per message`,
    })
  for (const sent of args) {
    // Within the nesting bound, so the measure recurses at most 32 levels.
    const arg = JSON.stringify(sent).length > wsArgLength ? undefined : sent
    if (op === 'subscribe') on.subscribe(arg, id)
    else on.unsubscribe(arg, id)
  }
}

/** The answer to a message the sandbox failed to serve: fixed text, nothing of the message. */
const failedText = JSON.stringify(errorMessage(wsErrors.illegalRequest))

/**
 * `serve` guarded: a message whose serving throws (a sandbox bug) is answered with one `30002`
 * and reported on stderr (its stack only, never the message, which may carry a signature),
 * instead of ending the process; the connection stays open, as for any bad message.
 */
export function guardedMessage(serve: () => void, peer: Peer): void {
  try {
    serve()
  } catch (error) {
    const stack = error instanceof Error ? (error.stack ?? error.name) : 'non-error thrown'
    process.stderr.write(`sandbox: a WebSocket message failed: ${stack.split('\n')[0]}\n`)
    try {
      sendWithin(peer, failedText, () => {})
    } catch {}
  }
}
