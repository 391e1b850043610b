/**
 * The classic futures private WebSocket, `/v2/ws/private`, beside the v3 endpoints: the same
 * login (sign of `timestamp + "GET" + "/user/verify"`), text heartbeat, message and
 * subscription limits, idle close and faults, with the classic subscription args
 * (`{instType: 'USDT-FUTURES', channel: 'orders', instId: 'default'}`, `coin: 'default'` for
 * `account`) and channels: `orders`, `fill`, `positions` and `account` pushed from the state's
 * events, `orders-algo` pushed when a plan order is placed, changed, executed or cancelled,
 * `positions-history` acknowledged (a closed position shows in `positions`). Every push is `action: 'snapshot'`, as the
 * exchange sends them; `positions` always lists every open position of the product type, so a
 * closed one is reported by its absence (`data: []` when flat), and is sent on subscribe, as is
 * `account`.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import type { SandboxEvent } from '../events.js'
import { settle } from '../exchange/settle.js'
import { wsPlanRecord } from '../records/plans.js'
import type { SandboxState } from '../state.js'
import {
  classicChannels,
  classicProductTypes,
  openClassicPositions,
  wsClassicAccountRecords,
  wsClassicFillRecord,
  wsClassicOrderRecord,
  wsClassicPositionRecord,
} from './classicRecords.js'
import { refuseUpgrade } from './ipGate.js'
import { login, type WsError, wsErrors } from './login.js'
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
import {
  idleMs,
  messagesPerSecond,
  subscriptionsPerHour,
  type WsHub,
  type WsTimers,
} from './server.js'

/** The path of the classic futures private WebSocket. */
export const classicPrivatePath = '/v2/ws/private'

type Channel = (typeof classicChannels)[number]

type Connection = {
  readonly socket: WebSocket
  uid: string | undefined
  /**
   * Subscriptions by `productType|channel|scope` (the scope: `instId`, or `coin` for `account`),
   * each with its arg as sent: every arg is a channel of its own, as on the exchange.
   */
  readonly subscriptions: Map<string, Readonly<Record<string, unknown>>>
  /** The last `account` data sent per product type (as JSON), to push only what changed. */
  readonly lastAccount: Map<string, string>
  readonly messages: number[]
  readonly subscribes: number[]
  idle: unknown
}

const keyOf = (productType: string, channel: string, scope = 'default') =>
  `${productType.toUpperCase()}|${channel}|${scope}`

/** The args held on `connection` for a product type's channel, each scope once. */
function heldArgs(connection: Connection, productType: string, channel: string) {
  const prefix = keyOf(productType, channel, '')
  const args: Readonly<Record<string, unknown>>[] = []
  for (const [key, arg] of connection.subscriptions) if (key.startsWith(prefix)) args.push(arg)
  return args
}

/**
 * Adds `/v2/ws/private` to a sandbox's WebSocket hub: its upgrades are served here, the others
 * by `hub`; the faults (drop, stalled pongs, refused upgrades) and counts cover both.
 */
