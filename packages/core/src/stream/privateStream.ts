/**
 * The machinery every private stream shares, over one {@link createStreamConnection}: topics
 * read as async iterables and listeners, one subscription per topic while it has a consumer,
 * orders and fills through a {@link Ledger} (each state and fill once, never backwards, the
 * gap after a reconnect filled through the line's REST reads, the order and fill pushes that
 * come meanwhile emitted after that replay), keyed
 * state topics (positions: a snapshot replaces the state as a whole, and a position missing
 * from it is reported closed) and latest-value topics (the account). A product line describes
 * its topics, its records and its REST reads; see `createUnifiedStream`.
 */
import { Options } from '@tradeline/rules/shared'
import { createStreamConnection } from './createStreamConnection.js'
import { createEventQueue, type EventQueue, inParts } from './EventQueue.js'
import {
  readProblem,
  StreamGapError,
  StreamPushError,
  StreamStateCappedError,
  StreamSubscribeError,
} from './errors.js'
import { type FillShape, type GapReads, Ledger, type OrderShape } from './ledger.js'
import { callListener, tellEach } from './listeners.js'
import type { Consumer, PrivateStream, PrivateTopic, StreamEventMeta } from './privateTypes.js'
import { afterSnapshot, keepState, maxStateKeys, rawKeyOf } from './stateMap.js'
import { namedBy, namesSubscription, type StreamEvent, type StreamPush } from './types.js'

export type {
  PrivateStream,
  PrivateTopic,
  StreamEventMeta,
  StreamReadOptions,
} from './privateTypes.js'

export declare namespace createPrivateStream {
  type Parameters<T extends Record<string, unknown>, O, F> = {
    /** The connection (URL, login, timers, limits); `onPush`, `onReady` and the listeners are the stream's. */
    connection: Omit<
      createStreamConnection.Parameters,
      'onPush' | 'onReady' | 'onResume' | 'onSubscribeError' | 'onFail' | 'onEvent'
    >
    /** The topics, by the name the stream's readers use. */
    topics: { readonly [K in keyof T]: PrivateTopic<T[K]> }
    /** The topic a push belongs to, from its arg (e.g. `arg.topic`), as the topics' args write it. */
    nameOf(arg: Readonly<Record<string, unknown>>): string | undefined
    /** The server's time now (Unix ms), as the client estimates it. */
    now(): number
    /**
     * How far {@link now} may be off the server's time (ms), e.g. the clock's `uncertainty`: a
     * topic's start and a reader's join are taken that much earlier, so that an event the server
     * stamped after them is never taken for one before them. @default 0
     */
    uncertainty?: (() => number) | undefined
    /** The records of the `order` and `fill` topics and the REST reads that fill a gap. */
    ledger?: { order: OrderShape<O>; fill: FillShape<F>; reads: GapReads<O, F> } | undefined
    /** A name for option errors. @default 'stream' */
    name?: string | undefined
  }
}

/**
 * How far before a reader joined a replayed event may be and still be its: the server time a
 * client knows is an estimate (a share of the round trip off), and an event of the moment the
 * reader joined must not be lost to that.
 */
export const joinToleranceMs = 50

/**
 * Creates a private stream over one connection (opened on first use).
 *
 * @example
 * import { createPrivateStream } from '@tradeline/core'
 * const stream = createPrivateStream({ connection: { url, login }, topics: { account: { arg: { instType: 'UTA', topic: 'account' }, kind: 'latest', read: (r) => r } }, nameOf: (arg) => String(arg.topic), now: Date.now })
 * for await (const account of stream.read('account')) console.log(account)
 */
