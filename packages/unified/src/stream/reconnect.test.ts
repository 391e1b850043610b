// The connection under fire, over a real loopback WebSocket against the sandbox: the heartbeat
// and a stalled pong, a dropped connection, the 24-hour replacement, refused logins, and the gap
// test: what the sandbox did while the stream was down arrives once each, in order.

import { inspect } from 'node:util'
import { StreamLoginError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cancelOrder } from '../actions/cancelOrder.js'
import { placeOrder } from '../actions/placeOrder.js'
import { restingBuy } from '../test/sandbox.js'
import { eventually, streamSetup, take } from '../test/streams.js'

let env: Awaited<ReturnType<typeof streamSetup>>
beforeAll(async () => {
  env = await streamSetup()
})
afterAll(async () => {
  env.sandbox.admin.ws.refuse(false)
  env.sandbox.admin.ws.stallPongs(false)
  await env.close()
})

const downs = (events: { type: string }[]) =>
  events.filter((e) => e.type === 'down') as { type: 'down'; reason: string; retryInMs: number }[]
const readies = (events: { type: string }[]) =>
  events.filter((e) => e.type === 'ready') as { type: 'ready'; resumed: boolean }[]

describe('heartbeat', () => {
  test('a text ping every 30 s answered by pong keeps the connection; a stalled pong drops it and it comes back', async () => {
    const { stream, time, events } = env.open()
    const orders = stream.orders()
    await stream.ready()
    // A ping arms its pong deadline (one more pending timer) and the pong clears it: each pong is
    // awaited as that event, not as 50 ms of real time a busy machine may not keep.
    const idle = time.pending()
    for (let i = 0; i < 3; i++) {
      time.advance(30_000) // a ping, at 30 s, 60 s and 90 s
      expect(time.pending()).toBe(idle + 1)
      await eventually(() => time.pending() === idle, 'the pong')
    }
    time.advance(10_000) // past the last ping's pong deadline
    expect(downs(events)).toEqual([])
    env.sandbox.admin.ws.stallPongs(true)
    time.advance(20_000)
    await new Promise((resolve) => setTimeout(resolve, 50))
    time.advance(10_000) // no pong within 10 s
    expect(downs(events)).toEqual([{ type: 'down', reason: 'pong', retryInMs: 375 }])
    env.sandbox.admin.ws.stallPongs(false)
    time.advance(375)
    await eventually(() => readies(events).length === 2, 'the second ready')
    expect(readies(events).map((r) => r.resumed)).toEqual([false, true])
    expect(stream.state).toBe('ready')
    await orders.return?.()
  })
})

describe('reconnect', () => {
  test('a dropped connection: backoff with jitter, login and subscriptions again, events flow again', async () => {
    const { stream, time, events, client } = env.open({ random: () => 0 })
    const orders = stream.orders()
    await stream.ready()
    expect(env.sandbox.admin.ws.drop()).toBeGreaterThan(0)
    await eventually(() => downs(events).length === 1, 'the drop')
    // First retry: 500 ms jittered down to half. The connection ended without a close frame: 1006.
    expect(downs(events)[0]).toEqual({
      type: 'down',
      reason: 'closed',
      retryInMs: 250,
      close: { code: 1006, reason: '' },
    })
    env.sandbox.admin.ws.refuse(true)
    time.advance(250)
    await eventually(() => downs(events).length === 2, 'the refused upgrade')
    // Each failure doubles the wait (500 ms, then 1000 ms, ...), up to 30 s.
    expect(downs(events)[1]?.retryInMs).toBe(500)
    env.sandbox.admin.ws.refuse(false)
    time.advance(500)
    await eventually(() => readies(events).length === 2, 'the ready after the drop')
    const ack = await placeOrder(client, restingBuy)
    const [event] = await take(orders, 1)
    expect(event?.orderId).toBe(ack.orderId)
    await cancelOrder(client, { orderId: ack.orderId })
    await orders.return?.()
  })

  test('the 24-hour cut: the connection is replaced before it, at once', async () => {
    const { stream, time, events } = env.open({ maxAgeMs: 60_000, pingIntervalMs: 100_000 })
    const orders = stream.orders()
    await stream.ready()
    time.advance(60_000)
    expect(downs(events)).toEqual([{ type: 'down', reason: 'age', retryInMs: 0 }])
    time.advance(0)
    await eventually(() => readies(events).length === 2, 'the replacement')
    await orders.return?.()
  })

  test('the default maximum age is 23 h 55 min', async () => {
    const { stream, time, events } = env.open({ pingIntervalMs: 10 * 86_400_000 })
    const orders = stream.orders()
    await stream.ready()
    time.advance(86_100_000 - 1)
    expect(downs(events)).toEqual([])
    time.advance(1)
    expect(downs(events)).toEqual([{ type: 'down', reason: 'age', retryInMs: 0 }])
    time.advance(0)
    await eventually(() => readies(events).length === 2, 'the replacement')
    await orders.return?.()
  })
})

