/**
 * The unified account's private stream: orders, fills, positions and the account as async
 * iterables (and listeners) over one WebSocket connection, with the REST reconciliation after
 * a reconnect that makes every order and fill event arrive exactly once, in order.
 */
import {
  createEventQueue,
  createHmacSigner,
  createStreamConnection,
  type EventQueue,
  type Signer,
  type StreamConnection,
  type StreamEvent,
  type StreamGate,
  type StreamState,
} from '@tradeline/core'
import { createLimiter } from '@tradeline/rate-limit'
import { Issue, type Issues, Options, streamLimits, ValidationError } from '@tradeline/rules'
import { getOpenOrders } from '../actions/getOpenOrders.js'
import type { ClientBase } from '../internal/call.js'
import { allPages, Ledger } from './ledger.js'
import { readPush, type Topic, type Topics } from './records.js'

/** How an event reached the stream: a push (`snapshot`/`update`) or the REST reconciliation after a gap (`replay`). */
export type StreamEventMeta = {
  readonly topic: Topic
  readonly action: 'snapshot' | 'update' | 'replay'
  /** The push's server time, or the record's update time for a replay (Unix ms). */
  readonly ts: number | undefined
}

/** Options of one iterator. */
export type StreamReadOptions = {
  /** Ends the iterator. */
  signal?: AbortSignal | undefined
  /** Events a slow reader may fall behind before its iterator ends with a `StreamOverflowError`, a whole number from 1. @default 10000 */
  highWaterMark?: number | undefined
}

/** The unified account's private stream. */
export type UnifiedStream = {
  /** Order updates (REST `OrderRecord` shape); after a gap, the missed updates first. */
  orders(options?: StreamReadOptions): AsyncIterableIterator<Topics['order']>
  /** Fills (REST `FillRecord` shape); after a gap, the missed fills first. */
  fills(options?: StreamReadOptions): AsyncIterableIterator<Topics['fill']>
  /** Positions (REST `PositionRecord` shape): a snapshot on (re)subscribe, then changes. */
  positions(options?: StreamReadOptions): AsyncIterableIterator<Topics['position']>
  /** The account's equity and coins (REST `AccountAssets` shape): a snapshot, then changes. */
  account(options?: StreamReadOptions): AsyncIterableIterator<Topics['account']>
  /** Calls `listener` for every event of `topic`; returns the function that stops it. */
  on<T extends Topic>(
    topic: T,
    listener: (record: Topics[T], meta: StreamEventMeta) => void,
  ): () => void
  /** Calls `listener` on connection events (open, ready, down with the reason, errors). */
  on(topic: 'connection', listener: (event: StreamEvent) => void): () => void
  /** Resolves once connected, logged in and every current subscription acknowledged. */
  ready(): Promise<void>
  /** What the connection is doing. */
  readonly state: StreamState
  /** Drops the connection now as a network failure would (it reconnects and reconciles). */
  reconnect(): void
  /** Closes the connection; every iterator ends. */
  close(): Promise<void>
}

export declare namespace createUnifiedStream {
  /** The connection's own options, documented on `createStreamConnection` of `@tradeline/core`. */
  type ConnectionOptions = Pick<
    createStreamConnection.Parameters,
    | 'WebSocket'
    | 'timers'
    | 'random'
    | 'pingIntervalMs'
    | 'pongTimeoutMs'
    | 'answerTimeoutMs'
    | 'backoff'
    | 'maxAgeMs'
  >
  type Parameters = ConnectionOptions & {
    /** The API key's credentials (an HMAC secret), or `apiKey`, `passphrase` and a `signer`. */
    credentials?:
      | {
          apiKey: string
          secret?: string | undefined
          passphrase: string
          privateKey?: string | undefined
        }
      | undefined
    /** Signs the login instead of the secret (e.g. a custom HMAC signer). @default from `credentials.secret` */
    signer?: Signer | undefined
    /** The private endpoint. @default derived from the client's base URL: `wss://ws.bitget.com/v3/ws/private` for the exchange, `wss://wspap.bitget.com/…` with `demoTrading`, the same host otherwise */
    url?: string | undefined
    /** Demo trading: the demo endpoint. @default false */
    demoTrading?: boolean | undefined
    /** The exchange's connection, message and subscription limits, or `false` for none. @default the rules' stream rows on an in-memory limiter */
    limits?: false | undefined
  }
  type ReturnType = UnifiedStream
}

const topicOf = {
  orders: 'order',
  fills: 'fill',
  positions: 'position',
  account: 'account',
} as const
const streamRules = streamLimits
/**
 * Added to each stream window: a message is counted from the moment it is sent (it has no
 * answer to settle on), and one sent a window after another can reach the exchange closer than
 * that when the first was delayed; 100 ms covers loopback and ordinary jitter.
 */
export const streamMarginMs = 100

/**
 * Opens (on first use) the private stream of the unified account a client trades.
 *
 * @example
 * import { createUnifiedClient, createUnifiedStream } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const stream = createUnifiedStream(client, { credentials })
 * for await (const order of stream.orders()) console.log(order.orderId, order.orderStatus)
 */
