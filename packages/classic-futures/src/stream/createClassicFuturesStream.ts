/**
 * The classic futures account's private stream (`/v2/ws/private`): orders, fills, positions,
 * the account and plan orders of one product type as async iterables (and listeners) over one
 * WebSocket connection, on core's private-stream machinery: after a reconnect the orders and
 * fills missed are read through classic REST (orders-pending, orders-history, fills, order
 * detail) and emitted first, each order state and fill once, in order, never backwards; a
 * position closed meanwhile is reported closed.
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
import { assertStreamOptions, streamOptionError } from '@tradeline/core/internal'
import { createStreamGate } from '@tradeline/rate-limit'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import type { ClientBase } from '../internal/client.js'
import { changedOnly } from './changed.js'
import { fillShape, gapReads, orderShape, remember1 } from './ledger.js'
import {
  type AccountRecord,
  closedPosition,
  isClosedPosition,
  readClassicKeyFields,
  readClassicPush,
  type Topic,
  type Topics,
} from './records.js'

/** How an event reached the stream: a push (`snapshot`/`update`) or the REST reconciliation after a gap (`replay`). */
export type ClassicStreamEventMeta = CoreEventMeta<Topic>

/** Options of one iterator. */
export type ClassicStreamReadOptions = CoreReadOptions

/** The classic futures account's private stream of one product type. */
export type ClassicFuturesStream = {
  /** Order changes, as order-detail records (status in `state`, `baseVolume` the filled total); after a gap, the missed changes first. */
  orders(options?: ClassicStreamReadOptions): AsyncIterableIterator<Topics['orders']>
  /** Fills, as fill records; after a gap, the missed fills first. */
  fills(options?: ClassicStreamReadOptions): AsyncIterableIterator<Topics['fill']>
  /** Positions, as position records: each change once; a closed one once more with `total` `"0"` and `closed: true`. */
  positions(options?: ClassicStreamReadOptions): AsyncIterableIterator<Topics['positions']>
  /** The account, one record per margin coin, each change once. */
  account(options?: ClassicStreamReadOptions): AsyncIterableIterator<Topics['account']>
  /** Plan orders (`orders-algo`) as they are placed, change, trigger and end; not replayed after a gap. */
  planOrders(options?: ClassicStreamReadOptions): AsyncIterableIterator<Topics['orders-algo']>
  /** Calls `listener` for every event of a channel; returns the function that stops it. */
  on<T extends Topic>(
    topic: T,
    listener: (record: Topics[T], meta: ClassicStreamEventMeta) => void,
  ): () => void
  /** Calls `listener` on connection events (open, ready, down with the reason, errors). */
  on(topic: 'connection', listener: (event: StreamEvent) => void): () => void
} & StreamControls

export declare namespace createClassicFuturesStream {
  /** The connection's own options, documented on `createStreamConnection` of `@tradeline/core`. */
  type ConnectionOptions = StreamConnectionOptions
  type Parameters = PrivateLineStreamOptions & {
    /** The product type the stream follows (`instType` of every channel): `USDT-FUTURES`, `COIN-FUTURES` or `USDC-FUTURES`, in either case. @default 'USDT-FUTURES' */
    productType?: string | undefined
  }
  type ReturnType = ClassicFuturesStream
}

const positionKey = (
  p: Pick<Topics['positions'], 'symbol' | 'holdSide' | 'marginCoin' | 'marginMode'>,
) => `${p.symbol}|${p.holdSide}|${p.marginCoin}|${p.marginMode}`
const coinKey = (a: Pick<AccountRecord, 'marginCoin'>) => String(a.marginCoin)
const isClosedCoin = (a: AccountRecord) => (a as { closed?: unknown }).closed === true

/** A margin coin that left the account's push: its numbers zero. */
const closedCoin = (a: AccountRecord): AccountRecord =>
  ({
    ...a,
    available: '0',
    frozen: '0',
    equity: '0',
    usdtEquity: '0',
    maxOpenPosAvailable: '0',
    maxTransferOut: '0',
    closed: true,
  }) as AccountRecord

/**
 * Opens (on first use) the private stream of the classic futures account a client trades.
 *
 * @example
 * import { createClassicFuturesClient, createClassicFuturesStream } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * const stream = createClassicFuturesStream(client, { credentials, productType: 'USDT-FUTURES' })
 * for await (const order of stream.orders()) console.log(order.orderId, order.state, order.baseVolume)
 */
