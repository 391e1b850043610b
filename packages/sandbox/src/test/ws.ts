/**
 * Test helpers for the WebSocket endpoints: a `ws` client over real loopback that queues what
 * it receives, and the login message signed as the exchange documents it.
 */
import { createHmac } from 'node:crypto'
import WebSocket from 'ws'
import type { Credentials } from './helpers.js'

/** A connected client: messages are read in arrival order. */
export type WsClient = {
  readonly socket: WebSocket
  /** Sends a text frame (an object as JSON). */
  send(message: unknown): void
  /** The next message: JSON parsed, `pong` as the text. */
  next(): Promise<any>
  /** The next `count` messages. */
  take(count: number): Promise<any[]>
  /** Messages received and not read yet. */
  readonly pending: readonly unknown[]
  /** Resolves with the close code when the connection ends. */
  readonly closed: Promise<number>
  close(): void
}

/** Opens a connection to `url` (rejects on an HTTP answer instead of an upgrade, with its status). */
export function connect(url: string): Promise<WsClient> {
  const socket = new WebSocket(url)
  const queue: unknown[] = []
  const waiting: ((value: unknown) => void)[] = []
  socket.on('message', (data) => {
    const text = String(data)
    const value = text === 'pong' ? text : JSON.parse(text)
    const waiter = waiting.shift()
    if (waiter) waiter(value)
    else queue.push(value)
  })
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  const next = (): Promise<any> =>
    queue.length > 0
      ? Promise.resolve(queue.shift())
      : new Promise((resolveNext) => waiting.push(resolveNext))
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`HTTP ${response.statusCode}`))
      socket.terminate()
    })
    socket.once('error', reject)
    socket.once('open', () =>
      resolve({
        socket,
        send: (message) =>
          socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
        next,
        async take(count) {
          const out = []
          for (let i = 0; i < count; i++) out.push(await next())
          return out
        },
        pending: queue,
        closed,
        close: () => socket.close(),
      }),
    )
  })
}

/** The login message of a key at `timestamp` (the text signed is the timestamp as sent). */
export function loginMessage(credentials: Credentials, timestamp: number | string) {
  const sign = createHmac('sha256', credentials.secret)
    .update(`${timestamp}GET/user/verify`)
    .digest('base64')
  return {
    op: 'login',
    args: [{ apiKey: credentials.apiKey, passphrase: credentials.passphrase, timestamp, sign }],
  }
}

/** A private topic's subscription arg. */
export const uta = (topic: string) => ({ instType: 'UTA', topic })
