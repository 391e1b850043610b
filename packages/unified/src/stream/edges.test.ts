// The edges of the private stream, each found by an adversarial run and each failing before its
// fix: transient failures of the clock sync and of the REST reads (retried, never unhandled,
// never fatal), snapshots held while connecting, positions closed in a gap, per-connection
// subscription budgets, subscriptions acknowledged only partly before a drop, catch-ups
// abandoned by a drop or a close, and readers that join late.

import { createStreamGate } from '@tradeline/rate-limit'
import { createTimerGate } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cancelOrder } from '../actions/cancelOrder.js'
import { placeOrder } from '../actions/placeOrder.js'
import { futuresBuy, restingBuy } from '../test/sandbox.js'
import { eventually, streamSetup, take } from '../test/streams.js'

let env: Awaited<ReturnType<typeof streamSetup>>
const gate = createTimerGate()
beforeAll(async () => {
  env = await streamSetup({ timers: gate })
})
afterAll(async () => {
  gate.release()
  env.sandbox.admin.ws.refuse(false)
  env.sandbox.admin.clearFaults()
  await env.close()
})

type Events = { type: string; reason?: string }[]
const downs = (events: Events) => events.filter((e) => e.type === 'down')
const readies = (events: Events) => events.filter((e) => e.type === 'ready')
const errors = (events: Events) => events.filter((e) => e.type === 'error')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs the stream's backoff waits (manual timers) whenever it waits to reconnect, until `check`
 * holds; no other timer (answer, pong) is moved, so a slow machine cannot time a connection out.
 */
async function until(
  stream: { readonly state: string },
  time: { advance(ms: number): number },
  check: () => boolean,
  what: string,
): Promise<void> {
  await eventually(
    () => {
      if (stream.state === 'reconnecting') time.advance(30_000)
      return check()
    },
    what,
    10_000,
  )
}

const timePath = '/api/v2/public/time'

describe('transient failures are retried, never unhandled and never fatal', () => {
  test('the clock sync after a 30014 answered 500 three times: an error event, a drop, then a login that works', async () => {
    const { stream, time, events } = env.open()
    const orders = stream.orders()
    await stream.ready()
    // The server's clock jumps 45 s ahead: the next login is refused 30014 and the clock
    // sync that follows fails three times.
    env.sandbox.admin.advanceClock(45_000)
    env.sandbox.admin.injectFault({ path: timePath, kind: 'http500', times: 3 })
    env.sandbox.admin.ws.drop()
    await until(stream, time, () => errors(events).length > 0, 'the error event')
    expect(stream.state).not.toBe('failed')
    await until(stream, time, () => readies(events).length === 2, 'the ready after the failed sync')
    expect(downs(events).some((e) => e.reason === 'login')).toBe(true)
    expect(stream.state).toBe('ready')
    await orders.return?.()
  })

  test('the time endpoint failing at start: the stream retries and becomes ready (failed is only for refused logins)', async () => {
    env.sandbox.admin.injectFault({ path: timePath, kind: 'http500', times: 3 })
    const { stream, time, events } = env.open()
    const orders = stream.orders()
    const ready = stream.ready()
    await until(stream, time, () => readies(events).length === 1, 'the first ready')
    await ready
    expect(stream.state).toBe('ready')
    expect(errors(events).length).toBeGreaterThan(0)
    await orders.return?.()
  })

  test('the open orders unreadable at start: ready() waits, the read is retried, the orders open before the stream are known', async () => {
    const { client } = env.open()
    const old = await placeOrder(client, restingBuy)
    env.sandbox.admin.injectFault({
      path: '/api/v3/trade/unfilled-orders',
      kind: 'http500',
      times: 3,
    })
    const { stream, time, events } = env.open()
    const orders = stream.orders()
    let readyAt: number | undefined
    const ready = stream.ready().then(() => {
      readyAt = events.length
    })
    await until(stream, time, () => downs(events).length > 0, 'the drop')
    expect(readyAt).toBeUndefined()
    await until(stream, time, () => readyAt !== undefined, 'ready')
    await ready
    // The seeded order's cancel in a gap is found (it was known to be open).
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    const before = readies(events).length
    await eventually(() => stream.state !== 'ready', 'the drop')
    await cancelOrder(client, { orderId: old.orderId })
    env.sandbox.admin.ws.refuse(false)
    await until(stream, time, () => readies(events).length > before, 'the resumed ready')
    const [cancelled] = await take(orders, 1)
    expect([cancelled?.orderId, cancelled?.orderStatus]).toEqual([old.orderId, 'cancelled'])
    await orders.return?.()
  })

  test('the order history failing during a catch-up: the connection drops and tries again; the cancel is emitted', async () => {
    const { stream, time, events, client } = env.open()
    const orders = stream.orders()
    await stream.ready()
    const order = await placeOrder(client, restingBuy)
    await take(orders, 1)
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    await cancelOrder(client, { orderId: order.orderId })
    env.sandbox.admin.injectFault({
      path: '/api/v3/trade/history-orders',
      kind: 'http500',
      times: 15,
    })
    env.sandbox.admin.ws.refuse(false)
    await until(
      stream,
      time,
      () => downs(events).some((e) => e.reason === 'resume'),
      'a failed catch-up',
    )
    env.sandbox.admin.clearFaults()
    await until(stream, time, () => stream.state === 'ready', 'the resumed ready')
    const [cancelled] = await take(orders, 1)
    expect([cancelled?.orderId, cancelled?.orderStatus]).toEqual([order.orderId, 'cancelled'])
    await orders.return?.()
  })
})

