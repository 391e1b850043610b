// The private stream against a server that pushes topics nobody subscribed (a small `ws` server
// on 127.0.0.1 that this file starts and stops): such pushes are dropped, so they neither fill the
// stream's state nor come back to a reader who subscribes later; and against one that pushes
// more distinct positions than any account holds: the state keeps at most `maxStateKeys` keys,
// the least recently updated dropped, and says so once per state; and against one that pushes
// more order updates than a reader's room while a catch-up (or the first read of the open
// orders) runs: they are emitted in parts, so a reader that reads as fast as it can keeps up.
// Each failed before its fix.
import { eventually } from '@tradeline/fuzz/timers'
import { afterEach, describe, expect, test } from 'vitest'
import {
  closeSubscriptionServers,
  type Send,
  subscriptionServer,
} from '../test/subscriptionServer.js'
import type { GapReads } from './ledger.js'
import { createPrivateStream } from './privateStream.js'
import type { PrivateStream, PrivateTopic } from './privateTypes.js'
import { keepState, maxStateKeys } from './stateMap.js'

type Position = { id: string; size: string }
type Topics = { order: { id: string }; position: Position; account: { equity: string } }

const streams: PrivateStream<Topics>[] = []
afterEach(async () => {
  for (const stream of streams.splice(0)) await stream.close()
  await closeSubscriptionServers()
})

const arg = (topic: string) => ({ instType: 'UTA', topic })
const push = (topic: string, action: string, data: unknown[]) =>
  JSON.stringify({ action, arg: arg(topic), data, ts: 1 })

/**
 * A server that answers every subscription and, once `order` is subscribed, pushes 1000
 * positions and the account (neither subscribed) and then one order.
 */
function serve(): Promise<string> {
  return subscriptionServer({
    each: (send, subscribed) => {
      if (subscribed.topic === 'order') {
        for (let i = 0; i < 1_000; i++)
          send(push('position', 'update', [{ id: `P${i}`, size: '1' }]))
        send(push('account', 'snapshot', [{ equity: '999' }]))
        send(push('order', 'update', [{ id: 'O1' }]))
      }
      // A position snapshot that lists none (every position known before it was closed), and
      // an order after it: the reader's sign that the snapshot was read.
      if (subscribed.topic === 'position') {
        send(push('position', 'snapshot', []))
        send(push('order', 'update', [{ id: 'O2' }]))
      }
    },
  })
}

const extra = 50

/**
 * Once `position` is subscribed: `maxStateKeys + extra` distinct positions (P0 updated again
 * last, so it is the most recent), a snapshot that lists none of them, then one order: the
 * reader's sign that the snapshot was read.
 */
function serveManyPositions(): Promise<string> {
  return subscriptionServer({
    each: (send, subscribed) => {
      if (subscribed.topic !== 'position') return
      // Twice: a snapshot starts the state afresh, and its cap is told again.
      for (const id of ['O1', 'O2']) {
        for (let i = 0; i < maxStateKeys + extra; i += 500) {
          const batch = []
          for (let k = i; k < Math.min(i + 500, maxStateKeys + extra); k++)
            batch.push({ id: `P${k}`, size: '1' })
          send(push('position', 'update', batch))
        }
        send(push('position', 'update', [{ id: 'P0', size: '2' }]))
        send(push('position', 'snapshot', []))
        send(push('order', 'update', [{ id }]))
      }
    },
  })
}

const topics: { readonly [K in keyof Topics]: PrivateTopic<Topics[K]> } = {
  order: { arg: arg('order'), kind: 'event', read: (raw) => raw as Topics['order'] },
  position: {
    arg: arg('position'),
    kind: 'state',
    read: (raw) => raw as Position,
    key: (p) => p.id,
    isClosed: (p) => p.size === '0',
    closed: (p) => ({ ...p, size: '0' }),
  },
  account: { arg: arg('account'), kind: 'latest', read: (raw) => raw as Topics['account'] },
}

