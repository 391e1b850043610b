// The unified private stream against a server (a small `ws` server on 127.0.0.1 for the stream,
// the sandbox for the login's clock and the open orders) that answers and pushes the `order`
// topic with its arg written in another case than sent, as an upstream has
// (BitgetLimited/v3-bitget-api-sdk#53: `SP` sent, `sp` answered). A push was routed by its topic
// written exactly as sent: one whose topic came in another case was dropped (failed before the
// fix); one whose instType alone did still reached its readers. A push named like the topic but
// of another instType (SPOT) reached the order readers too (failed before the second fix).

import { type PrivateStreamServer, privateStreamServer } from '@tradeline/fuzz/streams'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eventually, streamSetup } from '../test/streams.js'

const start = Date.now()
/** A live limit order as the exchange pushes it (the sandbox's `wsOrderRecord`). */
const order = (orderId: string) => ({
  orderId,
  clientOid: `case${orderId}`,
  category: 'usdt-futures',
  symbol: 'BTCUSDT',
  orderType: 'limit',
  side: 'buy',
  price: '30000',
  qty: '0.01',
  amount: '0',
  cumExecQty: '0',
  cumExecValue: '0',
  avgPrice: '0',
  timeInForce: 'gtc',
  orderStatus: 'live',
  holdMode: 'one_way_mode',
  tradeSide: 'open',
  reduceOnly: 'no',
  marginMode: 'crossed',
  feeDetail: [],
  cancelReason: '',
  createdTime: String(start),
  updatedTime: String(start + Number(orderId)),
  marginCoin: 'USDT',
})
const push = (arg: Record<string, unknown>, orderId: string) =>
  JSON.stringify({ action: 'update', arg, data: [order(orderId)], ts: start + Number(orderId) })

let env: Awaited<ReturnType<typeof streamSetup>>
let server: PrivateStreamServer
beforeAll(async () => {
  env = await streamSetup()
  server = await privateStreamServer((socket, subscribed) => {
    const answer = { instType: 'uta', topic: subscribed.topic.toUpperCase() }
    socket.send(JSON.stringify({ event: 'subscribe', arg: answer }))
    if (subscribed.topic !== 'order') return
    // instType alone in another case; instType and topic; a topic that is none of the
    // stream's; then as sent.
    socket.send(push({ instType: 'uta', topic: 'order' }, '1'))
    socket.send(push({ instType: 'uta', topic: 'ORDER' }, '2'))
    socket.send(push({ instType: 'UTA', topic: 'orders' }, '3'))
    // The order topic of another instType: none of this stream's subscriptions.
    socket.send(push({ instType: 'SPOT', topic: 'order' }, '5'))
    socket.send(push({ instType: 'UTA', topic: 'order' }, '4'))
  })
})
afterAll(async () => {
  await server.close()
  await env.close()
})

describe('createUnifiedStream: order pushes whose arg is written in another case than sent', () => {
  test('instType and topic in another case (uta, ORDER) reach the order readers; a topic or an instType that names none of the stream’s is dropped, untold', async () => {
    const url = server.url
    const { stream, events } = env.open({ url })
    const seen: string[] = []
    stream.on('order', (record) => seen.push(record.orderId))
    const reader = stream.orders()
    // Before the fix: 2 was dropped, and the fourth never came.
    await eventually(() => seen.length === 3, 'the three order pushes')
    expect(seen).toEqual(['1', '2', '4'])
    const read: string[] = []
    for (let i = 0; i < 3; i++)
      read.push(((await reader.next()).value as { orderId: string }).orderId)
    expect(read).toEqual(['1', '2', '4'])
    await reader.return?.()
    expect(events.filter((e) => e.type === 'error' || e.type === 'down')).toEqual([])
  })
})
