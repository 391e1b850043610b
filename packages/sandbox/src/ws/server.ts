/**
 * The sandbox's WebSocket endpoints (`/v3/ws/private`, `/v3/ws/public`, `/v2/ws/public`) on the HTTP server's
 * `upgrade` event: login, subscriptions, the text heartbeat, the message and subscription
 * limits, the idle close, and the faults (drop, stalled pongs, refused upgrades).
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import { settle } from '../exchange/settle.js'
import { openPositions } from '../records/account.js'
import type { SandboxState } from '../state.js'
import { refuseUpgrade } from './ipGate.js'
import { login, type WsError, wsErrors } from './login.js'
import { createMarketFeed, type MarketAdmin, type MarketVersion } from './market.js'
import {
  closeTooMany,
  errorMessage,
  guardedMessage,
  idleCloser,
  type RequestId,
  sendWithin,
  serveMessage,
  servePings,
  windowAdmits,
} from './protocol.js'
import { deliver, pushText, type Subscriber, subscriptionKey } from './push.js'
import { wsAccountRecord, wsPositionRecord, wsTickerRecord } from './records.js'

/** The WebSocket fault injection and counts of a sandbox (`admin.ws`). */
export type WsAdmin = {
  /** Destroys every open WebSocket connection at once (no close frame); answers how many. */
  drop(): number
  /** While on, the text `ping` gets no `pong` (connections stay open, pushes still flow). */
  stallPongs(on: boolean): void
  /** While on, new upgrades are answered HTTP 503. */
  refuse(on: boolean): void
  /** The connections open now, per path, and how many private ones are logged in. */
  connections(): { private: number; public: number; loggedIn: number }
  /** The public market channels: step and read the synthetic order books, corrupt a checksum. */
  readonly market: MarketAdmin
}

