// The private stream against a server whose pushes are faulty (a small `ws` server on 127.0.0.1
// that this file starts and stops): a positions snapshot with a record that does not read (its
// position is not reported closed), an order stamped a week ahead (the next gap is still read
// from the drop), and a refusal of a subscription this stream never asked for (its readers go
// on). Each failed before its fix.
import { eventually } from '@tradeline/fuzz/timers'
import { afterEach, describe, expect, test } from 'vitest'
import { closeSubscriptionServers, subscriptionServer } from '../test/subscriptionServer.js'
import type { GapReads } from './ledger.js'
import { createPrivateStream } from './privateStream.js'
import type { PrivateStream } from './privateTypes.js'
import type { StreamEvent } from './types.js'

const closers: PrivateStream<never>[] = []
afterEach(async () => {
  for (const stream of closers.splice(0)) await stream.close()
  await closeSubscriptionServers()
})

const arg = (topic: string) => ({ instType: 'UTA', topic })
const push = (topic: string, action: string, data: unknown[]) =>
  JSON.stringify({ action, arg: arg(topic), data, ts: 1 })
const nameOf = (a: Readonly<Record<string, unknown>>) =>
  typeof a.topic === 'string' ? a.topic : undefined

type Position = { id: string; size: string }
type Marker = { id: string }

/** A position reads only with its size as text (a JSON number of 16+ digits does not read). */
const readPosition = (raw: unknown): Position => {
  const r = raw as { id?: unknown; size?: unknown }
  if (typeof r.id !== 'string' || typeof r.size !== 'string') throw new TypeError('size: not text')
  return { id: r.id, size: r.size }
}

describe('a positions snapshot with a record that does not read', () => {
  const snapshots: unknown[][] = [
    [
      { id: 'P1', size: '1' },
      { id: 'P2', size: '1' },
    ],
    // P2 does not read (its size a JSON number): its key still reads.
    [
      { id: 'P1', size: '2' },
      { id: 'P2', size: 5788.108475905242 },
    ],
    // A record whose key does not read either: it may be P2 (or P1): nothing is closed.
    [{ id: 'P1', size: '3' }, { size: '1' }],
    // A snapshot that reads whole and no longer lists P2: P2 is closed, once.
    [{ id: 'P1', size: '4' }],
  ]

  test('decision: its position keeps its last state (not reported closed); one whose key does not read either closes nothing; a later snapshot that reads whole closes what it no longer lists', async () => {
    const url = await subscriptionServer({
      each: (send, subscribed) => {
        if (subscribed.topic !== 'position') return
        for (const data of snapshots) send(push('position', 'snapshot', data))
        send(push('marker', 'update', [{ id: 'end' }]))
      },
    })
    const stream = createPrivateStream<{ position: Position; marker: Marker }>({
      connection: { url },
      topics: {
        position: {
          arg: arg('position'),
          kind: 'state',
          read: readPosition,
          rawKey: (raw) => (raw as { id?: unknown }).id as string | undefined,
          key: (p) => p.id,
          isClosed: (p) => p.size === '0',
          closed: (p) => ({ ...p, size: '0' }),
        },
        marker: { arg: arg('marker'), kind: 'event', read: (raw) => raw as Marker },
      },
      nameOf,
      now: () => Date.now(),
    })
    closers.push(stream as never)
    const seen: string[] = []
    const errors: string[] = []
    stream.onConnection((e) => {
      if (e.type === 'error') errors.push((e.error as Error).name)
    })
    let ended = false
    stream.on('marker', () => {
      ended = true
    })
    stream.on('position', (p) => seen.push(`${p.id}:${p.size}`))
    await eventually(() => ended, 'the marker after the snapshots')
    // Before the fix: P2:0 (closed) after the second and after the third snapshot.
    expect(seen).toEqual(['P1:1', 'P2:1', 'P1:2', 'P1:3', 'P2:0', 'P1:4'])
    expect(errors).toEqual(['StreamPushError', 'StreamPushError'])
  })
})

describe('an order pushed with an update time a week ahead', () => {
  test('the gap after the next drop is read from the time of the drop, not from next week', async () => {
    const week = 7 * 86_400_000
    const url = await subscriptionServer({
      each: (send, subscribed, connection) => {
        if (subscribed.topic === 'order' && connection === 1)
          send(push('order', 'update', [{ id: 'O1', t: Date.now() + week }]))
      },
    })
    const starts: number[] = []
    const reads: GapReads<{ id: string; t: number }, never> = {
      openOrders: async () => [],
      orderHistory: async (start) => {
        starts.push(start)
        return []
      },
      fills: async () => [],
      order: async () => undefined,
    }
    type Order = { id: string; t: number }
    const stream = createPrivateStream<{ order: Order }, Order, never>({
      connection: { url, backoff: { initialMs: 10, maxMs: 20 } },
      topics: { order: { arg: arg('order'), kind: 'order', read: (raw) => raw as Order } },
      nameOf,
      now: () => Date.now(),
      ledger: {
        order: {
          id: (o) => o.id,
          time: (o) => o.t,
          created: (o) => o.t,
          filled: () => '0',
          stage: () => 0,
        },
        fill: { id: () => '', orderId: () => '', time: () => 0 },
        reads,
      },
    })
    closers.push(stream as never)
    const orders: string[] = []
    stream.on('order', (o) => orders.push(o.id))
    await eventually(() => orders.length === 1, 'the order stamped ahead')
    const beforeDrop = Date.now()
    stream.reconnect()
    await eventually(() => starts.length === 1, 'the read of the gap')
    // Before the fix: from next week less the 2 s slack.
    expect(starts[0]).toBeLessThanOrEqual(beforeDrop)
  })
})

