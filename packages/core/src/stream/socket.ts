/**
 * The WebSocket a stream connects with: the one given; in Node the `ws` package's where it is
 * installed (this package's optional dependency), else Node's own (version 22+), else undici's;
 * elsewhere the runtime's own (`globalThis.WebSocket` in browsers, Deno and Bun).
 */
import { redacted } from '../internal/secrets.js'
import { isNode } from '../internal/send.js'
import { closeReasonChars, type StreamClose, type StreamTimers } from './types.js'

/** What a stream uses of a WebSocket: the WHATWG `WebSocket` interface's handler properties. */
export type WebSocketLike = {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code?: number; reason?: string }) => void) | null
  onerror: ((event: unknown) => void) | null
}

/** A WebSocket class: `new WebSocket(url)`. */
export type WebSocketConstructor = new (url: string) => WebSocketLike

// Specifiers bundlers do not follow: browser bundles never see `ws` or undici, and Node loads
// them from this package's own dependencies at run time.
const wsSpecifier = ['w', 's'].join('')
const undiciSpecifier = ['un', 'dici'].join('')
let nodeWebSocket: Promise<WebSocketConstructor | undefined> | undefined

/** The `WebSocket` export of a package, or `undefined` where it is not installed. */
const webSocketOf = (specifier: string): Promise<WebSocketConstructor | undefined> =>
  (
    import(/* @vite-ignore */ specifier) as Promise<{
      WebSocket?: WebSocketConstructor
      default?: WebSocketConstructor
    }>
  ).then(
    (module) => module.WebSocket ?? module.default,
    () => undefined,
  )

/**
 * The WebSocket class to use: `given`; in Node, `ws`'s, else `globalThis.WebSocket` (Node 22+),
 * else undici's; elsewhere `globalThis.WebSocket`. Why `ws` first in Node: a private stream took
 * order pushes at 0.82x a raw `ws` client's rate on it and 0.73x on undici's (packages/bench,
 * one run), and `ws` refuses a frame over `maxMessageBytes` by its header, before buffering it.
 * Rejects with a clear message where none exists.
 */
export async function loadWebSocket(
  given?: WebSocketConstructor | undefined,
): Promise<WebSocketConstructor> {
  if (given !== undefined) return given
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket
  if (!isNode() && typeof global === 'function') return global
  nodeWebSocket ??= isNode()
    ? webSocketOf(wsSpecifier).then(
        (ws) => ws ?? (typeof global === 'function' ? global : webSocketOf(undiciSpecifier)),
      )
    : Promise.resolve(undefined)
  const found = await nodeWebSocket
  if (found === undefined)
    throw new Error(
      'No WebSocket in this runtime: install ws (npm i ws) or undici, or pass the `WebSocket` option.',
    )
  return found
}

/**
 * Opens a socket. The `ws` package's WebSocket takes `maxPayload` as its third argument and
 * refuses a larger frame by its header, before buffering it; the WHATWG WebSockets (browsers,
 * undici) ignore a third argument, and their messages are measured by {@link oversize}.
 */
export function openSocket(
  WebSocket: WebSocketConstructor,
  url: string,
  maxBytes: number,
): WebSocketLike {
  const Open = WebSocket as unknown as new (
    url: string,
    protocols: undefined,
    options: { maxPayload: number },
  ) => WebSocketLike
  return new Open(url, undefined, { maxPayload: maxBytes })
}

/**
 * Hands each text the socket receives to `onText`; a message over `maxBytes` is not read but
 * reported to `onTooLarge` with its size (`undefined` when the `ws` package refused it by its
 * header).
 */
export function readMessages(
  socket: WebSocketLike,
  maxBytes: number,
  onText: (text: string) => void,
  onTooLarge: (size: number | undefined) => void,
): void {
  socket.onmessage = (message) => {
    const size = oversize(message.data, maxBytes)
    if (size !== undefined) return onTooLarge(size)
    const text = messageText(message.data)
    if (text !== undefined) onText(text)
  }
  socket.onerror = (event) => {
    if (payloadRefused(event)) onTooLarge(undefined)
  }
}