describe('snapshots and positions', () => {
  test('position and account subscribed together on the first connection: both snapshots delivered, also to readers created before ready() and to a later reader', async () => {
    const { client } = env.open()
    const ack = await placeOrder(client, futuresBuy)
    env.sandbox.admin.fill(ack.orderId)
    const { stream } = env.open()
    const positions = stream.positions()
    const account = stream.account()
    const [position] = await take(positions, 1)
    const [assets] = await take(account, 1)
    expect(position).toMatchObject({ symbol: 'BTCUSDT', positionStatus: 'normal' })
    expect(assets?.accountEquity).toBeTruthy()
    await stream.ready()
    const later = stream.positions()
    const [joined] = await take(later, 1)
    expect(joined).toEqual(position)
    for (const iterator of [positions, account, later]) await iterator.return?.()
  })

  test('a position closed while the stream was down is reported closed by the new snapshot; then a snapshot replaces the state', async () => {
    const { stream, time, events, client } = env.open()
    const positions = stream.positions()
    const [open] = await take(positions, 1)
    expect(open?.positionStatus).toBe('normal')
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    const close = await placeOrder(client, {
      ...futuresBuy,
      side: 'sell',
      orderType: 'market',
      price: undefined,
      reduceOnly: 'yes',
      qty: open?.total ?? '0.01',
    })
    expect(close.orderId).toBeTruthy()
    env.sandbox.admin.ws.refuse(false)
    await until(stream, time, () => readies(events).length === 2, 'the resumed ready')
    const [closed] = await take(positions, 1)
    expect(closed).toMatchObject({ symbol: 'BTCUSDT', positionStatus: 'ended', total: null })
    // Nothing is open now: a late reader gets nothing.
    const late = stream.positions()
    const next = await Promise.race([late.next(), sleep(150).then(() => 'nothing')])
    expect(next).toBe('nothing')
    await late.return?.()
    await positions.return?.()
  })
})

describe('limits and partial subscriptions', () => {
  test('the subscription budget is per connection: the 61st connection with 4 topics subscribes at once', async () => {
    const limits = createStreamGate()
    const waits: Promise<void>[] = []
    for (let connection = 1; connection <= 61; connection++)
      waits.push(limits.gate('subscribe', 4, connection))
    // 244 subscriptions in all, 240 an hour per connection: none of them has to wait an hour.
    const settled = await Promise.race([
      Promise.all(waits).then(() => 'subscribed'),
      sleep(5000).then(() => 'waiting'),
    ])
    expect(settled).toBe('subscribed')
    limits.close()
  })

  test('a drop while a subscription is unanswered: the fills of the gap are read once it is answered', async () => {
    const { stream, time, events, client } = env.open()
    const orders = stream.orders()
    await stream.ready()
    const order = await placeOrder(client, restingBuy)
    await take(orders, 1)
    // fills() asks for its subscription; the drop comes before the answer.
    const fills = stream.fills()
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    env.sandbox.admin.fill(order.orderId)
    env.sandbox.admin.ws.refuse(false)
    await until(stream, time, () => readies(events).length === 2, 'the resumed ready')
    const [fill] = await take(fills, 1)
    expect(fill?.orderId).toBe(order.orderId)
    await orders.return?.()
    await fills.return?.()
  })
})

