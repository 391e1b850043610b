// The classic private stream against a server (a small `ws` server on 127.0.0.1 for the stream,
// the sandbox for the login's clock and the open orders) that answers and pushes the `orders`
// channel with its arg written in another case than sent, as an upstream has
// (BitgetLimited/v3-bitget-api-sdk#53: `SP` sent, `sp` answered). A push was routed by its
// channel written exactly as sent: one whose channel came in another case was dropped (failed
// before the fix); one whose instType alone did still reached its readers. One of another
// product type (COIN-FUTURES) reached the orders readers too (failed before the second fix).

import { type PrivateStreamServer, privateStreamServer } from '@tradeline/fuzz/streams'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eventually, streamSetup } from '../test/streams.js'

const t = Date.now()
const order = (orderId: string) => ({
  orderId,
  instId: 'BTCUSDT',
  status: 'live',
  accBaseVolume: '0',
  size: '1',
  price: '60000',
  side: 'buy',
  orderType: 'limit',
  cTime: String(t),
  uTime: String(t + Number(orderId)),
})
const push = (arg: Record<string, unknown>, orderId: string) =>
  JSON.stringify({ action: 'update', arg, data: [order(orderId)], ts: t + Number(orderId) })

let env: Awaited<ReturnType<typeof streamSetup>>
let server: PrivateStreamServer
beforeAll(async () => {
  env = await streamSetup()
  server = await privateStreamServer((socket, subscribed) => {
    const lower = Object.fromEntries(
      Object.entries(subscribed).map(([k, v]) => [k, v.toLowerCase()]),
    )
    socket.send(JSON.stringify({ event: 'subscribe', arg: lower }))
    if (subscribed.channel !== 'orders') return
    // instType alone in another case; every text; a channel that is none of the stream's;
    // then as sent.
    socket.send(push({ ...subscribed, instType: 'usdt-futures' }, '1'))
    socket.send(push({ instType: 'usdt-futures', channel: 'ORDERS', instId: 'DEFAULT' }, '2'))
    socket.send(push({ ...subscribed, channel: 'order' }, '3'))
    // The orders channel of another product type: none of this stream's subscriptions.
    socket.send(push({ ...subscribed, instType: 'COIN-FUTURES' }, '5'))
    socket.send(push(subscribed, '4'))
  })
})
afterAll(async () => {
  await server.close()
  await env.close()
})

describe('createClassicFuturesStream: order pushes whose arg is written in another case than sent', () => {
  test('instType in lower case and the channel in upper case (usdt-futures, ORDERS) reach the order readers; a channel or a product type that names none of the stream’s is dropped, untold', async () => {
    const url = server.url
    const { stream, events } = env.open({ url })
    const seen: string[] = []
    stream.on('orders', (record) => seen.push(record.orderId))
    // Before the fix: 2 was dropped, and the fourth never came.
    await eventually(() => seen.length === 3, 'the three order pushes')
    expect(seen).toEqual(['1', '2', '4'])
    expect(events.filter((e) => e.type === 'error' || e.type === 'down')).toEqual([])
  })
})