export function createUnifiedStream(
  client: ClientBase,
  parameters: createUnifiedStream.Parameters = {},
): UnifiedStream {
  // The connection's numeric options (ping, pong, answer, backoff, age) before anything opens.
  Options.assert('createUnifiedStream', Options.streamConnection, parameters)
  const credentials = parameters.credentials
  if (credentials === undefined || typeof credentials.apiKey !== 'string')
    throw invalid('credentials', 'an API key, secret and passphrase', credentials)
  if (parameters.signer === undefined && typeof credentials.secret !== 'string')
    throw invalid(
      'credentials.secret',
      'an HMAC secret (the stream login is signed with HMAC-SHA256; an RSA key cannot log in)',
      credentials.secret,
    )
  const signer = parameters.signer ?? createHmacSigner(credentials.secret as string)
  const { apiKey, passphrase } = credentials
  const transport = client.transport
  const url = parameters.url ?? streamUrl(transport.baseUrl, parameters.demoTrading === true)
  const limiter =
    parameters.limits === false ? undefined : createLimiter({ marginMs: streamMarginMs })
  const gate: StreamGate | undefined = limiter
    ? async (kind, count) => {
        const release = await limiter.acquire(streamRules[kind], { weight: count })
        release()
      }
    : undefined

  const ledger = new Ledger()
  const consumers: { [T in Topic]: Set<(record: Topics[T], meta: StreamEventMeta) => void> } = {
    order: new Set(),
    fill: new Set(),
    position: new Set(),
    account: new Set(),
  }
  const failers = new Set<(error: unknown) => void>()
  const connectionListeners = new Set<(event: StreamEvent) => void>()
  let seeded: Promise<void> | undefined
  let failed: unknown

  // The positions and account as last pushed, for a consumer that joins a running subscription.
  const positions = new Map<string, Topics['position']>()
  let account: Topics['account'] | undefined
  const positionKey = (p: Topics['position']) =>
    `${p.category}|${p.symbol}|${p.posSide}|${p.marginCoin}|${p.marginMode}`

  const emit = <T extends Topic>(topic: T, record: Topics[T], meta: StreamEventMeta) => {
    if (topic === 'order' && !ledger.acceptOrder(record as Topics['order'])) return
    if (topic === 'fill' && !ledger.acceptFill(record as Topics['fill'])) return
    if (topic === 'position') {
      const p = record as Topics['position']
      if (p.positionStatus === 'ended') positions.delete(positionKey(p))
      else positions.set(positionKey(p), p)
    }
    if (topic === 'account') account = record as Topics['account']
    for (const consumer of consumers[topic]) consumer(record, meta)
  }

  const connection: StreamConnection = createStreamConnection({
    url,
    WebSocket: parameters.WebSocket,
    timers: parameters.timers,
    random: parameters.random,
    pingIntervalMs: parameters.pingIntervalMs,
    pongTimeoutMs: parameters.pongTimeoutMs,
    answerTimeoutMs: parameters.answerTimeoutMs,
    backoff: parameters.backoff,
    maxAgeMs: parameters.maxAgeMs,
    gate,
    async login(expired) {
      // The server's time stamps the login and dates the start of each subscription.
      if (expired || !transport.clock.synced) await transport.clock.sync()
      const timestamp = String(Math.floor(transport.clock.now() / 1000))
      const sign = await signer.sign(`${timestamp}GET/user/verify`)
      return { apiKey, passphrase, timestamp, sign }
    },
    onPush(push) {
      const topic = push.arg.topic
      if (typeof topic !== 'string' || !(topic in consumers)) return
      const t = topic as Topic
      const action = push.action === 'snapshot' ? 'snapshot' : 'update'
      // A snapshot lists every open position: those not in it are gone.
      if (t === 'position' && action === 'snapshot') positions.clear()
      for (const raw of push.data) {
        let record: Topics[typeof t]
        try {
          record = readPush(t, raw)
        } catch (error) {
          for (const listener of connectionListeners) listener({ type: 'error', error })
          continue
        }
        emit(t, record, { topic: t, action, ts: push.ts })
      }
    },
    async onResume() {
      const missed = await ledger.missed(client, {
        orders: consumers.order.size > 0,
        fills: consumers.fill.size > 0,
      })
      for (const event of missed)
        emit(event.topic, event.record, {
          topic: event.topic,
          action: 'replay',
          ts: Number(event.record.updatedTime ?? event.record.createdTime) || undefined,
        })
    },
    onSubscribeError(error) {
      const topic = error.arg.topic as Topic
      for (const fail of failers) fail(Object.assign(error, { topic }))
    },
    onFail(error) {
      failed = error
      for (const fail of failers) fail(error)
    },
    onEvent(event) {
      for (const listener of connectionListeners) listener(event)
    },
  })

  const argOf = (topic: Topic) => ({ instType: 'UTA', topic })

  /** Registers a consumer of `topic`; subscribes with the first, unsubscribes after the last. */
  const attach = <T extends Topic>(
    topic: T,
    consumer: (record: Topics[T], meta: StreamEventMeta) => void,
    onError: (error: unknown) => void,
  ): (() => void) => {
    const set = consumers[topic] as Set<typeof consumer>
    set.add(consumer)
    const failer = (error: unknown) => {
      const t = (error as { topic?: unknown }).topic
      if (t === undefined || t === topic) onError(error)
    }
    failers.add(failer)
    if (failed !== undefined) {
      onError(failed)
      return () => {}
    }
    if (set.size === 1) {
      if (topic === 'order' && seeded === undefined)
        // Orders open before the stream: known, so that a gap finds how they ended.
        seeded = connection
          .ready()
          .then(() => allPages((cursor) => getOpenOrders(client, { limit: '100', ...cursor })))
          .then(
            (orders) => ledger.seedOpen(orders),
            () => {},
          )
      connection.subscribe(argOf(topic)).then(() => {
        if (topic === 'order' || topic === 'fill') ledger.start(topic, transport.clock.now())
      }, failer)
    } else if (topic === 'position' || topic === 'account') {
      // Joining a running subscription: the state as last pushed, as a snapshot.
      const current = topic === 'account' ? (account ? [account] : []) : [...positions.values()]
      queueMicrotask(() => {
        if (!set.has(consumer)) return
        for (const record of current)
          consumer(record as Topics[T], { topic, action: 'snapshot', ts: undefined })
      })
    }
    return () => {
      failers.delete(failer)
      if (set.delete(consumer) && set.size === 0) {
        if (topic === 'position') positions.clear()
        if (topic === 'account') account = undefined
        void connection.unsubscribe(argOf(topic))
      }
    }
  }

  const read =
    <T extends Topic>(topic: T, method: string) =>
    (options: StreamReadOptions = {}): AsyncIterableIterator<Topics[T]> => {
      Options.assert(`stream.${method}`, Options.streamRead, options)
      let detach = () => {}
      const queue: EventQueue<Topics[T]> = createEventQueue<Topics[T]>({
        highWaterMark: options.highWaterMark ?? 10_000,
        onDone: () => {
          closers.delete(queue as EventQueue<unknown>)
          detach()
          options.signal?.removeEventListener('abort', stop)
        },
      })
      const stop = () => queue.end()
      detach = attach(
        topic,
        (record) => queue.push(record),
        (error) => queue.fail(error),
      )
      if (options.signal?.aborted) queue.end()
      else options.signal?.addEventListener('abort', stop, { once: true })
      closers.add(queue)
      return queue.iterator
    }
  const closers = new Set<EventQueue<unknown>>()

  return {
    orders: read(topicOf.orders, 'orders'),
    fills: read(topicOf.fills, 'fills'),
    positions: read(topicOf.positions, 'positions'),
    account: read(topicOf.account, 'account'),
    on(topic: Topic | 'connection', listener: (...args: never[]) => void) {
      if (topic === 'connection') {
        const l = listener as (event: StreamEvent) => void
        connectionListeners.add(l)
        return () => connectionListeners.delete(l)
      }
      return attach(
        topic,
        listener as (record: unknown, meta: StreamEventMeta) => void,
        (error) => {
          for (const l of connectionListeners) l({ type: 'error', error })
        },
      )
    },
    async ready() {
      await connection.ready()
      await seeded
    },
    get state() {
      return connection.state
    },
    reconnect: () => connection.reconnect(),
    async close() {
      for (const queue of closers) queue.end()
      closers.clear()
      await connection.close()
      limiter?.close()
    },
  } as UnifiedStream
}

