// The classic private stream against a server whose pushes carry a decimal field whose text is no
// decimal number (a small `ws` server on 127.0.0.1 for the stream, the sandbox for the login's
// clock): the record does not read, as one with a field of the wrong kind does not: an error event
// naming the field, the stream goes on, and a positions or account snapshot with such a record
// does not report its position or coin closed. Before, "NaN" reached the listener as the size.

import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import { type PrivateStreamServer, privateStreamServer } from '@tradeline/fuzz/streams'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eventually, streamSetup } from '../test/streams.js'

const fixture = (name: string): { data: Record<string, unknown>[] } => exchangeFixture(name)
const position = fixture('classic.ws.positions.json').data[0] as Record<string, unknown>
const coin = fixture('classic.ws.account.json').data[0] as Record<string, unknown>
const plan = fixture('classic.ws.orders-algo.json').data[0] as Record<string, unknown>

const arg = (channel: string) =>
  channel === 'account'
    ? { instType: 'USDT-FUTURES', channel, coin: 'default' }
    : { instType: 'USDT-FUTURES', channel, instId: 'default' }
const push = (channel: string, data: unknown[], action = 'snapshot') =>
  JSON.stringify({ action, arg: arg(channel), data, ts: Date.now() })

const btcLong = { ...position, instId: 'BTCUSDT', holdSide: 'long', total: '1', available: '1' }

let env: Awaited<ReturnType<typeof streamSetup>>
let server: PrivateStreamServer
beforeAll(async () => {
  env = await streamSetup()
  server = await privateStreamServer((socket, subscribed) => {
    socket.send(JSON.stringify({ event: 'subscribe', arg: subscribed }))
    const { channel } = subscribed
    if (channel === 'positions') {
      socket.send(push('positions', [btcLong, position]))
      const unreadable = { ...position, total: 'NaN' }
      socket.send(push('positions', [{ ...btcLong, unrealizedPL: '5' }, unreadable]))
    }
    if (channel === 'account') {
      socket.send(push('account', [coin]))
      socket.send(push('account', [{ ...coin, available: '-Infinity' }]))
    }
    if (channel === 'positions' || channel === 'account')
      socket.send(push('orders-algo', [{ ...plan, orderId: channel }], 'update'))
  })
})
afterAll(async () => {
  await server.close()
  await env.close()
})

describe('createClassicFuturesStream: a decimal field whose text is no decimal number', () => {
  test('decision: a positions or account snapshot with such a record: a StreamPushError naming the field, and its position or coin keeps its last state (not reported closed)', async () => {
    const url = server.url
    const { stream, events } = env.open({ url })
    const plans: string[] = []
    stream.on('orders-algo', (record) => plans.push(record.orderId))
    const positions: string[] = []
    stream.on('positions', (p) =>
      positions.push(`${p.symbol}:${p.total}:${(p as { closed?: boolean }).closed === true}`),
    )
    const coins: string[] = []
    stream.on('account', (a) =>
      coins.push(`${a.marginCoin}:${a.available}:${(a as { closed?: boolean }).closed === true}`),
    )
    await eventually(() => plans.length === 2, 'the plan order after each channel')
    // Before: ETHUSDT:NaN:false and USDT:-Infinity:false reached the listeners.
    expect(positions).toEqual(['BTCUSDT:1:false', 'ETHUSDT:0.1:false', 'BTCUSDT:1:false'])
    expect(coins).toEqual([`USDT:${coin.available}:false`])
    const errors = events.flatMap((e) => (e.type === 'error' ? [e.error as Error] : []))
    expect(errors.map((e) => e.name)).toEqual(['StreamPushError', 'StreamPushError'])
    const messages = errors.map((e) => e.message).join('\n')
    expect(messages).toMatch(/total: a decimal number/)
    expect(messages).toMatch(/available: a decimal number/)
  })
})