export function createPrivateStream<T extends Record<string, unknown>, O = never, F = never>(
  parameters: createPrivateStream.Parameters<T, O, F>,
): PrivateStream<T> {
  type Name = keyof T & string
  const name = parameters.name ?? 'stream'
  const topics = parameters.topics as Readonly<Record<string, PrivateTopic<unknown>>>
  const names = Object.keys(topics) as Name[]
  const byPushName = new Map<string, Name>()
  for (const topic of names) {
    const pushName = parameters.nameOf(topics[topic]!.arg)
    if (pushName !== undefined) byPushName.set(pushName, topic)
  }
  const kindOf = (topic: Name) => topics[topic]!.kind
  const orderTopic = names.find((t) => kindOf(t) === 'order')
  const fillTopic = names.find((t) => kindOf(t) === 'fill')
  const shapes = parameters.ledger
  /**
   * The earliest the server's time may be now: a topic's start and a reader's join. From the
   * estimate, a fill made after the subscription was taken for one before it (a clock ahead by
   * half a slow sync's round trip) and left out of the replay.
   */
  const earliest = () => parameters.now() - (parameters.uncertainty?.() ?? 0)
  const ledger = shapes ? new Ledger<O, F>(shapes) : undefined

  const consumers = new Map<Name, Set<Consumer>>(names.map((t) => [t, new Set()]))
  const connectionListeners = new Set<(event: StreamEvent) => void>()
  const states = new Map<Name, Map<string, unknown>>()
  /** The state topics that reached their cap of keys (told once each). */
  const capped = new Set<Name>()
  const latest = new Map<Name, unknown>()
  const closers = new Set<EventQueue<unknown>>()
  let failed: unknown
  let closed = false
  /** Whether the orders open when the order topic began were read. */
  let seeded = false
  let seeding: Promise<void> | undefined
  /** The server time of the first subscription acknowledged (the stream worked from then). */
  let firstAck: number | undefined
  /** Whether a connection of this stream dropped (from then on each new one fills a gap). */
  let dropped = false

  /** Tells the connection listeners; a throw of one is dropped (the others and the stream go on). */
  const tell = (event: StreamEvent) => tellEach(connectionListeners, event)
  /**
   * Hands one event to one consumer. A listener that throws does not keep the event from the
   * others nor break the stream (a catch-up under way, a flush of held pushes): its error is a
   * `StreamListenerError` event.
   */
  const deliver = (consumer: Consumer, record: unknown, meta: StreamEventMeta) =>
    callListener(
      meta.topic,
      () => consumer.deliver(record, meta),
      (error) => tell({ type: 'error', error }),
    )
  const has = (topic: Name | undefined): topic is Name =>
    topic !== undefined && (consumers.get(topic)?.size ?? 0) > 0

  const timeOfReplay = (topic: Name, record: unknown): number | undefined => {
    if (!shapes) return undefined
    if (topic === orderTopic) return shapes.order.time(record as O)
    if (topic === fillTopic) return shapes.fill.time(record as F)
    return undefined
  }

  const emit = (topic: Name, record: unknown, meta: StreamEventMeta) => {
    if (closed) return
    const spec = topics[topic]!
    if (spec.kind === 'order' && ledger && !ledger.acceptOrder(record as O)) return
    if (spec.kind === 'fill' && ledger && !ledger.acceptFill(record as F)) return
    if (spec.kind === 'state') {
      const state = states.get(topic) ?? new Map<string, unknown>()
      states.set(topic, state)
      if (spec.isClosed(record)) state.delete(spec.key(record))
      else if (keepState(state, spec.key(record), record) && !capped.has(topic)) {
        capped.add(topic)
        tell({ type: 'error', error: new StreamStateCappedError({ topic, cap: maxStateKeys }) })
      }
    }
    if (spec.kind === 'latest') latest.set(topic, record)
    const time = meta.action === 'replay' ? timeOfReplay(topic, record) : undefined
    for (const consumer of consumers.get(topic) ?? []) {
      // A reader that joined later does not get the replay of what came before it.
      if (time !== undefined && time < consumer.since) continue
      deliver(consumer, record, meta)
    }
  }

  /**
   * The order and fill pushes that came while a catch-up read the gap, emitted after its replay:
   * an order filled in the gap and again during the catch-up then shows its fills in time order,
   * each before the order state that counts it. Other topics pass at once.
   */
  type Held = { topic: Name; record: unknown; meta: StreamEventMeta }[]
  let heldLive: Held | undefined
  const emitLive = (topic: Name, record: unknown, meta: StreamEventMeta) => {
    const kind = topics[topic]!.kind
    if (heldLive !== undefined && (kind === 'order' || kind === 'fill'))
      heldLive.push({ topic, record, meta })
    else emit(topic, record, meta)
  }

  const onPush = (push: StreamPush) => {
    // By its name as sent (one lookup, as always: each name is subscribed once) when it carries
    // the topic's other fields too (`namesSubscription`), else the topic its arg names in any case
    // (`namedBy`, the acknowledgements' rule): a push named like a topic but of another instType
    // is none of them.
    const pushName = parameters.nameOf(push.arg)
    const named = pushName === undefined ? undefined : byPushName.get(pushName)
    const topic =
      named !== undefined && namesSubscription(push.arg, topics[named]!.arg)
        ? named
        : namedBy(push.arg, names, (t) => topics[t]!.arg)
    // A topic nobody reads now (never subscribed, or left while the unsubscribe was on its way)
    // is dropped unread: a server pushing it keeps no state growing, and a reader who comes later
    // starts from its own subscription's pushes.
    if (!has(topic)) return
    const spec = topics[topic]!
    const action = push.action === 'snapshot' ? 'snapshot' : 'update'
    const meta: StreamEventMeta = { topic, action, ts: push.ts }
    const records: unknown[] = []
    /** The keys of the records that did not read; `undefined` once one's key did not either. */
    let unread: Set<string> | undefined = new Set()
    for (const raw of push.data) {
      try {
        records.push(spec.read(raw, push.ts))
      } catch (error) {
        // The reader's error quotes the record (an upstream may have filled it with an echo of
        // the login): reported by its first problem, redacted, without the record.
        const problem = connection.redact(readProblem(error))
        tell({ type: 'error', error: new StreamPushError({ topic, problem }) })
        const key = spec.kind === 'state' ? rawKeyOf(spec, raw) : undefined
        if (key === undefined) unread = undefined
        else unread?.add(key)
      }
    }
    if (spec.kind === 'state' && action === 'snapshot') {
      // A snapshot is the whole state: what it no longer lists was closed meanwhile; a record
      // that did not read is not known closed (see `afterSnapshot`).
      const listed = new Set(records.map((r) => spec.key(r)))
      const old = states.get(topic)
      const { closes, next } = afterSnapshot(old, listed, unread)
      for (const record of closes) emit(topic, spec.closed(record), meta)
      states.set(topic, next)
      if (next !== old) capped.delete(topic)
    }
    for (const record of records) emitLive(topic, record, meta)
  }

  /** Reads the orders open now, so that a gap finds how they ended. */
  const seed = (signal: AbortSignal): Promise<void> => {
    if (seeded || !ledger || !shapes || !has(orderTopic)) return Promise.resolve()
    seedRun ??= shapes.reads
      .openOrders(signal)
      .then((open) => {
        signal.throwIfAborted()
        ledger.seedOpen(open)
        seeded = true
      })
      .finally(() => {
        seedRun = undefined
      })
    return seedRun
  }
  let seedRun: Promise<void> | undefined

  /**
   * Fills the gap: the missed orders and fills, oldest first. The pushes of other topics pass
   * while it reads; the order and fill pushes wait for the replay and come right after it (the
   * ledger drops an order state older than one already emitted, and a fill already emitted).
   */
  const catchUp = async (signal: AbortSignal, live: () => void) => {
    // Before any drop nothing was missed: a subscription's pushes begin at its answer.
    if (!ledger || !shapes || !dropped) return
    const wanted = {
      orders: has(orderTopic) && ledger.started('order'),
      fills: has(fillTopic) && ledger.started('fill'),
    }
    if (!wanted.orders && !wanted.fills) {
      // Nobody reads orders or fills now, and a reader who comes later gets nothing from
      // before it joined: the next gap starts from now on.
      ledger.caughtUp()
      return
    }
    // This catch-up's own list: one of a dropped connection that ends late leaves it alone.
    const held: Held = []
    heldLive = held
    try {
      let missed: Awaited<ReturnType<typeof ledger.missed>>
      try {
        // `missed` fixes the gap's start before its first read; from here pushes are taken.
        const reading = ledger.missed(shapes.reads, wanted, signal)
        // Awaited below; a throw of `live()` must not leave its rejection unhandled.
        reading.catch(() => {})
        live()
        missed = await reading
      } catch (error) {
        // Abandoned (a drop, close()) or another failure: the connection's handling decides.
        if (!StreamGapError.isInstance(error) || signal.aborted || closed) throw error
        // Too much to read: the consumers of both topics learn it; later events still come.
        ledger.caughtUp()
        for (const topic of [orderTopic, fillTopic])
          for (const consumer of consumers.get(topic as Name) ?? []) consumer.fail(error)
        await emitHeld(held, signal)
        return
      }
      signal.throwIfAborted()
      // In parts of half the smallest reader's room (see `inParts`), then what was held.
      const going = () => !signal.aborted && !closed
      const replayed = await inParts(
        missed,
        (event) => {
          const topic = (event.topic === 'order' ? orderTopic : fillTopic) as Name
          emit(topic, event.record, { topic, action: 'replay', ts: ledger.timeOf(event) })
        },
        { part: replayPart, going, done: () => {} },
      )
      if (!replayed || !(await emitHeld(held, signal))) return
      ledger.caughtUp()
    } finally {
      // A catch-up that did not complete drops what it held: those pushes were not emitted, so
      // the next catch-up, from the same gap start, reads them through REST.
      if (heldLive === held) heldLive = undefined
    }
  }
  /** How many replayed events go out before the readers get a turn: half the smallest room. */
  const replayPart = (of: readonly (Name | undefined)[] = [orderTopic, fillTopic]) => {
    let room = Number.POSITIVE_INFINITY
    for (const topic of of)
      for (const consumer of consumers.get(topic as Name) ?? [])
        if (consumer.room !== undefined && consumer.room < room) room = consumer.room
    return Math.max(1, Math.floor(room / 2))
  }
  /**
   * Emits a catch-up's held order and fill pushes in the order they came, in parts like the
   * replay (all at once, more pushes than a reader's room that came during the catch-up
   * overflowed it however fast it read); those that come meanwhile are held behind them, and
   * once none is left the topics are live. Whether it got there (not abandoned on the way).
   */
  const emitHeld = async (held: Held, signal: AbortSignal): Promise<boolean> => {
    const going = () => heldLive === held && !signal.aborted && !closed
    const done = () => {
      heldLive = undefined
    }
    return inParts(held, (h) => emit(h.topic, h.record, h.meta), { part: replayPart, going, done })
  }

  const connection = createStreamConnection({
    ...parameters.connection,
    onPush,
    // The pushes the connection held (while connecting, while the open orders were read) go out
    // in parts of half the smallest room of any reader.
    deliveryPart: () => replayPart(names),
    async onReady({ signal, live }) {
      await seed(signal)
      await catchUp(signal, live)
    },
    onSubscribeError(error) {
      // The topic whose arg it names: the refusal of another's (another product type's channel
      // of the same name) fails no reader of this stream, it is only told.
      const topic = names.find((t) => namesSubscription(error.arg, topics[t]!.arg))
      if (topic === undefined) return tell({ type: 'error', error })
      // Every consumer learns it once, and leaves: a listener kept would look subscribed while
      // nothing comes (the exchange dropped the subscription), and would keep a later `on` or
      // `read` of the topic from subscribing again.
      const set = consumers.get(topic)!
      const left = [...set]
      set.clear()
      forget(topic)
      for (const consumer of left) consumer.fail(Object.assign(error, { topic }))
    },
    onFail(error) {
      failed = error
      for (const set of consumers.values()) for (const consumer of set) consumer.fail(error)
    },
    onEvent(event) {
      // A topic asked for but not acknowledged when the connection dropped began when the
      // stream first worked: its events of the gap are read like the others'.
      if (event.type === 'down') {
        dropped = true
        // The gap starts no later than now, whatever time a faulty push was stamped with.
        ledger?.dropped(earliest())
      }
      if (event.type === 'down' && ledger && firstAck !== undefined)
        for (const [topic, key] of [
          [orderTopic, 'order'],
          [fillTopic, 'fill'],
        ] as const)
          if (has(topic)) ledger.start(key, firstAck)
      tell(event)
    },
  })

  /** Drops what the stream keeps of a topic no consumer reads any more. */
  const forget = (topic: Name) => {
    states.delete(topic)
    capped.delete(topic)
    latest.delete(topic)
  }

  /** Registers a consumer of `topic`; subscribes with the first, unsubscribes after the last. */
  const attach = (topic: Name, consumer: Omit<Consumer, 'since'>): (() => void) => {
    const set = consumers.get(topic)!
    if (failed !== undefined) {
      consumer.fail(failed)
      return () => {}
    }
    const entry: Consumer = { ...consumer, since: earliest() - joinToleranceMs }
    set.add(entry)
    const spec = topics[topic]!
    if (set.size === 1) {
      // On a connection already ready the subscription's acknowledgement is the only moment
      // to read the open orders; otherwise the connection's ready hook reads them.
      const running = connection.state === 'ready'
      const subscribed = connection.subscribe(spec.arg).then(
        () => {
          const now = earliest()
          firstAck ??= now
          for (const joined of set) joined.since = Math.min(joined.since, now - joinToleranceMs)
          if (spec.kind === 'order' || spec.kind === 'fill') ledger?.start(spec.kind, now)
        },
        (error: unknown) => {
          // A refusal reached every consumer already (onSubscribeError).
          if (!StreamSubscribeError.isInstance(error)) consumer.fail(error)
        },
      )
      // Subscribed on a running connection: the open orders are read once acknowledged (a
      // failure drops the connection; the next one reads them before it is ready).
      if (spec.kind === 'order' && ledger && !seeded && running)
        seeding = subscribed.then(() => {
          if (seeded || connection.state !== 'ready') return
          return seed(new AbortController().signal).catch((error) => {
            tell({ type: 'error', error })
            connection.reconnect()
          })
        })
    } else if (spec.kind === 'state' || spec.kind === 'latest') {
      // Joining a running subscription: the state as last pushed, as a snapshot.
      const current =
        spec.kind === 'latest'
          ? latest.has(topic)
            ? [latest.get(topic)]
            : []
          : [...(states.get(topic)?.values() ?? [])]
      queueMicrotask(() => {
        if (!set.has(entry)) return
        for (const record of current)
          deliver(entry, record, { topic, action: 'snapshot', ts: undefined })
      })
    }
    return () => {
      if (set.delete(entry) && set.size === 0) {
        forget(topic)
        void connection.unsubscribe(spec.arg)
      }
    }
  }

  return {
    read(topic, options = {}) {
      Options.assert(`${name}.${topic}`, Options.streamRead, options)
      let detach = () => {}
      const queue: EventQueue<unknown> = createEventQueue<unknown>({
        highWaterMark: options.highWaterMark ?? 10_000,
        onDone: () => {
          closers.delete(queue)
          detach()
          options.signal?.removeEventListener('abort', stop)
        },
      })
      const stop = () => queue.end()
      detach = attach(topic, {
        deliver: (record) => queue.push(record),
        fail: (error) => queue.fail(error),
        room: options.highWaterMark ?? 10_000,
      })
      // Ended already (a stream that failed, an aborted signal): nothing to keep or to listen to.
      if (options.signal?.aborted) queue.end()
      if (!queue.ended) {
        options.signal?.addEventListener('abort', stop, { once: true })
        closers.add(queue)
      }
      return queue.iterator as AsyncIterableIterator<T[typeof topic]>
    },
    on(topic, listener) {
      return attach(topic, {
        deliver: listener as (record: unknown, meta: StreamEventMeta) => void,
        fail: (error) => tell({ type: 'error', error }),
      })
    },
    onConnection(listener) {
      connectionListeners.add(listener)
      return () => {
        connectionListeners.delete(listener)
      }
    },
    async ready() {
      for (;;) {
        await connection.ready()
        const pending = seeding
        await pending
        if (seeded || !has(orderTopic) || !ledger || closed) return
        // Nothing more to wait for on this connection (a refused subscription): done.
        if (pending === seeding && connection.state === 'ready') return
      }
    },
    get state() {
      return connection.state
    },
    reconnect: () => connection.reconnect(),
    async close() {
      closed = true
      for (const queue of closers) queue.end()
      closers.clear()
      await connection.close()
    },
  }
}