export function createClassicFuturesStream(
  client: ClientBase,
  parameters: createClassicFuturesStream.Parameters = {},
): ClassicFuturesStream {
  // The connection's numeric options (ping, pong, answer, backoff, age) before anything opens.
  assertStreamOptions('createClassicFuturesStream', parameters)
  const login = streamLogin('classic-futures.stream', client.transport.clock, parameters)
  const given: unknown = parameters.productType ?? 'USDT-FUTURES'
  const productType = (
    typeof given === 'string' ? given.toUpperCase() : ''
  ) as ClassicFutures.ProductType
  if (!(ClassicFutures.productTypes as readonly string[]).includes(productType))
    throw streamOptionError(
      'classic-futures.stream',
      'productType',
      `one of ${ClassicFutures.productTypes.join(', ')}`,
      parameters.productType,
    )
  const transport = client.transport
  const url = parameters.url ?? classicStreamUrl(transport.baseUrl, parameters.demoTrading === true)
  const limits = parameters.limits === false ? undefined : createStreamGate(parameters.limits)
  const symbols = new Map<string, string>()
  const arg = (channel: string) => ({ instType: productType, channel, instId: 'default' })

  const topics: { readonly [T in Topic]: PrivateTopic<Topics[T]> } = {
    orders: {
      arg: arg('orders'),
      kind: 'order',
      read(raw, ts) {
        const order = readClassicPush('orders', raw)
        if (order.symbol) remember1(symbols, order.orderId, order.symbol)
        // decision: a push without an update time (`""`) is of the moment it was pushed; by its
        // creation time the ledger took it for older than the last state and dropped it.
        return order.uTime === null && ts !== undefined ? { ...order, uTime: String(ts) } : order
      },
    },
    fill: { arg: arg('fill'), kind: 'fill', read: (raw) => readClassicPush('fill', raw) },
    positions: {
      arg: arg('positions'),
      kind: 'state',
      read: (raw) => readClassicPush('positions', raw),
      // A record that does not read whole still lists its position (see `afterSnapshot` of core).
      rawKey: (raw) => positionKey(readClassicKeyFields('positions', raw)),
      key: positionKey,
      isClosed: isClosedPosition,
      closed: closedPosition,
    },
    account: {
      arg: { instType: productType, channel: 'account', coin: 'default' },
      kind: 'state',
      read: (raw) => readClassicPush('account', raw),
      rawKey: (raw) => coinKey(readClassicKeyFields('account', raw)),
      key: coinKey,
      isClosed: isClosedCoin,
      closed: closedCoin,
    },
    'orders-algo': {
      arg: arg('orders-algo'),
      kind: 'event',
      read: (raw) => readClassicPush('orders-algo', raw),
    },
  }

  const stream = createPrivateStream({
    name: 'classicStream',
    connection: { url, ...connectionOptions(parameters), gate: limits?.gate, login },
    topics,
    nameOf: (a) => (typeof a.channel === 'string' ? a.channel : undefined),
    now: () => transport.clock.now(),
    uncertainty: () => transport.clock.uncertainty,
    ledger: {
      order: orderShape,
      fill: fillShape,
      reads: gapReads(client, productType, symbols),
    },
  })

  // The exchange pushes every position (and coin) on each change: a reader sees a record again
  // only when it changed.
  const changed = <T extends Topic>(topic: T): ((record: Topics[T]) => boolean) =>
    topic === 'positions'
      ? (changedOnly(positionKey, isClosedPosition) as never)
      : topic === 'account'
        ? (changedOnly(coinKey, isClosedCoin) as never)
        : () => true

  const read = <T extends Topic>(topic: T, options?: ClassicStreamReadOptions) => {
    const source = stream.read(topic, options)
    const keep = changed(topic)
    const iterator: AsyncIterableIterator<Topics[T]> = {
      async next() {
        for (;;) {
          const result = await source.next()
          if (result.done || keep(result.value)) return result
        }
      },
      return: (value?: unknown) =>
        source.return?.(value) ?? Promise.resolve({ value: undefined, done: true }),
      [Symbol.asyncIterator]() {
        return this
      },
    }
    return iterator
  }

  return {
    orders: (options) => read('orders', options),
    fills: (options) => read('fill', options),
    positions: (options) => read('positions', options),
    account: (options) => read('account', options),
    planOrders: (options) => read('orders-algo', options),
    on(topic: Topic | 'connection', listener: (...args: never[]) => void) {
      if (topic === 'connection')
        return stream.onConnection(listener as (event: StreamEvent) => void)
      const keep = changed(topic)
      const deliver = listener as (record: unknown, meta: ClassicStreamEventMeta) => void
      return stream.on(topic, (record, meta) => {
        if (keep(record as never)) deliver(record, meta as ClassicStreamEventMeta)
      })
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
  } as ClassicFuturesStream
}

/**
 * The classic private stream endpoint for a REST base URL: the exchange's own stream host for
 * `api.bitget.com` (the demo host with demo trading), else the same host with `ws(s)://`.
 *
 * @example
 * import { classicStreamUrl } from '@tradeline/classic-futures'
 * classicStreamUrl('https://api.bitget.com', false) // 'wss://ws.bitget.com/v2/ws/private'
 * classicStreamUrl('http://127.0.0.1:8080', false) // 'ws://127.0.0.1:8080/v2/ws/private'
 */
export function classicStreamUrl(baseUrl: string, demoTrading: boolean): string {
  return streamEndpoint(baseUrl, demoTrading, '/v2/ws/private')
}