describe('abandoned work and late readers', () => {
  test('a catch-up abandoned by close() emits nothing after close() resolved', async () => {
    // The catch-up's read is held at the gate until the stream has closed, and its answer is
    // awaited as the client's response hook: no bet of 100 ms and 500 ms against a 300 ms delay.
    let lateAnswers = 0
    const { stream, time, events, client } = env.open(
      {},
      {
        hooks: {
          response: ({ request }) => {
            if (request.url.includes('/api/v3/trade/unfilled-orders')) lateAnswers++
          },
        },
      },
    )
    const seen: string[] = []
    stream.on('order', (o, meta) => seen.push(`${o.orderStatus} ${meta.action}`))
    await stream.ready()
    const order = await placeOrder(client, restingBuy)
    await eventually(() => seen.length === 1, 'the live order')
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    await cancelOrder(client, { orderId: order.orderId })
    gate.hold()
    env.sandbox.admin.injectFault({
      path: '/api/v3/trade/unfilled-orders',
      kind: 'delay',
      delayMs: 300,
    })
    env.sandbox.admin.ws.refuse(false)
    time.advance(1000)
    await eventually(() => events.filter((e) => e.type === 'open').length === 2, 'the second open')
    await eventually(() => gate.waiting() === 1, "the catch-up's first read at the exchange")
    await stream.close()
    const after = seen.length
    gate.release()
    await eventually(() => lateAnswers === 1, 'the answer of the delayed read')
    // The answer is read and handed on within the microtasks that follow its hook.
    await new Promise((resolve) => setImmediate(resolve))
    expect(seen.length).toBe(after)
    expect(seen).toEqual(['live update'])
  })

  test('a reader that joins during a gap does not get the replay of what happened before it joined', async () => {
    const { stream, time, events, client } = env.open()
    const first = stream.orders()
    await stream.ready()
    const order = await placeOrder(client, restingBuy)
    await take(first, 1)
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    await cancelOrder(client, { orderId: order.orderId })
    await sleep(300) // well past the 50 ms the join allows for the clock's estimate
    const second = stream.orders()
    env.sandbox.admin.ws.refuse(false)
    await until(stream, time, () => readies(events).length === 2, 'the resumed ready')
    const [replayed] = await take(first, 1)
    expect([replayed?.orderId, replayed?.orderStatus]).toEqual([order.orderId, 'cancelled'])
    const next = await placeOrder(client, restingBuy)
    const [live] = await take(second, 1)
    expect(live?.orderId).toBe(next.orderId)
    await cancelOrder(client, { orderId: next.orderId })
    await first.return?.()
    await second.return?.()
  })
})

describe('live pushes during a catch-up', () => {
  test('decision: a fill pushed while the catch-up reads reaches its listener before the catch-up ends; the replay then brings only what the live pushes did not', async () => {
    const { stream, time, events, client } = env.open()
    const seen: string[] = []
    const fills: string[] = []
    stream.on('order', (o, meta) => seen.push(`${o.orderId} ${o.orderStatus} ${meta.action}`))
    stream.on('fill', (f, meta) => fills.push(`${f.orderId} ${meta.action}`))
    await stream.ready()
    const gone = await placeOrder(client, restingBuy)
    await eventually(() => seen.length === 1, 'the live order')
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    // In the gap: one order cancelled, one placed (open when the catch-up reads the open orders).
    await cancelOrder(client, { orderId: gone.orderId })
    const fresh = await placeOrder(client, restingBuy)
    gate.hold()
    env.sandbox.admin.injectFault({
      path: '/api/v3/trade/history-orders',
      kind: 'delay',
      delayMs: 300,
    })
    env.sandbox.admin.ws.refuse(false)
    time.advance(1000)
    await eventually(() => gate.waiting() === 1, "the catch-up's history read held at the exchange")
    env.sandbox.admin.fill(fresh.orderId)
    await eventually(() => fills.length === 1, 'the live fill, while the catch-up waits')
    // The catch-up has not ended: the resumed connection is not ready yet.
    expect(readies(events)).toHaveLength(1)
    expect(fills).toEqual([`${fresh.orderId} update`])
    expect(seen).toEqual([`${gone.orderId} live update`, `${fresh.orderId} filled update`])
    gate.release()
    await until(stream, time, () => readies(events).length === 2, 'the resumed ready')
    // The cancel of the gap is replayed; the fresh order's open state (read before its fill)
    // and its fill are not emitted again.
    expect(seen).toEqual([
      `${gone.orderId} live update`,
      `${fresh.orderId} filled update`,
      `${gone.orderId} cancelled replay`,
    ])
    expect(fills).toEqual([`${fresh.orderId} update`])
  })
})

describe('an order only its own lookup finds', () => {
  // Last in this file: it moves the sandbox's clock 91 days on.
  test('an order-info failure during a catch-up is not swallowed: the connection drops and tries again; the cancel is emitted', async () => {
    const { stream, time, events, client } = env.open()
    const orders = stream.orders()
    await stream.ready()
    const order = await placeOrder(client, restingBuy)
    await take(orders, 1)
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    // 91 days on, the order is older than the history's 90-day window: only order-info finds it.
    env.sandbox.admin.advanceClock(91 * 86_400_000)
    await client.transport.clock.sync()
    await cancelOrder(client, { orderId: order.orderId })
    env.sandbox.admin.injectFault({ path: '/api/v3/trade/order-info', kind: 'http500', times: 3 })
    env.sandbox.admin.ws.refuse(false)
    await until(
      stream,
      time,
      () => downs(events).some((e) => e.reason === 'resume'),
      'a failed catch-up',
    )
    await until(stream, time, () => stream.state === 'ready', 'the resumed ready')
    const [cancelled] = await take(orders, 1)
    expect([cancelled?.orderId, cancelled?.orderStatus]).toEqual([order.orderId, 'cancelled'])
    await orders.return?.()
  })
})
