// The classic stream with a client clock ahead of the server's (a sync whose request was slow
// and whose answer was quick): a fill the server stamped right after the subscription is still
// replayed. The sandbox's clock and the client's local clock move only when told to.
import { slowTimeRequest } from '@tradeline/fuzz/timers'
import { expect, onTestFinished, test } from 'vitest'
import { restingBuy } from '../test/sandbox.js'
import { eventually, streamSetup } from '../test/streams.js'

test('a clock ahead of the server by half a slow sync: the fill made in the gap right after the subscription is replayed, before its order', async () => {
  const start = 1_800_000_000_000
  const env = await streamSetup({ clock: { now: () => start } })
  onTestFinished(() => env.close())
  // The sync's request took 400 ms and its answer none: the server read its clock at the end.
  const { stream, client, events, time } = env.open({}, slowTimeRequest(start, 400))
  const seen: string[] = []
  stream.on('orders', (o, meta) => seen.push(`order ${o.state} ${meta.action}`))
  stream.on('fill', (f, meta) => seen.push(`fill ${f.baseVolume} ${meta.action}`))
  await stream.ready()
  expect(client.transport.clock.now() - env.sandbox.admin.now()).toBe(200)
  env.sandbox.admin.advanceClock(5)
  const a = await client.orders.place(restingBuy)
  await eventually(() => seen.length === 1, 'the live event')
  env.sandbox.admin.ws.refuse(true)
  expect(env.sandbox.admin.ws.drop()).toBe(1)
  await eventually(() => events.some((e) => e.type === 'down'), 'the drop')
  // 10 ms after the subscription on the server's clock, well within the estimate's 200 ms lead.
  env.sandbox.admin.advanceClock(5)
  env.sandbox.admin.fill(a.orderId as string)
  env.sandbox.admin.advanceClock(5)
  env.sandbox.admin.ws.refuse(false)
  time.advance(1000)
  await eventually(() => events.filter((e) => e.type === 'ready').length === 2, 'the resume')
  // The replay is done by the ready.
  expect(seen).toEqual(['order live snapshot', 'fill 0.01 replay', 'order filled replay'])
})