/** Timers of the idle close (fake ones in tests). */
export type WsTimers = {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** The server side: {@link WsAdmin} plus what `startSandbox` wires to its HTTP server. */
export type WsHub = WsAdmin & {
  /** Serves an HTTP upgrade request. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Ends every connection (the sandbox is closing). */
  closeAll(): void
}

/** A connection closes after this long without a message from its client. */
export const idleMs = 120_000
/** Messages a connection may send per second (`ping` included), unless limits are off. */
export const messagesPerSecond = 10
/** Subscription args a connection may send per hour, unless limits are off. */
export const subscriptionsPerHour = 240
/** Channels one connection may hold, unless limits are off. */
export const channelsPerConnection = 1000

const paths: Readonly<Record<string, 'private' | 'public'>> = {
  '/v3/ws/private': 'private',
  '/v3/ws/public': 'public',
  '/v2/ws/public': 'public',
}
/** The public market channels' names and shapes follow the path's version. */
const versions: Readonly<Record<string, MarketVersion>> = { '/v2/ws/public': 'v2' }
const privateTopics = new Set([
  'account',
  'position',
  'order',
  'fill',
  'fast-fill',
  'strategy-order',
])
const publicTopics = new Set(['ticker', 'publicTrade'])

type Connection = Subscriber & {
  readonly socket: WebSocket
  /** Sandbox times of the messages of the last second and the subscription args of the last hour. */
  readonly messages: number[]
  readonly subscribes: number[]
  idle: unknown
  /** `v2` on `/v2/ws/public` (classic channel names), else `v3`. */
  readonly version: MarketVersion
}

/**
 * Creates the WebSocket side of a sandbox over its state. With `rateLimits: false` neither the
 * message nor the subscription limit applies. Windows are read on the sandbox clock, as the
 * REST limiter's are; the idle close runs on real (unref'd) timers.
 */
export function createWsHub(
  state: SandboxState,
  options: { rateLimits?: boolean | undefined; timers?: WsTimers | undefined } = {},
): WsHub {
  const limits = options.rateLimits ?? true
  const timers: WsTimers = options.timers ?? {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as never),
  }
  const connections = new Set<Connection>()
  let server: WebSocketServer | undefined
  let stalled = false
  let refusing = false
  // The market feed first: it moves the book to a new price, which the unified ticker's best
  // bid and ask are read from (pushed before it, they were the book of the price before).
  const market = createMarketFeed(state, () => connections)
  state.events.listen((events) => market.deliver(events))
  state.events.listen((events) => deliver(state, connections, events))

  const send = (connection: Connection, value: unknown) =>
    connection.send(typeof value === 'string' ? value : JSON.stringify(value))
  const error = (connection: Connection, failure: WsError, arg?: unknown, id?: RequestId) =>
    send(connection, errorMessage(failure, arg, id))

  const armIdle = idleCloser(timers, idleMs)

  /** Whether the message fits the last second's budget (then it is counted). */
  const admitted = (connection: Connection): boolean =>
    !limits || windowAdmits(connection.messages, state.clock.now(), 1000, messagesPerSecond)

  /** Whether a subscription fits the last hour's budget (then it is counted). */
  const subscriptionAdmitted = (connection: Connection): boolean =>
    !limits ||
    windowAdmits(connection.subscribes, state.clock.now(), 3_600_000, subscriptionsPerHour)

  /** Whether a new channel `key` would go past the connection's channels (a held one is no new). */
  const full = (connection: Connection, key: string): boolean =>
    limits &&
    !connection.subscriptions.has(key) &&
    connection.subscriptions.size >= channelsPerConnection

  const subscribe = (connection: Connection, arg: unknown, id?: RequestId) => {
    // Every arg counts against the budget, valid or not, as each is a request to the exchange.
    if (!subscriptionAdmitted(connection)) return error(connection, wsErrors.overLimit, arg, id)
    const channel =
      connection.kind === 'public' ? market.resolve(connection.version, arg) : undefined
    if (channel) {
      const fields = arg as Record<string, unknown>
      if (full(connection, channel.key)) return error(connection, wsErrors.overLimit, arg, id)
      connection.subscriptions.set(channel.key, fields)
      send(connection, { event: 'subscribe', arg })
      return market.subscribed(connection, channel, fields)
    }
    const topic = connection.version === 'v2' ? undefined : checkArg(state, connection.kind, arg)
    if (topic === undefined) return error(connection, wsErrors.channelNotExist, arg, id)
    const fields = arg as Record<string, unknown>
    if (connection.kind === 'private' && connection.uid === undefined)
      return error(connection, wsErrors.needLogin, arg, id)
    // A private topic covers every symbol (`symbol: 'default'` or none): keyed without it.
    const symbol =
      connection.kind === 'public' && typeof fields.symbol === 'string' ? fields.symbol : ''
    const key = subscriptionKey(String(fields.instType), topic, symbol)
    if (full(connection, key)) return error(connection, wsErrors.overLimit, arg, id)
    connection.subscriptions.set(key, fields)
    send(connection, { event: 'subscribe', arg })
    snapshot(connection, topic, fields, symbol)
  }

  const snapshot = (
    connection: Connection,
    topic: string,
    arg: Record<string, unknown>,
    symbol: string,
  ) => {
    const uid = connection.uid
    if (topic === 'position' && uid !== undefined) {
      const data = openPositions(state, uid).map((p) => wsPositionRecord(state, p))
      send(connection, pushText(state, 'snapshot', arg, data))
    } else if (topic === 'account' && uid !== undefined) {
      const record = wsAccountRecord(state, uid)
      connection.lastAccount = JSON.stringify(record)
      send(connection, pushText(state, 'snapshot', arg, [record]))
    } else if (topic === 'ticker') {
      const instrument = state.instruments.get(String(arg.instType), symbol)
      const price = state.prices.get(symbol)
      if (instrument && price !== undefined)
        send(
          connection,
          pushText(state, 'snapshot', arg, [wsTickerRecord(state, instrument, price)]),
        )
    }
  }

  const unsubscribe = (connection: Connection, arg: unknown, id?: RequestId) => {
    const channel =
      connection.kind === 'public' ? market.resolve(connection.version, arg) : undefined
    if (channel) {
      connection.subscriptions.delete(channel.key)
      return send(connection, { event: 'unsubscribe', arg })
    }
    const topic = connection.version === 'v2' ? undefined : checkArg(state, connection.kind, arg)
    if (topic === undefined) return error(connection, wsErrors.channelNotExist, arg, id)
    const fields = arg as Record<string, unknown>
    const symbol =
      connection.kind === 'public' && typeof fields.symbol === 'string' ? fields.symbol : ''
    connection.subscriptions.delete(subscriptionKey(String(fields.instType), topic, symbol))
    send(connection, { event: 'unsubscribe', arg })
  }

  const onMessage = (connection: Connection, text: string) => {
    // A connection being closed (past its budget, not reading) serves nothing more.
    if (connection.socket.readyState !== connection.socket.OPEN) return
    armIdle(connection)
    serveMessage(text, {
      admitted: () => admitted(connection),
      tooMany: () => closeTooMany(connection.socket, () => connections.delete(connection)),
      settle: () => settle(state),
      stalled: () => stalled,
      send: (value) => send(connection, value),
      login(args, id) {
        const result = login(state, args)
        if (!result.ok) return error(connection, result.error, undefined, id)
        connection.uid = result.uid
        connection.lastAccount = undefined
        send(connection, { event: 'login', code: 0, msg: '' })
      },
      subscribe: (arg, id) => subscribe(connection, arg, id),
      unsubscribe: (arg, id) => unsubscribe(connection, arg, id),
    })
  }

  const accept = (socket: WebSocket, kind: 'private' | 'public', version: MarketVersion) => {
    const connection: Connection = {
      kind,
      version,
      socket,
      uid: undefined,
      subscriptions: new Map(),
      lastAccount: undefined,
      messages: [],
      subscribes: [],
      idle: undefined,
      send(text) {
        sendWithin(socket, text, () => connections.delete(connection))
      },
    }
    connections.add(connection)
    armIdle(connection)
    socket.on('message', (data, isBinary) =>
      guardedMessage(() => {
        if (isBinary) return error(connection, wsErrors.illegalRequest)
        onMessage(connection, String(data))
      }, socket),
    )
    servePings(socket, {
      arm: () => armIdle(connection),
      admitted: () => admitted(connection),
      closing: () => connections.delete(connection),
    })
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      connections.delete(connection)
      if (connection.idle !== undefined) timers.clearTimeout(connection.idle)
    })
  }

  const forget = (connection: Connection) => {
    connections.delete(connection)
    if (connection.idle !== undefined) timers.clearTimeout(connection.idle)
    connection.socket.terminate()
  }

  return {
    handleUpgrade(request, socket, head) {
      const path = new URL(request.url ?? '/', 'http://sandbox').pathname
      const kind = paths[path]
      if (refusing) return refuseUpgrade(socket, 503, 'Service Unavailable')
      if (kind === undefined) return refuseUpgrade(socket, 404, 'Not Found')
      server ??= new WebSocketServer({
        noServer: true,
        maxPayload: 1 << 20,
        // Pings are answered in `accept`, counted and within the buffered bound (`servePings`).
        autoPong: false,
      })
      server.handleUpgrade(request, socket, head, (ws) => accept(ws, kind, versions[path] ?? 'v3'))
    },
    closeAll() {
      for (const connection of [...connections]) forget(connection)
      server?.close()
      server = undefined
    },
    drop() {
      const open = [...connections]
      for (const connection of open) forget(connection)
      return open.length
    },
    stallPongs(on) {
      stalled = Boolean(on)
    },
    refuse(on) {
      refusing = Boolean(on)
    },
    connections() {
      let privates = 0
      let publics = 0
      let loggedIn = 0
      for (const connection of connections) {
        if (connection.kind === 'public') publics++
        else privates++
        if (connection.uid !== undefined) loggedIn++
      }
      return { private: privates, public: publics, loggedIn }
    },
    market: {
      step: (symbol, count, category) => market.step(symbol, count, category),
      book: (symbol, category) => market.book(symbol, category),
      corruptChecksum: (symbol, count, category) => market.corruptChecksum(symbol, count, category),
    },
  }
}

/** The topic of a valid subscription arg of this path, else `undefined` (30001). */
function checkArg(
  state: SandboxState,
  kind: 'private' | 'public',
  arg: unknown,
): string | undefined {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined
  const { instType, topic, symbol } = arg as Record<string, unknown>
  if (typeof instType !== 'string' || typeof topic !== 'string') return undefined
  if (kind === 'private')
    return instType.toUpperCase() === 'UTA' && privateTopics.has(topic) ? topic : undefined
  if (!publicTopics.has(topic) || typeof symbol !== 'string') return undefined
  const instrument = state.instruments.get(instType, symbol)
  return instrument && instrument.category.toLowerCase() === instType.toLowerCase()
    ? topic
    : undefined
}
