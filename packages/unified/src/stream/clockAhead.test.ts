// The gap with a client clock ahead of the server's: the offset comes from a sync whose request
// was slow and whose answer was quick, so the estimate reads the server's time ahead by up to
// half that round trip. A fill the server stamped after the subscription must still be replayed
// (it was taken for one before the subscription and left out). The sandbox's clock and the
// client's local clock move only when told to; the slow request is the local clock moved while
// the time request is on its way.

import { afterAll, beforeAll, expect, test } from 'vitest'
import { placeOrder } from '../actions/placeOrder.js'
import { restingBuy } from '../test/sandbox.js'
import { eventually, streamSetup, take } from '../test/streams.js'

const start = 1_800_000_000_000
/** How long the time request took on the way there (local ms); its answer took none. */
const slowLegMs = 400

let env: Awaited<ReturnType<typeof streamSetup>>
beforeAll(async () => {
  env = await streamSetup({ clock: { now: () => start } })
})
afterAll(async () => {
  env.sandbox.admin.ws.refuse(false)
  await env.close()
})

test('a clock ahead of the server by half a slow sync: the fill made in the gap right after the subscription is replayed, before its order', async () => {
  let local = start
  const slowSync: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (new URL(url).pathname.endsWith('/public/time')) local += slowLegMs
    return fetch(input, init)
  }
  const { stream, time, events, client } = env.open(
    {},
    { clock: { now: () => local }, fetch: slowSync },
  )
  const orders = stream.orders()
  const fills = stream.fills()
  const heard: string[] = []
  stream.on('order', (o, meta) => heard.push(`order ${o.orderId} ${o.orderStatus} ${meta.action}`))
  stream.on('fill', (f, meta) => heard.push(`fill ${f.orderId} ${meta.action}`))
  await stream.ready()
  // The login synchronised the clock: the server read its time at the end of the round trip, so
  // the estimate is ahead by half of it, and says it may be.
  const clock = client.transport.clock
  expect(clock.now() - env.sandbox.admin.now()).toBe(slowLegMs / 2)
  expect(clock.uncertainty).toBeGreaterThanOrEqual(slowLegMs / 2)

  env.sandbox.admin.advanceClock(5)
  const b = await placeOrder(client, restingBuy)
  const [live] = await take(orders, 1)
  expect([live?.orderId, live?.orderStatus]).toEqual([b.orderId, 'live'])
  env.sandbox.admin.ws.refuse(true)
  expect(env.sandbox.admin.ws.drop()).toBe(1)
  await eventually(() => events.some((e) => e.type === 'down'), 'the drop')
  // 10 ms after the subscription on the server's clock, well within the estimate's 200 ms lead.
  env.sandbox.admin.advanceClock(5)
  env.sandbox.admin.fill(b.orderId)
  env.sandbox.admin.advanceClock(5)
  env.sandbox.admin.ws.refuse(false)
  time.advance(1000)
  await eventually(() => events.filter((e) => e.type === 'ready').length === 2, 'the resume')

  // The replay is done by the ready: the fill, then the order it filled.
  expect(heard).toEqual([
    `order ${b.orderId} live update`,
    `fill ${b.orderId} replay`,
    `order ${b.orderId} filled replay`,
  ])
  const [fill] = await take(fills, 1)
  expect([fill?.orderId, fill?.execQty]).toEqual([b.orderId, '0.01'])
  const [filled] = await take(orders, 1)
  expect([filled?.orderId, filled?.orderStatus]).toEqual([b.orderId, 'filled'])
  await orders.return?.()
  await fills.return?.()
  await stream.close()
})

test('a local clock 90 s fast, not synchronised when the readers join (the login synchronises it): the fill made in the gap is replayed to them', async () => {
  const local = { now: () => start + 90_000 + env.sandbox.admin.now() - start }
  const { stream, time, events, client } = env.open({}, { clock: local })
  const orders = stream.orders()
  const fills = stream.fills()
  const heard: string[] = []
  stream.on('order', (o, meta) => heard.push(`order ${o.orderId} ${o.orderStatus} ${meta.action}`))
  stream.on('fill', (f, meta) => heard.push(`fill ${f.orderId} ${meta.action}`))
  await stream.ready()
  expect(client.transport.clock.now()).toBe(env.sandbox.admin.now())
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
  await eventually(() => events.filter((e) => e.type === 'ready').length === 2, 'the resume')
  expect(heard).toEqual([
    `order ${b.orderId} live update`,
    `fill ${b.orderId} replay`,
    `order ${b.orderId} filled replay`,
  ])
  const [fill] = await take(fills, 1)
  expect(fill?.orderId).toBe(b.orderId)
  await orders.return?.()
  await fills.return?.()
  await stream.close()
})