export function withClassicStream(
  hub: WsHub,
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
  state.events.listen((events) => deliver(events))

  const send = (connection: Connection, value: unknown) =>
    sendWithin(connection.socket, typeof value === 'string' ? value : JSON.stringify(value), () =>
      connections.delete(connection),
    )
  const error = (connection: Connection, failure: WsError, arg?: unknown, id?: RequestId) =>
    send(connection, errorMessage(failure, arg, id))
  const push = (connection: Connection, arg: Readonly<Record<string, unknown>>, data: unknown[]) =>
    send(connection, { action: 'snapshot', arg, data, ts: state.clock.now() })

  const armIdle = idleCloser(timers, idleMs)

  /** Whether the message fits the last second's budget (then it is counted). */
  const admitted = (connection: Connection): boolean =>
    !limits || windowAdmits(connection.messages, state.clock.now(), 1000, messagesPerSecond)

  /** The channel and product type of a valid arg, else `undefined` (30001). */
  const check = (
    arg: unknown,
  ): { channel: Channel; productType: string; scope: string } | undefined => {
    if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined
    const { instType, channel, instId, coin } = arg as Record<string, unknown>
    if (typeof instType !== 'string' || typeof channel !== 'string') return undefined
    const productType = instType.toUpperCase()
    if (!(classicProductTypes as readonly string[]).includes(productType)) return undefined
    if (!(classicChannels as readonly string[]).includes(channel)) return undefined
    // `account` names a coin, the others a symbol; "default" is every one.
    const scope = channel === 'account' ? coin : instId
    if (typeof scope !== 'string' || scope === '') return undefined
    if (channel === 'positions' || channel === 'positions-history' || channel === 'account')
      if (scope !== 'default') return undefined
    return { channel: channel as Channel, productType, scope }
  }

  const subscribe = (connection: Connection, arg: unknown, id?: RequestId) => {
    // Every arg counts against the budget, valid or not, as each is a request to the exchange.
    if (
      limits &&
      !windowAdmits(connection.subscribes, state.clock.now(), 3_600_000, subscriptionsPerHour)
    )
      return error(connection, wsErrors.overLimit, arg, id)
    const found = check(arg)
    if (found === undefined) return error(connection, wsErrors.channelNotExist, arg, id)
    if (connection.uid === undefined) return error(connection, wsErrors.needLogin, arg, id)
    const fields = arg as Record<string, unknown>
    connection.subscriptions.set(keyOf(found.productType, found.channel, found.scope), fields)
    send(connection, { event: 'subscribe', arg })
    const uid = connection.uid
    if (found.channel === 'positions') pushPositions(connection, uid, found.productType)
    if (found.channel === 'account') {
      connection.lastAccount.delete(found.productType)
      pushAccount(connection, uid, found.productType)
    }
  }

  const unsubscribe = (connection: Connection, arg: unknown, id?: RequestId) => {
    const found = check(arg)
    if (found === undefined) return error(connection, wsErrors.channelNotExist, arg, id)
    // The arg's own channel only: another scope's subscription of the channel stays.
    connection.subscriptions.delete(keyOf(found.productType, found.channel, found.scope))
    send(connection, { event: 'unsubscribe', arg })
  }

  const pushPositions = (connection: Connection, uid: string, productType: string) => {
    const arg = connection.subscriptions.get(keyOf(productType, 'positions'))
    if (!arg) return
    const data = openClassicPositions(state, uid, productType).map((p) =>
      wsClassicPositionRecord(state, p),
    )
    push(connection, arg, data)
  }

  const pushAccount = (connection: Connection, uid: string, productType: string) => {
    const arg = connection.subscriptions.get(keyOf(productType, 'account'))
    if (!arg) return
    const data = wsClassicAccountRecords(state, uid, productType)
    const text = JSON.stringify(data)
    if (connection.lastAccount.get(productType) === text) return
    connection.lastAccount.set(productType, text)
    push(connection, arg, data)
  }

  /** Whether a subscription arg's `instId` takes records of `symbol`. */
  const covers = (arg: Readonly<Record<string, unknown>>, symbol: string) =>
    arg.instId === 'default' || arg.instId === symbol

  /**
   * Pushes the record of a change of `what` (a fill, an order, a plan) to every held arg of
   * `channel` on its account's connections that covers its symbol; the record built once.
   */
  const pushCovered = (
    what: { readonly uid: string; readonly category: string; readonly symbol: string },
    channel: Channel,
    recordOf: () => unknown,
  ) => {
    let record: unknown
    for (const connection of connections) {
      if (connection.uid !== what.uid) continue
      for (const arg of heldArgs(connection, what.category, channel)) {
        if (!covers(arg, what.symbol)) continue
        record ??= recordOf()
        push(connection, arg, [record])
      }
    }
  }

  /**
   * Delivers the events of one change: fills, then orders, then one `positions` snapshot per
   * product type whose positions or orders changed, then the account of each.
   */
  const deliver = (events: readonly SandboxEvent[]) => {
    if (connections.size === 0) return
    const touched = new Map<string, Set<string>>()
    const touch = (uid: string, productType: string) => {
      const set = touched.get(uid) ?? new Set<string>()
      set.add(productType.toUpperCase())
      touched.set(uid, set)
    }
    for (const event of events) {
      if (event.type === 'fill' && event.fill.line === 'classic') {
        const { fill } = event
        touch(fill.uid, fill.category)
        pushCovered(fill, 'fill', () => wsClassicFillRecord(state, fill))
      } else if (event.type === 'order' && event.order.line === 'classic') {
        const { order } = event
        touch(order.uid, order.category)
        pushCovered(order, 'orders', () => wsClassicOrderRecord(state, order))
      } else if (event.type === 'plan') {
        const { plan } = event
        pushCovered(plan, 'orders-algo', () => wsPlanRecord(plan, state.fills))
      } else if (event.type === 'position' && event.position.line === 'classic') {
        touch(event.position.uid, event.position.category)
      } else if (event.type === 'balance') {
        for (const productType of classicProductTypes) touch(event.uid, productType)
      }
    }
    for (const [uid, productTypes] of touched)
      for (const connection of connections) {
        if (connection.uid !== uid) continue
        for (const productType of productTypes) {
          pushPositions(connection, uid, productType)
          pushAccount(connection, uid, productType)
        }
      }
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
        connection.lastAccount.clear()
        send(connection, { event: 'login', code: 0, msg: '' })
      },
      subscribe: (arg, id) => subscribe(connection, arg, id),
      unsubscribe: (arg, id) => unsubscribe(connection, arg, id),
    })
  }

  const accept = (socket: WebSocket) => {
    const connection: Connection = {
      socket,
      uid: undefined,
      subscriptions: new Map(),
      lastAccount: new Map(),
      messages: [],
      subscribes: [],
      idle: undefined,
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
    // Whatever else the hub offers (its market admin, ...) stays as it is.
    ...hub,
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const path = new URL(request.url ?? '/', 'http://sandbox').pathname
      if (path !== classicPrivatePath) return hub.handleUpgrade(request, socket, head)
      if (refusing) return refuseUpgrade(socket, 503, 'Service Unavailable')
      server ??= new WebSocketServer({
        noServer: true,
        maxPayload: 1 << 20,
        // Pings are answered in `accept`, counted and within the buffered bound (`servePings`).
        autoPong: false,
      })
      server.handleUpgrade(request, socket, head, (ws) => accept(ws))
    },
    closeAll() {
      for (const connection of [...connections]) forget(connection)
      server?.close()
      server = undefined
      hub.closeAll()
    },
    drop() {
      const open = [...connections]
      for (const connection of open) forget(connection)
      return open.length + hub.drop()
    },
    stallPongs(on) {
      stalled = Boolean(on)
      hub.stallPongs(on)
    },
    refuse(on) {
      refusing = Boolean(on)
      hub.refuse(on)
    },
    connections() {
      const counts = hub.connections()
      let loggedIn = 0
      for (const connection of connections) if (connection.uid !== undefined) loggedIn++
      return {
        ...counts,
        private: counts.private + connections.size,
        loggedIn: counts.loggedIn + loggedIn,
      }
    },
    market: hub.market,
  }
}
