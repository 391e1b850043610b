// The classic private stream against a server whose pushes are faulty (a small `ws` server on
// 127.0.0.1 for the stream, the sandbox for the login's clock and the open orders): a positions
// or account snapshot with a record that does not read (a decimal sent as a JSON number of more
// digits than a double keeps) reports its position or coin closed no more, and an order push
// without an update time is no longer dropped as older. The `fill` subscription is answered with
// its arg in another case and the connection then closed past the message budget (30006, 1008):
// the subscription is acknowledged, and the `down` event carries the close. Each failed before
// its fix.

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
const push = (channel: string, data: unknown[], action = 'snapshot', ts = Date.now()) =>
  JSON.stringify({ action, arg: arg(channel), data, ts })

const btcLong = { ...position, instId: 'BTCUSDT', holdSide: 'long', total: '1', available: '1' }
const t = Date.now()
const order = (status: string, acc: string, uTime: string) => ({
  orderId: '7001',
  instId: 'BTCUSDT',
  status,
  accBaseVolume: acc,
  size: '1',
  price: '60000',
  side: 'buy',
  orderType: 'limit',
  cTime: String(t),
  uTime,
})

let env: Awaited<ReturnType<typeof streamSetup>>
let server: PrivateStreamServer
beforeAll(async () => {
  env = await streamSetup()
  server = await privateStreamServer((socket, subscribed) => {
    const { channel } = subscribed
    if (channel === 'fill') {
      const answer = { instType: 'usdt-futures', channel: 'fill', instId: 'DEFAULT' }
      socket.send(JSON.stringify({ event: 'subscribe', arg: answer }))
      socket.send(JSON.stringify({ event: 'error', code: 30006, msg: 'request too many' }))
      socket.close(1008, 'request too many')
      return
    }
    socket.send(JSON.stringify({ event: 'subscribe', arg: subscribed }))
    if (channel === 'positions') {
      socket.send(push('positions', [btcLong, position]))
      // The next change: the same two, the second's liquidationPrice a JSON number.
      const unreadable = { ...position, liquidationPrice: 5788.108475905242 }
      socket.send(push('positions', [{ ...btcLong, unrealizedPL: '5' }, unreadable]))
    }
    if (channel === 'account') {
      socket.send(push('account', [coin]))
      socket.send(push('account', [{ ...coin, usdtEquity: 11489.968410691679 }]))
    }
    if (channel === 'orders') {
      socket.send(push('orders', [order('live', '0', String(t + 1))], 'update', t + 1))
      // Filled, pushed without an update time ("", the exchange's "not set").
      socket.send(push('orders', [order('filled', '1', '')], 'update', t + 5))
      // Another order: partly filled without an update time (its push at t + 80), then
      // filled at t + 20 (pushed at t + 90): the estimate is later than the real update.
      const other = (status: string, acc: string, uTime: string) => ({
        ...order(status, acc, uTime),
        orderId: '7002',
      })
      socket.send(push('orders', [other('live', '0', String(t + 1))], 'update', t + 1))
      socket.send(push('orders', [other('partially_filled', '0.5', '')], 'update', t + 80))
      socket.send(push('orders', [other('filled', '1', String(t + 20))], 'update', t + 90))
    }
    if (channel === 'orders' || channel === 'positions' || channel === 'account')
      socket.send(push('orders-algo', [{ ...plan, orderId: channel }], 'update'))
  })
})
afterAll(async () => {
  await server.close()
  await env.close()
})

describe('createClassicFuturesStream against a server whose pushes are faulty', () => {
  const open = () => {
    const url = server.url
    const opened = env.open({ url })
    const plans: string[] = []
    opened.stream.on('orders-algo', (record) => plans.push(record.orderId))
    const done = () => eventually(() => plans.length === 3, 'the plan order after each channel')
    return { ...opened, done }
  }

  test('decision: a positions or account snapshot with a record that does not read: a StreamPushError, and its position or coin keeps its last state (not reported closed)', async () => {
    const { stream, events, done } = open()
    const positions: string[] = []
    stream.on('positions', (p) =>
      positions.push(`${p.symbol}:${p.total}:${(p as { closed?: boolean }).closed === true}`),
    )
    const coins: string[] = []
    stream.on('account', (a) =>
      coins.push(`${a.marginCoin}:${(a as { closed?: boolean }).closed === true}`),
    )
    stream.on('orders', () => {})
    await done()
    // Before the fix: ETHUSDT:0:true and USDT:true (closed), back again on the next push.
    // BTCUSDT changed (unrealizedPL) and comes again; ETHUSDT did not read and keeps its state.
    expect(positions).toEqual(['BTCUSDT:1:false', 'ETHUSDT:0.1:false', 'BTCUSDT:1:false'])
    expect(coins).toEqual(['USDT:false'])
    const errors = events.flatMap((e) => (e.type === 'error' ? [(e.error as Error).name] : []))
    expect(errors).toEqual(['StreamPushError', 'StreamPushError'])
  })

  test('decision: an order push without uTime ("") counts at its push time (ts), its uTime set to it', async () => {
    const { stream, done } = open()
    const orders: string[] = []
    stream.on('orders', (o) => {
      if (o.orderId === '7001') orders.push(`${o.state}:${o.baseVolume}:${o.uTime}`)
    })
    stream.on('positions', () => {})
    stream.on('account', () => {})
    await done()
    // Before the fix the filled state was dropped: by its creation time, older than the last.
    expect(orders).toEqual([`live:0:${t + 1}`, `filled:1:${t + 5}`])
  })

  test("an order more filled than its last state is new even when its update time is earlier than that state's estimate (a push without uTime counted at its ts)", async () => {
    const { stream, done } = open()
    const orders: string[] = []
    stream.on('orders', (o) => {
      if (o.orderId === '7002') orders.push(`${o.state}:${o.baseVolume}`)
    })
    stream.on('positions', () => {})
    stream.on('account', () => {})
    await done()
    await eventually(() => orders.length === 3, 'the filled state of order 7002')
    // Before the fix the filled state was dropped: its uTime (t + 20) is before the estimate (t + 80).
    expect(orders).toEqual(['live:0', 'partially_filled:0.5', 'filled:1'])
  })
})

describe('createClassicFuturesStream: a server that answers a subscription in another case, then closes past the message budget', () => {
  test('the subscription is acknowledged (ready), and the down connection event carries 1008 and the reason', async () => {
    const url = server.url
    const { stream, events } = env.open({ url })
    stream.on('fill', () => {})
    await eventually(() => events.some((e) => e.type === 'down'), 'the drop')
    const kinds = events.map((e) => e.type)
    expect(kinds.indexOf('ready')).toBeGreaterThanOrEqual(0)
    expect(kinds.indexOf('ready')).toBeLessThan(kinds.indexOf('down'))
    expect(events.find((e) => e.type === 'down')).toMatchObject({
      reason: 'closed',
      close: { code: 1008, reason: 'request too many' },
    })
  })
})
