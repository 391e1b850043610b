// The classic stream under fire, over a real loopback WebSocket against the sandbox: a stalled
// pong and a dropped connection come back; what the sandbox did while the stream was down
// (orders cancelled and filled, fills, a position closed) arrives once each, in order, through
// classic REST, before the live pushes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy } from '../test/sandbox.js'
import { eventually, quiet, streamSetup, take } from '../test/streams.js'

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
const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const

/** Drops the connection with upgrades refused, runs `gap`, lets it back and waits for the resumed ready. */
async function whileDown(
  opened: ReturnType<typeof env.open>,
  gap: () => Promise<void> | void,
): Promise<void> {
  const { events, time } = opened
  const before = readies(events).length
  const dropped = downs(events).length
  env.sandbox.admin.ws.refuse(true)
  env.sandbox.admin.ws.drop()
  await eventually(() => downs(events).length > dropped, 'the drop')
  await gap()
  env.sandbox.admin.ws.refuse(false)
  time.advance(1000)
  await eventually(() => readies(events).length > before, 'the resumed ready')
}

describe('heartbeat', () => {
  test('a text ping every 30 s answered by pong keeps the connection; a stalled pong drops it (reason pong) and it comes back resumed', async () => {
    const { stream, time, events } = env.open()
    const orders = stream.orders()
    await stream.ready()
    // A ping arms its pong deadline (one more pending timer) and the pong clears it: each pong is
    // awaited as that event, not as 50 ms of real time a busy machine may not keep.
    const idle = time.pending()
    for (let i = 0; i < 2; i++) {
      time.advance(30_000)
      expect(time.pending()).toBe(idle + 1)
      await eventually(() => time.pending() === idle, 'the pong')
    }
    time.advance(10_000)
    expect(downs(events)).toEqual([])
    env.sandbox.admin.ws.stallPongs(true)
    time.advance(20_000)
    await new Promise((resolve) => setTimeout(resolve, 50))
    time.advance(10_000)
    expect(downs(events).map((d) => d.reason)).toEqual(['pong'])
    env.sandbox.admin.ws.stallPongs(false)
    time.advance(1000)
    await eventually(() => readies(events).length === 2, 'the second ready')
    expect(readies(events).map((r) => r.resumed)).toEqual([false, true])
    await orders.return?.()
  })
})

