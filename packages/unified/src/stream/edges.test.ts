// The edges of the private stream, each found by an adversarial run and each failing before its
// fix: transient failures of the clock sync and of the REST reads (retried, never unhandled,
// never fatal), snapshots held while connecting, positions closed in a gap, per-connection
// subscription budgets, subscriptions acknowledged only partly before a drop, catch-ups
// abandoned by a drop or a close, and readers that join late.

import { getEventListeners } from 'node:events'
import { createStreamGate } from '@tradeline/rate-limit'
import { Decimal } from '@tradeline/rules'
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
    expect(closed).toMatchObject({ symbol: 'BTCUSDT', positionStatus: 'ended', total: '0' })
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
  test('readers created after the stream failed (a refused login) end at once with its error and keep nothing: no listener on their signal', async () => {
    const credentials = { ...env.sandbox.credentials, passphrase: 'not-the-passphrase' }
    const { stream } = env.open({ credentials })
    await expect(stream.ready()).rejects.toThrow()
    expect(stream.state).toBe('failed')
    const aborter = new AbortController()
    for (let i = 0; i < 5; i++) {
      const orders = stream.orders({ signal: aborter.signal })
      const error = await orders.next().catch((e: unknown) => e)
      expect((error as Error).name).toBe('StreamLoginError')
    }
    expect(getEventListeners(aborter.signal, 'abort')).toHaveLength(0)
  })

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

describe('pushes during a catch-up', () => {
  test('decision: the order and fill pushes that come while the catch-up reads are emitted right after its replay: an order filled in the gap and again during the catch-up shows its fills in time order, each before the order state that counts it; the account passes at once', async () => {
    const { stream, time, events, client } = env.open()
    const log: string[] = []
    const fills: { time: string | null; action: string }[] = []
    const orderStates: { filled: string | null; fillsBefore: number }[] = []
    const accounts: string[] = []
    stream.on('order', (o, meta) => {
      log.push(`order ${o.cumExecQty} ${meta.action}`)
      orderStates.push({ filled: o.cumExecQty, fillsBefore: fills.length })
    })
    stream.on('fill', (f, meta) => {
      log.push(`fill ${f.execQty} ${meta.action}`)
      fills.push({ time: f.createdTime, action: meta.action })
    })
    stream.on('account', (_, meta) => accounts.push(meta.action))
    await stream.ready()
    const order = await placeOrder(client, restingBuy)
    env.sandbox.admin.fill(order.orderId, '0.003')
    await eventually(() => fills.length === 1 && orderStates.length === 2, 'the first fill')
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    // In the gap: a second part filled.
    env.sandbox.admin.advanceClock(1)
    env.sandbox.admin.fill(order.orderId, '0.003')
    gate.hold()
    env.sandbox.admin.injectFault({
      path: '/api/v3/trade/history-orders',
      kind: 'delay',
      delayMs: 300,
    })
    const snapshots = accounts.length
    env.sandbox.admin.ws.refuse(false)
    time.advance(1000)
    await eventually(() => gate.waiting() === 1, "the catch-up's history read held at the exchange")
    await eventually(
      () => accounts.length > snapshots,
      'the account snapshot of the new connection',
    )
    const beforeLive = accounts.length
    // During the catch-up: a third part filled. Its account push comes after its fill and
    // order pushes on the same socket and passes at once; the fill and the order wait.
    env.sandbox.admin.advanceClock(1)
    env.sandbox.admin.fill(order.orderId, '0.003')
    await eventually(() => accounts.length > beforeLive, 'the account push of the live fill')
    expect(fills).toHaveLength(1)
    expect(readies(events)).toHaveLength(1)
    gate.release()
    await until(stream, time, () => readies(events).length === 2, 'the resumed ready')
    await eventually(() => fills.length === 3, 'the replayed and the held fill')
    expect(log).toEqual([
      'order 0 update',
      'fill 0.003 update',
      'order 0.003 update',
      // The replay: the gap's fill, then the order's state as REST read it (it counts that fill).
      'fill 0.003 replay',
      'order 0.006 replay',
      // The held live pushes of the catch-up, in the order they came.
      'fill 0.003 update',
      'order 0.009 update',
    ])
    const times = fills.map((f) => Number(f.time))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    // Each order state counts exactly the fills delivered before it.
    for (const { filled, fillsBefore } of orderStates)
      expect(Decimal.compare(filled ?? '', Decimal.multiply('0.003', String(fillsBefore)))).toBe(0)
    await cancelOrder(client, { orderId: order.orderId })
  })

  test('a listener that throws neither keeps the event from the other readers nor breaks a catch-up: a StreamListenerError event each time, and the stream becomes ready again', async () => {
    const { stream, time, events, client } = env.open()
    stream.on('order', () => {
      throw new Error('a bug of the listener')
    })
    const orders = stream.orders()
    await stream.ready()
    const order = await placeOrder(client, restingBuy)
    const [live] = await take(orders, 1)
    expect(live?.orderId).toBe(order.orderId)
    const listenerErrors = () =>
      (events as { type: string; error?: unknown }[]).filter(
        (e) => e.type === 'error' && (e.error as Error | undefined)?.name === 'StreamListenerError',
      ) as { error: { topic: string; cause: Error } }[]
    await eventually(() => listenerErrors().length === 1, 'the listener error event')
    expect(listenerErrors()[0]?.error.topic).toBe('order')
    expect(listenerErrors()[0]?.error.cause.message).toBe('a bug of the listener')
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    await cancelOrder(client, { orderId: order.orderId })
    env.sandbox.admin.ws.refuse(false)
    await until(stream, time, () => readies(events).length === 2, 'the resumed ready')
    const [cancelled] = await take(orders, 1)
    expect([cancelled?.orderId, cancelled?.orderStatus]).toEqual([order.orderId, 'cancelled'])
    // The replayed cancel reached the throwing listener too: a second error event, one drop only.
    expect(listenerErrors()).toHaveLength(2)
    expect(downs(events)).toHaveLength(1)
    await orders.return?.()
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
