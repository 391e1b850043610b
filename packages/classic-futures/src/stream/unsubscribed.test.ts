// The classic private stream against a server that pushes channels nobody subscribed (a small
// `ws` server on 127.0.0.1 for the stream, the sandbox for the login's clock): positions and the
// account pushed while only plan orders are read are dropped, so a reader who subscribes later
// gets no position or coin "closed" that it never had. Failed before the fix.

import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import { type PrivateStreamServer, privateStreamServer } from '@tradeline/fuzz/streams'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eventually, streamSetup } from '../test/streams.js'

const fixture = (name: string): { data: Record<string, unknown>[] } => exchangeFixture(name)
const position = fixture('classic.ws.positions.json').data[0] as Record<string, unknown>
const coin = fixture('classic.ws.account.json').data[0] as Record<string, unknown>
const plan = fixture('classic.ws.orders-algo.json').data[0] as Record<string, unknown>

const arg = (channel: string) => ({ instType: 'USDT-FUTURES', channel, instId: 'default' })
const push = (channel: string, action: string, data: unknown[]) =>
  JSON.stringify({ action, arg: arg(channel), data, ts: 1 })

let env: Awaited<ReturnType<typeof streamSetup>>
let server: PrivateStreamServer
beforeAll(async () => {
  env = await streamSetup()
  server = await privateStreamServer((socket, subscribed) => {
    socket.send(JSON.stringify({ event: 'subscribe', arg: subscribed }))
    if (subscribed.channel === 'orders-algo') {
      // 1000 positions and a coin nobody subscribed, then the plan order that was asked for.
      for (let i = 0; i < 1_000; i++)
        socket.send(push('positions', 'update', [{ ...position, instId: `S${i}USDT` }]))
      socket.send(push('account', 'snapshot', [coin]))
      socket.send(push('orders-algo', 'update', [plan]))
    } else {
      // A snapshot that lists none (what was known before it was closed), then a plan order:
      // the sign that the snapshot was read.
      socket.send(push(subscribed.channel, 'snapshot', []))
      socket.send(push('orders-algo', 'update', [plan]))
    }
  })
})
afterAll(async () => {
  await server.close()
  await env.close()
})

describe('createClassicFuturesStream against a server pushing channels nobody subscribed', () => {
  test('decision: pushes of an unsubscribed channel are dropped: a later positions or account reader gets nothing "closed" from before it subscribed', async () => {
    const url = server.url
    const { stream } = env.open({ url })
    const plans: unknown[] = []
    stream.on('orders-algo', (record) => plans.push(record))
    await eventually(() => plans.length === 1, 'the plan order after the unsubscribed pushes')
    const positions: unknown[] = []
    const coins: unknown[] = []
    stream.on('positions', (record) => positions.push(record))
    stream.on('account', (record) => coins.push(record))
    await eventually(() => plans.length === 3, 'the plan orders after both snapshots')
    // Before the fix: the 1000 positions and the coin came back "closed" by the empty snapshots.
    expect(positions).toEqual([])
    expect(coins).toEqual([])
  })
})
