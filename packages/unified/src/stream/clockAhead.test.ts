// The gap with a client clock that reads ahead of the server's: a fill the server stamped right
// after the subscription must still be replayed, and reach the readers. The sandbox's clock and
// the client's local clock move only when told to.

import { slowTimeRequest } from '@tradeline/fuzz/timers'
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest'
import { placeOrder } from '../actions/placeOrder.js'
import type { createUnifiedClient } from '../createUnifiedClient.js'
import { restingBuy } from '../test/sandbox.js'
import { eventually, streamSetup, take } from '../test/streams.js'

const start = 1_800_000_000_000

let env: Awaited<ReturnType<typeof streamSetup>>
beforeAll(async () => {
  env = await streamSetup({ clock: { now: () => start } })
})
afterAll(async () => {
  env.sandbox.admin.ws.refuse(false)
  await env.close()
})

/**
 * A stream of a client with `clientExtra` (its clock), read by iterators and listeners: order B
 * placed and seen live, the connection dropped, B filled 10 ms after the subscription on the
 * server's clock, the connection back and its replay done. What the listeners heard, the readers,
 * and how far the synchronised clock reads ahead of the server.
 */
async function fillInGap(clientExtra: createUnifiedClient.Parameters) {
  const { stream, time, events, client } = env.open({}, clientExtra)
  onTestFinished(() => stream.close())
  const orders = stream.orders()
  const fills = stream.fills()
  const heard: string[] = []
  stream.on('order', (o, meta) => heard.push(`order ${o.orderId} ${o.orderStatus} ${meta.action}`))
  stream.on('fill', (f, meta) => heard.push(`fill ${f.orderId} ${meta.action}`))
  await stream.ready()
  const lead = client.transport.clock.now() - env.sandbox.admin.now()
  env.sandbox.admin.advanceClock(5)
  const b = await placeOrder(client, restingBuy)
  const [live] = await take(orders, 1)
  expect([live?.orderId, live?.orderStatus]).toEqual([b.orderId, 'live'])
  env.sandbox.admin.ws.refuse(true)
  expect(env.sandbox.admin.ws.drop()).toBe(1)
  await eventually(() => events.some((e) => e.type === 'down'), 'the drop')
  env.sandbox.admin.advanceClock(5)
  env.sandbox.admin.fill(b.orderId)
  env.sandbox.admin.advanceClock(5)
  env.sandbox.admin.ws.refuse(false)
  time.advance(1000)
  // The replay is done by the ready.
  await eventually(() => events.filter((e) => e.type === 'ready').length === 2, 'the resume')
  return { orders, fills, heard, b: b.orderId, lead, clock: client.transport.clock }
}

test('a clock ahead of the server by half a slow sync: the fill made in the gap right after the subscription is replayed, before its order', async () => {
  // The sync's request took 400 ms and its answer none: the server read its clock at the end.
  const { orders, fills, heard, b, lead, clock } = await fillInGap(slowTimeRequest(start, 400))
  expect(lead).toBe(200)
  expect(clock.uncertainty).toBeGreaterThanOrEqual(lead)
  expect(heard).toEqual([`order ${b} live update`, `fill ${b} replay`, `order ${b} filled replay`])
  const [fill] = await take(fills, 1)
  expect([fill?.orderId, fill?.execQty]).toEqual([b, '0.01'])
  const [filled] = await take(orders, 1)
  expect([filled?.orderId, filled?.orderStatus]).toEqual([b, 'filled'])
})

test('a local clock 90 s fast, not synchronised when the readers join (the login synchronises it): the fill made in the gap is replayed to them', async () => {
  const fast = { now: () => env.sandbox.admin.now() + 90_000 }
  const { fills, heard, b, lead } = await fillInGap({ clock: fast })
  expect(lead).toBe(0)
  expect(heard).toEqual([`order ${b} live update`, `fill ${b} replay`, `order ${b} filled replay`])
  const [fill] = await take(fills, 1)
  expect(fill?.orderId).toBe(b)
})