describe('the gap', () => {
  test('fills and cancels while the stream is down arrive once each, in order, then live events', async () => {
    const { stream, time, events, client } = env.open()
    const orders = stream.orders()
    const fills = stream.fills()
    const counted = { order: 0, fill: 0 }
    stream.on('order', () => counted.order++)
    stream.on('fill', () => counted.fill++)
    await stream.ready()
    const a = await placeOrder(client, restingBuy)
    const b = await placeOrder(client, restingBuy)
    const c = await placeOrder(client, restingBuy)
    const before = await take(orders, 3)
    expect(before.map((o) => o.orderId)).toEqual([a.orderId, b.orderId, c.orderId])

    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    // While down: a full fill, a partial fill, a cancel, and a new order placed and filled.
    env.sandbox.admin.advanceClock(5)
    env.sandbox.admin.fill(a.orderId)
    env.sandbox.admin.advanceClock(5)
    env.sandbox.admin.fill(b.orderId, '0.004')
    env.sandbox.admin.advanceClock(5)
    await cancelOrder(client, { orderId: c.orderId })
    env.sandbox.admin.advanceClock(5)
    const d = await placeOrder(client, restingBuy)
    env.sandbox.admin.advanceClock(5)
    env.sandbox.admin.fill(d.orderId)
    env.sandbox.admin.ws.refuse(false)
    time.advance(1000)
    await eventually(() => readies(events).length === 2, 'the resumed ready')

    const missedOrders = await take(orders, 4)
    expect(missedOrders.map((o) => [o.orderId, o.orderStatus])).toEqual([
      [a.orderId, 'filled'],
      [b.orderId, 'partially_filled'],
      [c.orderId, 'cancelled'],
      [d.orderId, 'filled'],
    ])
    const missedFills = await take(fills, 3)
    expect(missedFills.map((f) => [f.orderId, f.execQty])).toEqual([
      [a.orderId, '0.01'],
      [b.orderId, '0.004'],
      [d.orderId, '0.01'],
    ])
    // Exactly once: nothing more, even after another reconnect with nothing new.
    expect(counted).toEqual({ order: 7, fill: 3 })
    stream.reconnect()
    time.advance(1000)
    await eventually(() => readies(events).length === 3, 'the third ready')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(counted).toEqual({ order: 7, fill: 3 })
    // Live events follow.
    env.sandbox.admin.fill(b.orderId)
    const [live] = await take(orders, 1)
    expect([live?.orderId, live?.orderStatus]).toEqual([b.orderId, 'filled'])
    const [liveFill] = await take(fills, 1)
    expect(liveFill?.orderId).toBe(b.orderId)
    await orders.return?.()
    await fills.return?.()
  })

  test('an order placed before the stream began and cancelled while it was down: its cancel is replayed', async () => {
    const { stream, time, events, client } = env.open()
    const old = await placeOrder(client, restingBuy)
    env.sandbox.admin.advanceClock(1000)
    const orders = stream.orders()
    await stream.ready()
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    env.sandbox.admin.advanceClock(5)
    await cancelOrder(client, { orderId: old.orderId })
    env.sandbox.admin.ws.refuse(false)
    time.advance(1000)
    const [replayed] = await take(orders, 1)
    expect([replayed?.orderId, replayed?.orderStatus]).toEqual([old.orderId, 'cancelled'])
    await orders.return?.()
  })

  test("a replay longer than a reader's room (highWaterMark 4, 12 missed orders) reaches a reader that reads as events come: in parts, in order, no overflow", async () => {
    const { stream, time, events, client } = env.open()
    const seen: string[] = []
    let failure: unknown
    const orders = stream.orders({ highWaterMark: 4 })
    const reading = (async () => {
      for await (const order of orders) seen.push(order.orderId)
    })().catch((error: unknown) => {
      failure = error
    })
    await stream.ready()
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    const placed: string[] = []
    for (let i = 0; i < 12; i++) {
      env.sandbox.admin.advanceClock(5)
      placed.push((await placeOrder(client, restingBuy)).orderId)
    }
    env.sandbox.admin.ws.refuse(false)
    time.advance(1000)
    await eventually(() => readies(events).length === 2, 'the resumed ready')
    await eventually(() => seen.length >= 12 || failure !== undefined, 'the replay')
    // Emitted at once, the 12 overflowed the reader's room of 4 (StreamOverflowError).
    expect(failure).toBeUndefined()
    expect(seen).toEqual(placed)
    await orders.return?.()
    await reading
    for (const orderId of placed) await cancelOrder(client, { orderId })
  })

  test('listeners see the missed events as replays, fills before the order update of the same moment', async () => {
    const { stream, time, events, client } = env.open()
    const seen: string[] = []
    stream.on('order', (o, meta) => seen.push(`order ${o.orderStatus} ${meta.action}`))
    stream.on('fill', (f, meta) => seen.push(`fill ${f.execQty} ${meta.action}`))
    await stream.ready()
    const a = await placeOrder(client, restingBuy)
    await eventually(() => seen.length === 1, 'the live event')
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    env.sandbox.admin.advanceClock(5)
    env.sandbox.admin.fill(a.orderId)
    env.sandbox.admin.ws.refuse(false)
    time.advance(1000)
    await eventually(() => seen.length === 3, 'the replays')
    expect(seen).toEqual(['order live update', 'fill 0.01 replay', 'order filled replay'])
  })
})