/** A `ValidationError` of the stream's options, naming the field and the rule. */
function invalid(field: string, expected: string, value: unknown): ValidationError {
  const received = Issue.describe(value)
  const issue = Issue.create({
    type: 'missing',
    path: field.split('.'),
    expected,
    received,
    message: `${field}: expected ${expected}, received ${received}`,
  })
  return new ValidationError({ endpoint: 'unified.stream', issues: [issue] as unknown as Issues })
}

/**
 * The private stream endpoint for a REST base URL: the exchange's own stream host for
 * `api.bitget.com` (the demo host with demo trading), else the same host with `ws(s)://`.
 *
 * @example
 * import { streamUrl } from '@tradeline/unified'
 * streamUrl('https://api.bitget.com', false) // 'wss://ws.bitget.com/v3/ws/private'
 * streamUrl('http://127.0.0.1:8080', false) // 'ws://127.0.0.1:8080/v3/ws/private'
 */
export function streamUrl(baseUrl: string, demoTrading: boolean): string {
  const url = new URL(baseUrl)
  if (url.hostname === 'api.bitget.com')
    return `wss://${demoTrading ? 'wspap' : 'ws'}.bitget.com/v3/ws/private`
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${scheme}//${url.host}${url.pathname.replace(/\/+$/, '')}/v3/ws/private`
}
