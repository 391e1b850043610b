/**
 * The unified account's private stream: orders, fills, positions, the account, strategy orders
 * and fast fills as async iterables (and listeners) over one WebSocket connection, on core's
 * private-stream machinery: every order state and fill once and in order, also across a
 * reconnect (the gap is read through REST first), and positions closed meanwhile reported.
 */

import {
  type StreamEventMeta as CoreEventMeta,
  type StreamReadOptions as CoreReadOptions,
  connectionOptions,
  createPrivateStream,
  type PrivateLineStreamOptions,
  type PrivateTopic,
  type StreamConnectionOptions,
  type StreamControls,
  type StreamEvent,
  streamEndpoint,
  streamLogin,
} from '@tradeline/core'
import { assertStreamOptions } from '@tradeline/core/internal'
import { createStreamGate, streamMarginMs } from '@tradeline/rate-limit'
import { Options } from '@tradeline/rules/shared'
import type { ClientBase } from '../internal/call.js'
import { fillShape, gapReads, orderShape } from './ledger.js'
import {
  closedPosition,
  readPositionKeyFields,
  readPush,
  type Topic,
  type Topics,
} from './records.js'

/** How an event reached the stream: a push (`snapshot`/`update`) or the REST reconciliation after a gap (`replay`). */
export type StreamEventMeta = CoreEventMeta<Topic>

/** Options of one iterator. */
export type StreamReadOptions = CoreReadOptions

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
  /** Strategy orders (TP/SL, trigger) as they are placed, change and end; not replayed after a gap. */
  strategyOrders(options?: StreamReadOptions): AsyncIterableIterator<Topics['strategy-order']>
  /** Fills as soon as they happen, without fee or value (read `fills` for those); not replayed after a gap. */
  fastFills(options?: StreamReadOptions): AsyncIterableIterator<Topics['fast-fill']>
  /** Calls `listener` for every event of `topic`; returns the function that stops it. */
  on<T extends Topic>(
    topic: T,
    listener: (record: Topics[T], meta: StreamEventMeta) => void,
  ): () => void
  /** Calls `listener` on connection events (open, ready, down with the reason, errors). */
  on(topic: 'connection', listener: (event: StreamEvent) => void): () => void
} & StreamControls

export declare namespace createUnifiedStream {
  /** The connection's own options, documented on `createStreamConnection` of `@tradeline/core`. */
  type ConnectionOptions = StreamConnectionOptions
  type Parameters = PrivateLineStreamOptions
  type ReturnType = UnifiedStream
}

/** Added to each stream window (see `streamMarginMs` of `@tradeline/rate-limit`). */
export { streamMarginMs }

const positionKey = (
  p: Pick<Topics['position'], 'category' | 'symbol' | 'posSide' | 'marginCoin' | 'marginMode'>,
) => `${p.category}|${p.symbol}|${p.posSide}|${p.marginCoin}|${p.marginMode}`

/** The topics of the unified account: their subscription, their record and their kind. */
const topics: { readonly [T in Topic]: PrivateTopic<Topics[T]> } = {
  order: {
    arg: { instType: 'UTA', topic: 'order' },
    kind: 'order',
    read: (r) => readPush('order', r),
  },
  fill: { arg: { instType: 'UTA', topic: 'fill' }, kind: 'fill', read: (r) => readPush('fill', r) },
  position: {
    arg: { instType: 'UTA', topic: 'position' },
    kind: 'state',
    read: (r) => readPush('position', r),
    // A record that does not read whole still lists its position (see `afterSnapshot` of core).
    rawKey: (r) => positionKey(readPositionKeyFields(r)),
    key: positionKey,
    isClosed: (p) => p.positionStatus === 'ended',
    closed: closedPosition,
  },
  account: {
    arg: { instType: 'UTA', topic: 'account' },
    kind: 'latest',
    read: (r) => readPush('account', r),
  },
  'strategy-order': {
    arg: { instType: 'UTA', topic: 'strategy-order', symbol: 'default' },
    kind: 'event',
    read: (r) => readPush('strategy-order', r),
  },
  'fast-fill': {
    arg: { instType: 'UTA', topic: 'fast-fill', symbol: 'default' },
    kind: 'event',
    read: (r) => readPush('fast-fill', r),
  },
}

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
  assertStreamOptions('createUnifiedStream', parameters)
  const transport = client.transport
  const login = streamLogin('unified.stream', transport.clock, parameters)
  const url = parameters.url ?? streamUrl(transport.baseUrl, parameters.demoTrading === true)
  const limits = parameters.limits === false ? undefined : createStreamGate(parameters.limits)

  const stream = createPrivateStream({
    name: 'stream',
    connection: { url, ...connectionOptions(parameters), gate: limits?.gate, login },
    topics,
    nameOf: (arg) => (typeof arg.topic === 'string' ? arg.topic : undefined),
    now: () => transport.clock.now(),
    uncertainty: () => transport.clock.uncertainty,
    ledger: { order: orderShape, fill: fillShape, reads: gapReads(client) },
  })

  /** One reader; a bad option is named after the method the caller used. */
  const read = <T extends Topic>(method: string, topic: T, options?: StreamReadOptions) => {
    Options.assert(`stream.${method}`, Options.streamRead, options ?? {})
    return stream.read(topic, options)
  }

  return {
    orders: (options) => read('orders', 'order', options),
    fills: (options) => read('fills', 'fill', options),
    positions: (options) => read('positions', 'position', options),
    account: (options) => read('account', 'account', options),
    strategyOrders: (options) => read('strategyOrders', 'strategy-order', options),
    fastFills: (options) => read('fastFills', 'fast-fill', options),
    on(topic: Topic | 'connection', listener: (...args: never[]) => void) {
      if (topic === 'connection')
        return stream.onConnection(listener as (event: StreamEvent) => void)
      return stream.on(topic, listener as (record: unknown, meta: StreamEventMeta) => void)
    },
    ready: () => stream.ready(),
    get state() {
      return stream.state
    },
    reconnect: () => stream.reconnect(),
    async close() {
      await stream.close()
      limits?.close()
    },
  } as UnifiedStream
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
  return streamEndpoint(baseUrl, demoTrading, '/v3/ws/private')
}