describe('login', () => {
  const cases = [
    ['a wrong secret', { secret: 'not-the-secret' }, 30015],
    ['a wrong passphrase', { passphrase: 'not-the-passphrase' }, 30012],
    ['an unknown key', { apiKey: 'bg_unknown_key' }, 30011],
  ] as const
  test.each(cases)(
    '%s: StreamLoginError %s, no reconnect, no secret in it',
    async (_, wrong, code) => {
      const credentials = { ...env.sandbox.credentials, ...wrong }
      const { stream, time, events } = env.open({ credentials })
      const orders = stream.orders()
      const error = await orders.next().catch((e: unknown) => e)
      expect(StreamLoginError.isInstance(error)).toBe(true)
      expect((error as StreamLoginError).code).toBe(code)
      expect(stream.state).toBe('failed')
      time.advance(60_000)
      expect(downs(events)).toEqual([])
      await expect(stream.ready()).rejects.toThrow(StreamLoginError)
      for (const text of [
        String((error as Error).stack),
        JSON.stringify(error),
        inspect(error, { depth: 5 }),
      ])
        for (const secret of [
          credentials.secret,
          credentials.passphrase,
          env.sandbox.credentials.secret,
        ])
          expect(text).not.toContain(secret)
    },
  )

  test('30014 (timestamp expired): the clock is synchronised with the server and the login tried once more', async () => {
    // A client whose local clock is 90 s behind the exchange's.
    const { stream, events } = env.open({}, { clock: { now: () => Date.now() - 90_000 } })
    await stream.ready()
    expect(readies(events)).toEqual([{ type: 'ready', resumed: false }])
    expect(downs(events)).toEqual([])
  })
})

describe('secrets', () => {
  test('the stream object shows neither the secret nor the passphrase', async () => {
    const { stream } = env.open()
    await stream.ready()
    const text = `${JSON.stringify(stream)} ${inspect(stream, { depth: 8, showHidden: true })}`
    expect(text).not.toContain(env.sandbox.credentials.secret)
    expect(text).not.toContain(env.sandbox.credentials.passphrase)
  })
})