describe('the gap', () => {
  test('orders filled, partially filled, cancelled and placed-and-filled while down: each missed state once, in order, then live events; fills once each', async () => {
    const opened = env.open()
    const { stream, client, events, time } = opened
    const orders = stream.orders()
    const fills = stream.fills()
    const counted = { orders: 0, fills: 0 }
    stream.on('orders', () => counted.orders++)
    stream.on('fill', () => counted.fills++)
    await stream.ready()
    const a = await client.orders.place(restingBuy)
    const b = await client.orders.place(restingBuy)
    const c = await client.orders.place(restingBuy)
    const before = await take(orders, 3)
    expect(before.map((o) => o.orderId)).toEqual([a.orderId, b.orderId, c.orderId])
    let d = a
    await whileDown(opened, async () => {
      env.sandbox.admin.advanceClock(5)
      env.sandbox.admin.fill(a.orderId as string)
      env.sandbox.admin.advanceClock(5)
      env.sandbox.admin.fill(b.orderId as string, '0.004')
      env.sandbox.admin.advanceClock(5)
      await client.orders.cancel({ ...pair, orderId: c.orderId as string })
      env.sandbox.admin.advanceClock(5)
      d = await client.orders.place(restingBuy)
      env.sandbox.admin.advanceClock(5)
      env.sandbox.admin.fill(d.orderId as string)
    })
    // REST tells each order's state now: d's short life as live is not seen, its fill is.
    const missed = await take(orders, 4)
    expect(missed.map((o) => [o.orderId, o.state, o.baseVolume])).toEqual([
      [a.orderId, 'filled', '0.01'],
      [b.orderId, 'partially_filled', '0.004'],
      [c.orderId, 'canceled', '0'],
      [d.orderId, 'filled', '0.01'],
    ])
    const missedFills = await take(fills, 3)
    expect(missedFills.map((f) => [f.orderId, f.baseVolume])).toEqual([
      [a.orderId, '0.01'],
      [b.orderId, '0.004'],
      [d.orderId, '0.01'],
    ])
    expect(counted).toEqual({ orders: 7, fills: 3 })
    // Exactly once: nothing more, even after another reconnect with nothing new.
    stream.reconnect()
    time.advance(1000)
    await eventually(() => readies(events).length === 3, 'the third ready')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(counted).toEqual({ orders: 7, fills: 3 })
    // Live events follow.
    env.sandbox.admin.fill(b.orderId as string)
    const [live] = await take(orders, 1)
    expect([live?.orderId, live?.state, live?.baseVolume]).toEqual([b.orderId, 'filled', '0.01'])
    const [liveFill] = await take(fills, 1)
    expect([liveFill?.orderId, liveFill?.baseVolume]).toEqual([b.orderId, '0.006'])
    expect(await quiet(orders)).toBeUndefined()
    await orders.return?.()
    await fills.return?.()
  })

  test('an order placed before the stream began and cancelled while it was down: its cancel is replayed (the open orders are read at start)', async () => {
    const opened = env.open()
    const { stream, client } = opened
    const old = await client.orders.place(restingBuy)
    env.sandbox.admin.advanceClock(1000)
    const orders = stream.orders()
    await stream.ready()
    await whileDown(opened, async () => {
      env.sandbox.admin.advanceClock(5)
      await client.orders.cancel({ ...pair, orderId: old.orderId as string })
    })
    const [replayed] = await take(orders, 1)
    expect([replayed?.orderId, replayed?.state]).toEqual([old.orderId, 'canceled'])
    await orders.return?.()
  })

  test('listeners see the missed events as replays, the fill before the order state of the same moment', async () => {
    const opened = env.open()
    const { stream, client } = opened
    const seen: string[] = []
    stream.on('orders', (o, meta) => seen.push(`order ${o.state} ${meta.action}`))
    stream.on('fill', (f, meta) => seen.push(`fill ${f.baseVolume} ${meta.action}`))
    await stream.ready()
    const a = await client.orders.place(restingBuy)
    await eventually(() => seen.length === 1, 'the live event')
    await whileDown(opened, () => {
      env.sandbox.admin.advanceClock(5)
      env.sandbox.admin.fill(a.orderId as string)
    })
    await eventually(() => seen.length === 3, 'the replays')
    expect(seen).toEqual(['order live snapshot', 'fill 0.01 replay', 'order filled replay'])
  })

  test('a drop during the catch-up (its order-history read): the catch-up is abandoned and done again on the next connection; each missed state and fill still once', async () => {
    let dropInCatchUp = false
    const opened = env.open(
      {},
      {
        hooks: {
          request: (view) => {
            if (dropInCatchUp && view.endpoint === 'classic.getOrdersHistory') {
              dropInCatchUp = false
              env.sandbox.admin.ws.drop()
            }
          },
        },
      },
    )
    const { stream, client, events, time } = opened
    const seen: string[] = []
    stream.on('orders', (o, meta) => seen.push(`order ${o.state} ${o.baseVolume} ${meta.action}`))
    stream.on('fill', (f, meta) => seen.push(`fill ${f.baseVolume} ${meta.action}`))
    await stream.ready()
    const a = await client.orders.place(restingBuy)
    await eventually(() => seen.length === 1, 'the live event')
    env.sandbox.admin.ws.refuse(true)
    env.sandbox.admin.ws.drop()
    await eventually(() => downs(events).length === 1, 'the drop')
    env.sandbox.admin.advanceClock(5)
    env.sandbox.admin.fill(a.orderId as string)
    dropInCatchUp = true
    env.sandbox.admin.ws.refuse(false)
    // Reconnects (on the manual clock) until a catch-up completes: the first is cut by the drop.
    // The clock moves only while the stream waits to retry: moving it while a connection is on its
    // way would run out that connection's answer deadlines on a busy machine.
    await eventually(() => {
      if (stream.state === 'reconnecting') time.advance(1000)
      return readies(events).length >= 2
    }, 'the catch-up done again')
    expect(downs(events).length).toBe(2)
    expect(dropInCatchUp).toBe(false)
    await eventually(() => seen.length >= 3, 'the replays')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen).toEqual(['order live 0 snapshot', 'fill 0.01 replay', 'order filled 0.01 replay'])
  })

  test('a position closed while down is reported closed once after the reconnect (absent from the new snapshot); the reversed one opened meanwhile is reported open', async () => {
    const opened = env.openFresh()
    const { stream, client } = opened
    const seen: [string, string, string | null, boolean][] = []
    stream.on('positions', (p) =>
      seen.push([
        String(p.symbol),
        String(p.holdSide),
        p.total,
        (p as { closed?: boolean }).closed === true,
      ]),
    )
    await stream.ready()
    const market = { ...restingBuy, orderType: 'market', price: undefined }
    await client.orders.place(market as never)
    await eventually(() => seen.length === 1, 'the open position')
    // While down: a market sell of twice the size turns the long into a short (one-way mode).
    await whileDown(opened, async () => {
      await client.orders.place({ ...market, side: 'sell', size: '0.02' } as never)
    })
    await eventually(() => seen.length === 3, 'the closed and the new position')
    expect(seen).toEqual([
      ['BTCUSDT', 'long', '0.01', false],
      ['BTCUSDT', 'long', '0', true],
      ['BTCUSDT', 'short', '0.01', false],
    ])
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen).toHaveLength(3)
  })
})