describe('a subscription refused that this stream never asked for', () => {
  test("the refusal of another product type's channel of the same name does not end this topic's readers; it is told as a connection error", async () => {
    const foreign = { instType: 'SPOT', topic: 'order' }
    const url = await subscriptionServer({
      each: (send, subscribed) => {
        if (subscribed.topic !== 'order') return
        send(JSON.stringify({ event: 'error', code: 30001, msg: 'no channel', arg: foreign }))
        send(push('order', 'update', [{ id: 'O1' }]))
      },
    })
    const stream = createPrivateStream<{ order: Marker }>({
      connection: { url },
      topics: { order: { arg: arg('order'), kind: 'event', read: (raw) => raw as Marker } },
      nameOf,
      now: () => Date.now(),
    })
    closers.push(stream as never)
    const events: StreamEvent[] = []
    stream.onConnection((e) => events.push(e))
    const got: string[] = []
    for await (const order of stream.read('order')) {
      got.push(order.id)
      break
    }
    // Before the fix the reader threw StreamSubscribeError (matched by the topic's name alone).
    expect(got).toEqual(['O1'])
    const told = events.flatMap((e) =>
      e.type === 'error' ? [e.error as { name: string; arg?: unknown }] : [],
    )
    expect(told.map((e) => [e.name, e.arg])).toEqual([['StreamSubscribeError', foreign]])
  })
})

describe('an error naming a subscription (a hostile-server review)', () => {
  const orderStream = (url: string) => {
    const stream = createPrivateStream<{ order: Marker }>({
      connection: { url, backoff: { initialMs: 5, maxMs: 5 } },
      topics: { order: { arg: arg('order'), kind: 'event', read: (raw) => raw as Marker } },
      nameOf,
      now: () => Date.now(),
    })
    closers.push(stream as never)
    const errors: string[] = []
    stream.onConnection((e) => {
      if (e.type === 'error') errors.push((e.error as Error).name)
    })
    return { stream, errors }
  }

  test('one naming a subscription acknowledged before is told, and the subscription stays: sent again on the next connection, its pushes reach the listener', async () => {
    const url = await subscriptionServer({
      each: (send, subscribed, connection, close) => {
        if (subscribed.topic !== 'order') return
        if (connection === 1) {
          send(JSON.stringify({ event: 'error', code: 30006, msg: 'busy', arg: arg('order') }))
          close()
          return
        }
        send(push('order', 'update', [{ id: `O${connection}` }]))
      },
    })
    const { stream, errors } = orderStream(url)
    const got: string[] = []
    stream.on('order', (order) => got.push(order.id))
    // Before the fix the subscription was removed: never sent on connection 2, O2 never came.
    await eventually(() => got.includes('O2'), 'O2 pushed on connection 2')
    expect(got).toEqual(['O2'])
    expect(errors).toContain('StreamSubscribeError')
  })

  test('one naming a subscription acknowledged before, the exchange having dropped it: sent again at once, refused while it waits, the reader ends', async () => {
    let asked = 0
    const url = await subscriptionServer({
      answer: (subscribed) =>
        subscribed.topic === 'order' && ++asked > 1 ? undefined : subscribed,
      each: (send, subscribed) => {
        if (subscribed.topic !== 'order') return
        if (asked === 1) {
          send(push('order', 'update', [{ id: 'O1' }]))
          send(JSON.stringify({ event: 'error', code: 30001, msg: 'dropped', arg: arg('order') }))
          return
        }
        send(JSON.stringify({ event: 'error', code: 30001, msg: 'dropped', arg: arg('order') }))
      },
    })
    const { stream } = orderStream(url)
    const got: string[] = []
    const ended = (async () => {
      for await (const order of stream.read('order')) got.push(order.id)
    })().then(
      () => 'done',
      (error: Error) => error.name,
    )
    // Before: the reader waited for ever on a connection that sent no subscribe again.
    expect(await ended).toBe('StreamSubscribeError')
    expect(got).toEqual(['O1'])
    expect(asked).toBe(2)
  })

  test('a subscription refused when asked: the listener is told once and leaves, and a later listener of the topic subscribes again', async () => {
    let asked = 0
    const url = await subscriptionServer({
      answer: (subscribed) =>
        subscribed.topic === 'order' && ++asked === 1 ? undefined : subscribed,
      each: (send, subscribed) => {
        if (subscribed.topic !== 'order') return
        if (asked === 1) {
          send(
            JSON.stringify({ event: 'error', code: 30001, msg: 'no channel', arg: arg('order') }),
          )
          return
        }
        send(push('order', 'update', [{ id: 'O1' }]))
      },
    })
    const { stream, errors } = orderStream(url)
    const first: string[] = []
    stream.on('order', (order) => first.push(order.id))
    await eventually(() => errors.length > 0, 'the refusal told')
    const second: string[] = []
    stream.on('order', (order) => second.push(order.id))
    // Before the fix the first listener stayed attached: no second subscribe, nothing came.
    await eventually(() => second.length > 0, 'O1 to the later listener')
    expect(second).toEqual(['O1'])
    expect(first).toEqual([])
    // Told once (before the fix twice: by the refusal and by the rejected subscribe).
    expect(errors).toEqual(['StreamSubscribeError'])
  })
})