describe('createPrivateStream against a server pushing topics nobody subscribed', () => {
  test('decision: pushes of an unsubscribed topic are dropped: no state is kept for them, a later reader gets no "closed" position nor account it never subscribed to', async () => {
    const stream = createPrivateStream<Topics>({
      connection: { url: await serve() },
      topics,
      nameOf: (a) => (typeof a.topic === 'string' ? a.topic : undefined),
      now: () => Date.now(),
    })
    streams.push(stream)
    const orders: string[] = []
    stream.on('order', (order) => orders.push(order.id))
    // The order arrives after the 1000 positions and the account pushed on the same socket.
    await eventually(() => orders.length === 1, 'the order after the unsubscribed pushes')

    const positions: Position[] = []
    stream.on('position', (position) => positions.push(position))
    const accounts: unknown[] = []
    stream.on('account', (account) => accounts.push(account))
    // A second reader joining a running subscription gets the state as last pushed.
    stream.on('account', (account) => accounts.push(account))
    await eventually(() => orders.length === 2, 'the order after the position snapshot')
    // Before the fix: 1000 positions "closed" by the empty snapshot, and the account twice.
    expect(positions).toEqual([])
    expect(accounts).toEqual([])
  })
})

describe('the state of a state topic is bounded', () => {
  test('keepState drops the least recently updated key past the cap', () => {
    const state = new Map<string, unknown>()
    expect([keepState(state, 'a', 1, 2), keepState(state, 'b', 2, 2)]).toEqual([false, false])
    expect(keepState(state, 'a', 3, 2)).toBe(false)
    expect(keepState(state, 'c', 4, 2)).toBe(true)
    expect([...state]).toEqual([
      ['a', 3],
      ['c', 4],
    ])
  })

  test(`decision: a server pushing ${maxStateKeys + extra} distinct positions leaves ${maxStateKeys} in the state, the least recently updated dropped, told once per state (a snapshot starts a new one)`, async () => {
    const stream = createPrivateStream<Topics>({
      connection: { url: await serveManyPositions() },
      topics,
      nameOf: (a) => (typeof a.topic === 'string' ? a.topic : undefined),
      now: () => Date.now(),
    })
    streams.push(stream)
    const errors: unknown[] = []
    stream.onConnection((event) => {
      if (event.type === 'error') errors.push(event.error)
    })
    const closed: string[] = []
    stream.on('position', (position) => {
      if (position.size === '0') closed.push(position.id)
    })
    const orders: string[] = []
    stream.on('order', (order) => orders.push(order.id))
    await eventually(() => orders.length === 2, 'the order after each snapshot', 20_000)
    // Each empty snapshot closes what the state held: the cap's worth, P0 (updated last) among
    // them, P1 to P50 (the least recently updated) not.
    expect(closed.length).toBe(2 * maxStateKeys)
    expect(closed.filter((id) => id === 'P0')).toHaveLength(2)
    expect(closed.some((id) => /^P([1-9]|[1-4]\d|50)$/.test(id))).toBe(false)
    // Told once per state: the snapshot started a new one.
    expect(errors.map((e) => (e as Error).name)).toEqual([
      'StreamStateCappedError',
      'StreamStateCappedError',
    ])
  })
})

