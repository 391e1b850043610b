// The unified private stream under chaos, against the sandbox over loopback: hundreds of dropped
// connections (also during the login, the subscriptions and the catch-up that follows a
// reconnect), stalled pongs and refused reconnects, while spot orders are placed, filled in parts
// and cancelled and futures positions are opened and closed. At the end the stream's events are
// checked against the exchange's truth read through REST: every fill once, every order's states
// in order and never twice, each order's and each position's last event its final state (a
// position closed while the stream was down reported closed).
//
// CI runs it for `STREAM_CHAOS_MS` (default 30 s, longer until 500 drops); `STREAM_CHAOS_MS=600000 STREAM_CHAOS_SEED=3
// pnpm --filter @tradeline/unified exec vitest run src/stream/chaos` runs ten minutes.
import { allPages } from '@tradeline/core'
import { seeded, systemTimers } from '@tradeline/fuzz/timers'
import { parse } from '@tradeline/rules/big'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cancelOrder } from '../actions/cancelOrder.js'
import { getCurrentPosition } from '../actions/getCurrentPosition.js'
import { getFills } from '../actions/getFills.js'
import { getOpenOrders } from '../actions/getOpenOrders.js'
import { getOrderHistory } from '../actions/getOrderHistory.js'
import { getOrderInfo } from '../actions/getOrderInfo.js'
import { placeOrder } from '../actions/placeOrder.js'
import type { FillRecord, OrderRecord } from '../schemas/order.js'
import type { PositionRecord } from '../schemas/position.js'
import { futuresBuy } from '../test/sandbox.js'
import { eventually, streamSetup } from '../test/streams.js'

let env: Awaited<ReturnType<typeof streamSetup>>
beforeAll(async () => {
  env = await streamSetup()
})
afterAll(async () => {
  env.sandbox.admin.ws.refuse(false)
  env.sandbox.admin.ws.stallPongs(false)
  await env.close()
})

