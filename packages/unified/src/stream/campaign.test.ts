// A seeded fault campaign of the private stream against the sandbox: orders placed, filled in
// parts, modified and cancelled while the connection is dropped, its pongs stalled and its
// reconnects refused at random. At the end the stream's events are checked against the exchange's
// truth read through REST: every fill exactly once, every order's states in order and never
// twice, each order's last event its final state.

import { seeded, systemTimers } from '@tradeline/fuzz/timers'
import { parse } from '@tradeline/rules/big'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cancelOrder } from '../actions/cancelOrder.js'
import { getFills } from '../actions/getFills.js'
import { getOrderInfo } from '../actions/getOrderInfo.js'
import { modifyOrder } from '../actions/modifyOrder.js'
import { placeOrder } from '../actions/placeOrder.js'
import type { FillRecord, OrderRecord } from '../schemas/order.js'
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

const rank: Record<string, number> = { live: 0, partially_filled: 1, filled: 2, cancelled: 2 }

describe('stream fault campaign', () => {
  // `STREAM_SEED=7 STREAM_STEPS=300 pnpm --filter @tradeline/unified test stream/campaign` for another run.
  const seed = Number(process.env.STREAM_SEED ?? 16)
  const steps = Number(process.env.STREAM_STEPS ?? 60)
  test(`seed ${seed}: ${steps} steps, about a third of them faults; every fill once, every order in order, ending in its final state`, async () => {
    // The campaign's steps and the stream's backoff jitter draw from two generators: the number of
    // reconnects depends on timing, and sharing one moved every later step with it.
    const random = seeded(seed)
    const { stream, client, events } = env.open({
      timers: systemTimers,
      random: seeded(seed + 1_000_003),
      pingIntervalMs: 150,
      pongTimeoutMs: 100,
      answerTimeoutMs: 1000,
      backoff: { initialMs: 20, maxMs: 120 },
    })
    const orders: OrderRecord[] = []
    const fills: FillRecord[] = []
    stream.on('order', (o) => orders.push(o))
    stream.on('fill', (f) => fills.push(f))
    await stream.ready()

    const placed: string[] = []
    const open = new Set<string>()
    const faults = { drop: 0, stall: 0, refuse: 0 }
    let refused = false
    let stalled = false
    for (let step = 0; step < steps; step++) {
      const roll = random()
      const pick = () => [...open][Math.floor(random() * open.size)]
      env.sandbox.admin.advanceClock(3)
      if (roll < 0.12) {
        env.sandbox.admin.ws.drop()
        faults.drop++
      } else if (roll < 0.2) {
        stalled = !stalled
        env.sandbox.admin.ws.stallPongs(stalled)
        if (stalled) faults.stall++
      } else if (roll < 0.3) {
        refused = !refused
        env.sandbox.admin.ws.refuse(refused)
        if (refused) faults.refuse++
      } else if (roll < 0.5 || open.size === 0) {
        const price = String(2900 + Math.floor(random() * 100))
        const ack = await placeOrder(client, {
          category: 'SPOT',
          symbol: 'ETHUSDT',
          side: 'buy',
          orderType: 'limit',
          qty: '0.01',
          price,
        })
        placed.push(ack.orderId)
        open.add(ack.orderId)
      } else if (roll < 0.7) {
        const id = pick() as string
        const info = await getOrderInfo(client, { orderId: id })
        const part = random() < 0.5 ? '0.003' : undefined
        const rest = parse('0.01').minus(parse(info.cumExecQty ?? '0'))
        const partial = part !== undefined && rest.gt(part)
        env.sandbox.admin.fill(id, partial ? part : undefined)
        if (!partial) open.delete(id)
      } else if (roll < 0.8) {
        const id = pick() as string
        const info = await getOrderInfo(client, { orderId: id })
        if (info.cumExecQty === '0') {
          await modifyOrder(client, {
            orderId: id,
            category: 'SPOT',
            symbol: 'ETHUSDT',
            price: '2950',
          })
        }
      } else {
        const id = pick() as string
        await cancelOrder(client, { orderId: id })
        open.delete(id)
      }
      // Let the I/O move: pushes, pings, reconnect attempts.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.floor(random() * 30)))
    }
    env.sandbox.admin.ws.refuse(false)
    env.sandbox.admin.ws.stallPongs(false)
    // A last drop, so the end state is caught up for certain.
    stream.reconnect()
    const readyCount = () => events.filter((e) => e.type === 'ready').length
    const before = readyCount()
    await eventually(
      () => readyCount() > before && stream.state === 'ready',
      'the last ready',
      15_000,
    ).catch((error: unknown) => {
      throw new Error(
        `${(error as Error).message}: state ${stream.state}, last events ${JSON.stringify(events.slice(-6).map((e) => ({ ...e, error: e.type === 'error' ? String(e.error) : undefined })))}`,
      )
    })
    await stream.ready()
    await new Promise((resolve) => setTimeout(resolve, 300))

    // The truth, through REST.
    const truthFills = new Map<string, FillRecord>()
    for (const id of placed)
      for (const f of (await getFills(client, { orderId: id })).list) truthFills.set(f.execId, f)
    const ids = fills.map((f) => f.execId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(ids)).toEqual(new Set(truthFills.keys()))
    for (const id of placed) {
      const mine = orders.filter((o) => o.orderId === id)
      const final = await getOrderInfo(client, { orderId: id })
      expect(mine.length, `events of ${id}`).toBeGreaterThan(0)
      expect(mine.at(-1)?.orderStatus, `final state of ${id}`).toBe(final.orderStatus)
      expect(mine.at(-1)?.cumExecQty).toBe(final.cumExecQty)
      const keys = mine.map((o) => `${o.updatedTime}|${o.orderStatus}|${o.cumExecQty}`)
      expect(new Set(keys).size, `no state of ${id} twice`).toBe(keys.length)
      for (let i = 1; i < mine.length; i++) {
        const [a, b] = [mine[i - 1] as OrderRecord, mine[i] as OrderRecord]
        expect(Number(b.updatedTime)).toBeGreaterThanOrEqual(Number(a.updatedTime))
        expect(rank[b.orderStatus ?? ''] ?? 0).toBeGreaterThanOrEqual(
          rank[a.orderStatus ?? ''] ?? 0,
        )
        expect(parse(b.cumExecQty ?? '0').gte(parse(a.cumExecQty ?? '0'))).toBe(true)
      }
    }
    if (process.env.STREAM_SEED)
      console.log(
        JSON.stringify({
          seed,
          faults,
          downs: events.filter((e) => e.type === 'down').length,
          orders: orders.length,
          fills: fills.length,
          placed: placed.length,
        }),
      )
    // The campaign did what it says: faults happened and the stream went down and came back.
    expect(faults.drop + faults.stall + faults.refuse).toBeGreaterThanOrEqual(10)
    expect(events.filter((e) => e.type === 'down').length).toBeGreaterThanOrEqual(5)
    expect(placed.length).toBeGreaterThanOrEqual(8)
  }, 60_000)
})