describe('createPrivateStream: order pushes held while the stream reads what it missed', () => {
  type Order = { id: string; t: number; s: 0 | 1 | 2 }
  type Held = { order: Order; account: { equity: string } }
  const room = 100
  const burst = 5 * room
  const after = 50
  const order = (i: number, s: 0 | 1 | 2 = 0): Order => ({ id: `O${i}`, t: 1_000 + i, s })
  const orderPush = (o: Order) => push('order', 'update', [o])
  /** An error event of the server, read when it arrives (never held): the sign a burst was read. */
  const marker = JSON.stringify({ event: 'error', code: 99999, msg: 'burst sent' })

  /**
   * A stream of orders over a server that, on connection `burstOn`, pushes `burst` order updates
   * and the marker after the subscription's answer, and `after` more when `more()` is called;
   * on connection 1 before that, one final order. The REST reads wait for `reads.release()`.
   */
  async function burstServer(burstOn: 1 | 2) {
    let socketOf: Send | undefined
    const url = await subscriptionServer({
      connected: (send) => {
        socketOf = send
      },
      after: (send, connection) => {
        if (connection < burstOn) send(orderPush(order(0, 2)))
        if (connection !== burstOn) return
        for (let i = 1; i <= burst; i++) send(orderPush(order(i)))
        send(marker)
      },
    })
    const more = () => {
      for (let i = burst + 1; i <= burst + after; i++) socketOf?.(orderPush(order(i)))
    }
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const reads: GapReads<Order, never> = {
      openOrders: async () => {
        // The first read of the open orders (before the connection is ready) waits when the
        // burst comes on the first connection; the catch-up's read of the history waits always.
        if (burstOn === 1) await released
        return []
      },
      orderHistory: async () => {
        await released
        return []
      },
      fills: async () => [],
      order: async () => undefined,
    }
    return { url, reads, release, more }
  }

  async function run(burstOn: 1 | 2) {
    const { url, reads, release, more } = await burstServer(burstOn)
    const stream = createPrivateStream<Held, Order, never>({
      connection: { url, backoff: { initialMs: 10, maxMs: 20 } },
      topics: {
        order: { arg: arg('order'), kind: 'order', read: (raw) => raw as Order },
        account: { arg: arg('account'), kind: 'latest', read: (raw) => raw as Held['account'] },
      },
      nameOf: (a) => (typeof a.topic === 'string' ? a.topic : undefined),
      now: () => Date.now(),
      ledger: {
        order: {
          id: (o) => o.id,
          time: (o) => o.t,
          created: (o) => o.t,
          filled: () => '0',
          stage: (o) => o.s,
        },
        fill: { id: () => '', orderId: () => '', time: () => 0 },
        reads,
      },
    })
    streams.push(stream as unknown as PrivateStream<Topics>)
    const markers: unknown[] = []
    stream.onConnection((event) => {
      if (event.type === 'error') markers.push(event.error)
    })
    const ids: string[] = []
    let failure: unknown
    const total = burst + after + (burstOn === 2 ? 1 : 0)
    // A reader that reads as fast as it can: no await between its reads.
    const reading = (async () => {
      try {
        for await (const o of stream.read('order', { highWaterMark: room })) {
          ids.push(o.id)
          if (ids.length === total) return
        }
      } catch (error) {
        failure = error
      }
    })()
    if (burstOn === 2) {
      await eventually(() => ids.length === 1, 'the order of the first connection')
      stream.reconnect()
    }
    // Every pushed update was read by the stream (held: the reads wait), then the reads answer
    // and more updates come while the held ones go out.
    await eventually(() => markers.length === 1, 'the burst')
    release()
    more()
    await Promise.race([reading, eventually(() => failure !== undefined, 'never', 30_000)])
    return { ids, failure }
  }

  const expected = (first: number) =>
    Array.from({ length: burst + after + 1 - first }, (_, i) => `O${i + first}`)

  test(`${burst} order updates held during a catch-up, highWaterMark ${room}: a reader that reads as fast as it can gets all, in order, once, and those that came meanwhile after them`, async () => {
    // Before the fix: emitted at once, StreamOverflowError after ${room} of them.
    const { ids, failure } = await run(2)
    expect(failure).toBeUndefined()
    expect(ids).toEqual(expected(0))
  })

  test(`${burst} order updates held by the connection while the open orders are first read, highWaterMark ${room}: all, in order, once`, async () => {
    // Before the fix the connection flushed what it held at once: StreamOverflowError.
    const { ids, failure } = await run(1)
    expect(failure).toBeUndefined()
    expect(ids).toEqual(expected(1))
  })
})