const stage: Record<string, number> = { live: 0, partially_filled: 1, filled: 2, cancelled: 2 }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('stream chaos', () => {
  const seed = Number(process.env.STREAM_CHAOS_SEED ?? 23)
  const budgetMs = Number(process.env.STREAM_CHAOS_MS ?? 30_000)
  test(`seed ${seed}, ${budgetMs / 1000} s: 500+ drops; every fill once, every order and position in order, ending in its final state`, async () => {
    // Three generators: the chaos's steps, the stream's backoff jitter, and the drops a
    // connection's open triggers. How many opens happen depends on timing; drawn from the steps'
    // generator, they moved every later step with them.
    const random = seeded(seed)
    const chance = seeded(seed + 2_000_003)
    const { stream, client, events } = env.open({
      timers: systemTimers,
      random: seeded(seed + 1_000_003),
      pingIntervalMs: 200,
      pongTimeoutMs: 100,
      answerTimeoutMs: 1000,
      backoff: { initialMs: 5, maxMs: 40 },
      // The sandbox counts connections per IP: the chaos reconnects far more often than a
      // real stream may, so the sandbox runs without limits here (the limits are tested apart).
      limits: false,
    })
    const orders: OrderRecord[] = []
    const fills: FillRecord[] = []
    const positions: PositionRecord[] = []
    stream.on('order', (o) => orders.push(o))
    stream.on('fill', (f) => fills.push(f))
    stream.on('position', (p) => positions.push(p))
    // Drops in the middle of a connection's start: its login, its subscriptions, its catch-up.
    const faults = { drop: 0, early: 0, stall: 0, refuse: 0, closedInGap: 0 }
    stream.on('connection', (event) => {
      if (event.type !== 'open' || chance() > 0.3) return
      setTimeout(
        () => {
          if (env.sandbox.admin.ws.drop() > 0) faults.early++
        },
        Math.floor(chance() * 25),
      )
    })
    await stream.ready()
    const startedAt = env.sandbox.admin.now() - 60_000

    const placed: string[] = []
    const open = new Set<string>()
    let long = '0'
    let refused = false
    let stalled = false
    const end = Date.now() + budgetMs
    const downs = () => events.filter((e) => e.type === 'down').length
    const seen = () => orders.length + fills.length + positions.length
    // The budget, or longer until the run did what it must show (500 drops, 1,000 events, the
    // early drops and a position closed in a gap asserted below).
    const shown = () =>
      downs() >= 500 && seen() >= 1000 && faults.early >= 20 && faults.closedInGap >= 1
    while (Date.now() < end || !shown()) {
      if (Date.now() > end + 2 * budgetMs) break
      const roll = random()
      env.sandbox.admin.advanceClock(2)
      if (roll < 0.35) {
        if (env.sandbox.admin.ws.drop() > 0) faults.drop++
      } else if (roll < 0.4) {
        stalled = !stalled
        env.sandbox.admin.ws.stallPongs(stalled)
        if (stalled) faults.stall++
      } else if (roll < 0.45) {
        refused = !refused
        env.sandbox.admin.ws.refuse(refused)
        if (refused) faults.refuse++
      }
      const act = random()
      const pick = () => [...open][Math.floor(random() * open.size)] as string
      if (act < 0.3 || open.size === 0) {
        const ack = await placeOrder(client, {
          category: 'SPOT',
          symbol: 'ETHUSDT',
          side: 'buy',
          orderType: 'limit',
          qty: '0.01',
          price: String(2900 + Math.floor(random() * 100)),
        })
        placed.push(ack.orderId)
        open.add(ack.orderId)
      } else if (act < 0.55) {
        const id = pick()
        const info = await getOrderInfo(client, { orderId: id })
        const rest = parse('0.01').minus(parse(info.cumExecQty ?? '0'))
        const partial = random() < 0.5 && rest.gt('0.003')
        env.sandbox.admin.fill(id, partial ? '0.003' : undefined)
        if (!partial) open.delete(id)
      } else if (act < 0.7) {
        const id = pick()
        await cancelOrder(client, { orderId: id })
        open.delete(id)
      } else if (act < 0.85 || long === '0') {
        const ack = await placeOrder(client, futuresBuy)
        env.sandbox.admin.fill(ack.orderId)
        placed.push(ack.orderId)
        long = parse(long).plus(futuresBuy.qty).toString()
      } else {
        if (stream.state !== 'ready') faults.closedInGap++
        const ack = await placeOrder(client, {
          ...futuresBuy,
          side: 'sell',
          orderType: 'market',
          price: undefined,
          reduceOnly: 'yes',
          qty: long,
        })
        placed.push(ack.orderId)
        long = '0'
      }
      await sleep(1 + Math.floor(random() * 6))
    }
    env.sandbox.admin.ws.refuse(false)
    env.sandbox.admin.ws.stallPongs(false)
    // A last drop, so the end state is caught up for certain; no early drops from here.
    const readyCount = () => events.filter((e) => e.type === 'ready').length
    const before = readyCount()
    const lastDrops = faults.early
    stream.reconnect()
    await eventually(
      () => readyCount() > before && stream.state === 'ready',
      'the last ready',
      15_000,
    )
    await stream.ready()
    await sleep(300)
    // An early drop may have hit the last connection: wait until one stays ready.
    if (faults.early !== lastDrops)
      await eventually(() => stream.state === 'ready', 'ready', 15_000)
    await stream.ready()
    await sleep(300)

    // The truth, through REST.
    const truthFills = new Map<string, FillRecord>()
    const allFills = await allPages(
      'fills',
      (cursor) => getFills(client, { limit: '100', ...cursor }),
      { pageSize: 100 },
    )
    for (const f of allFills) truthFills.set(f.execId, f)
    const ids = fills.map((f) => f.execId)
    expect(new Set(ids).size, 'no fill twice').toBe(ids.length)
    // Every order's final state, from the open list and the history pages (not one read each).
    const finals = new Map<string, OrderRecord>()
    const page = { limit: '100' } as const
    for (const o of await allPages('open', (c) => getOpenOrders(client, { ...page, ...c }), {
      pageSize: 100,
    }))
      finals.set(o.orderId, o)
    for (const category of ['SPOT', 'USDT-FUTURES'] as const)
      for (const o of await allPages(
        category,
        (c) => getOrderHistory(client, { category, startTime: String(startedAt), ...page, ...c }),
        { pageSize: 100 },
      ))
        finals.set(o.orderId, o)
    const byOrder = new Map<string, OrderRecord[]>()
    for (const o of orders) byOrder.set(o.orderId, [...(byOrder.get(o.orderId) ?? []), o])
    for (const id of placed) {
      const mine = byOrder.get(id) ?? []
      const final = finals.get(id) as OrderRecord
      expect(final, `the final state of ${id}`).toBeDefined()
      expect(mine.length, `events of ${id}`).toBeGreaterThan(0)
      expect(mine.at(-1)?.orderStatus, `final state of ${id}`).toBe(final.orderStatus)
      expect(mine.at(-1)?.cumExecQty).toBe(final.cumExecQty)
      const keys = mine.map((o) => `${o.updatedTime}|${o.orderStatus}|${o.cumExecQty}`)
      expect(new Set(keys).size, `no state of ${id} twice`).toBe(keys.length)
      for (let i = 1; i < mine.length; i++) {
        const [a, b] = [mine[i - 1] as OrderRecord, mine[i] as OrderRecord]
        expect(Number(b.updatedTime)).toBeGreaterThanOrEqual(Number(a.updatedTime))
        expect(stage[b.orderStatus ?? ''] ?? 0).toBeGreaterThanOrEqual(
          stage[a.orderStatus ?? ''] ?? 0,
        )
        expect(parse(b.cumExecQty ?? '0').gte(parse(a.cumExecQty ?? '0'))).toBe(true)
      }
    }
    expect(new Set(ids), 'every fill').toEqual(new Set(truthFills.keys()))
    // The position: its last event is its state now (closed ones reported closed).
    const [now] = (
      await getCurrentPosition(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })
    ).list
    const last = positions.filter((p) => p.symbol === 'BTCUSDT').at(-1)
    if (now === undefined) expect(last?.positionStatus).toBe('ended')
    else expect([last?.positionStatus, last?.total]).toEqual(['normal', now.total])
    const times = positions.map((p) => Number(p.updatedTime))
    for (let i = 1; i < times.length; i++)
      expect(times[i]).toBeGreaterThanOrEqual(times[i - 1] as number)

    const summary = {
      seed,
      faults,
      downs: downs(),
      orders: orders.length,
      fills: fills.length,
      positions: positions.length,
      placed: placed.length,
    }
    if (process.env.STREAM_CHAOS_MS) console.log(JSON.stringify(summary))
    // The campaign did what it says.
    expect(summary.downs, JSON.stringify(summary)).toBeGreaterThanOrEqual(500)
    expect(faults.early).toBeGreaterThanOrEqual(20)
    expect(faults.closedInGap).toBeGreaterThanOrEqual(1)
    expect(orders.length + fills.length + positions.length).toBeGreaterThanOrEqual(1000)
  }, 180_000)
})