/** Whether an `error` event is the `ws` package refusing a frame over its `maxPayload`. */
export function payloadRefused(event: unknown): boolean {
  const error = (event as { error?: { code?: unknown } } | null)?.error
  return error?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'
}

/**
 * The size in bytes of a message's data when it is over `maxBytes` (a text counted in UTF-8,
 * without encoding it), else `undefined`.
 */
export function oversize(data: unknown, maxBytes: number): number | undefined {
  let bytes: number
  if (typeof data === 'string') {
    // A UTF-16 unit is at most 3 bytes of UTF-8: most texts need no count.
    if (data.length * 3 <= maxBytes) return undefined
    bytes = utf8Length(data)
  } else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) bytes = data.byteLength
  else return undefined
  return bytes > maxBytes ? bytes : undefined
}

/** The UTF-8 length of a text (a lone surrogate counts as the 3 bytes of U+FFFD). */
function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    else if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

/** The text of a message event: strings as they are, bytes decoded as UTF-8. */
export function messageText(data: unknown): string | undefined {
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data)
  if (ArrayBuffer.isView(data))
    return new TextDecoder().decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))
  return undefined
}

/** The timers of one connection: `later` arms one, `cancel` one, `clear` every one still armed. */
export function timerSet(timers: StreamTimers): {
  later(ms: number, callback: () => void): unknown
  cancel(handle: unknown): void
  clear(): void
} {
  const armed = new Set<unknown>()
  return {
    later(ms, callback) {
      const handle = timers.setTimeout(() => {
        armed.delete(handle)
        callback()
      }, ms)
      armed.add(handle)
      return handle
    },
    cancel(handle) {
      if (handle === undefined) return
      timers.clearTimeout(handle)
      armed.delete(handle)
    },
    clear() {
      for (const handle of armed) timers.clearTimeout(handle)
      armed.clear()
    },
  }
}

/**
 * The close a socket reports, for the user: its code (an integer of the protocol's 0 to 4999,
 * else no close is told) and its reason redacted first (a server may quote the login or the
 * secret back, and cutting first could leave part of one), control characters replaced, then
 * cut to {@link closeReasonChars} characters (a WebSocket other than `ws` may pass a longer one).
 * `redact` knows the current login only: a signature of an earlier connection's login, quoted
 * back, is caught as a run of 32 or more characters without a space (every spelling of a
 * signature is longer; a close reason is words), replaced whole.
 */
export function closeOf(
  event: { code?: unknown; reason?: unknown } | null | undefined,
  redact: (text: string) => string,
): StreamClose | undefined {
  const code = event?.code
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || code > 4999)
    return undefined
  const text = typeof event?.reason === 'string' ? event.reason : ''
  const reason = redact(text)
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\S{32,}/g, redacted)
  return { code, reason: [...reason].slice(0, closeReasonChars).join('') }
}

/** An error handler that ignores the event: a left socket's errors are nobody's. */
export const ignore = (): void => {}

/** Stops listening to a socket and closes it, without waiting for its close. */
export function leaveSocket(socket: WebSocketLike): void {
  socket.onopen = socket.onmessage = socket.onclose = null
  // Not null: the ws package throws an `error` event nobody listens to (one closed before its
  // handshake ended, a frame over maxPayload before the server's close) as an uncaught exception.
  socket.onerror = ignore
  try {
    socket.close()
  } catch {}
}

/** Closes a socket (code 1000) and waits for its close, at most a second. */
export function closeSocket(socket: WebSocketLike, timers: StreamTimers): Promise<void> {
  socket.onopen = socket.onmessage = null
  // Not null: the ws package throws an `error` event nobody listens to as an uncaught exception.
  socket.onerror = ignore
  return new Promise<void>((resolve) => {
    if (socket.readyState === 3) return resolve()
    const timer = timers.setTimeout(resolve, 1000)
    socket.onclose = () => {
      timers.clearTimeout(timer)
      resolve()
    }
    try {
      socket.close(1000)
    } catch {
      resolve()
    }
  })
}
