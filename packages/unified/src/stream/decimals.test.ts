// The unified private stream against a server whose pushes carry a decimal field whose text is no
// decimal number (a small `ws` server on 127.0.0.1 for the stream, the sandbox for the login's
// clock). The record does not read, as one with a field of the wrong kind does not: an error event
// naming the field, the stream goes on, and a position snapshot with such a record does not report
// that position closed. Before, "NaN" reached the listener as the record's size or price.

import { type PrivateStreamServer, privateStreamServer } from '@tradeline/fuzz/streams'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eventually, streamSetup } from '../test/streams.js'
import { readPush } from './records.js'

const position = (symbol: string, extra: Record<string, unknown> = {}) => ({
  category: 'usdt-futures',
  symbol,
  holdSide: 'long',
  marginCoin: 'USDT',
  marginMode: 'crossed',
  size: '1',
  liqPrice: '5000',
  positionStatus: 'normal',
  ...extra,
})
const order = (orderId: string, price: string) => ({
  orderId,
  clientOid: `c${orderId}`,
  category: 'usdt-futures',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  orderStatus: 'live',
  price,
  qty: '0.01',
  reduceOnly: 'no',
  createdTime: '1700000000000',
  updatedTime: '1700000000000',
})
const push = (topic: string, action: string, data: unknown[]) =>
  JSON.stringify({ action, arg: { instType: 'UTA', topic }, data, ts: Date.now() })

let env: Awaited<ReturnType<typeof streamSetup>>
let server: PrivateStreamServer
beforeAll(async () => {
  env = await streamSetup()
  server = await privateStreamServer((socket, subscribed) => {
    socket.send(JSON.stringify({ event: 'subscribe', arg: subscribed }))
    if (subscribed.topic === 'position') {
      socket.send(push('position', 'snapshot', [position('BTCUSDT'), position('ETHUSDT')]))
      const unreadable = position('ETHUSDT', { size: 'NaN' })
      const next = [position('BTCUSDT', { size: '2' }), unreadable]
      socket.send(push('position', 'snapshot', next))
      socket.send(push('position', 'snapshot', [position('BTCUSDT', { size: '3' })]))
    }
    if (subscribed.topic === 'order') {
      socket.send(push('order', 'snapshot', [order('1', 'Infinity')]))
      socket.send(push('order', 'snapshot', [order('2', '65000.5')]))
    }
  })
})
afterAll(async () => {
  await server.close()
  await env.close()
})

const url = () => server.url
const errorsOf = (events: { type: string; error?: unknown }[]) =>
  events.flatMap((e) => (e.type === 'error' ? [e.error as Error] : []))

describe('createUnifiedStream: a decimal field whose text is no decimal number', () => {
  test('decision: a position snapshot with size "NaN" is a StreamPushError naming the field, and the position keeps its last state (not reported closed)', async () => {
    const { stream, events } = env.open({ url: url() })
    const seen: string[] = []
    stream.on('position', (p) => seen.push(`${p.symbol}:${p.total}:${p.positionStatus}`))
    await eventually(() => seen.length === 5, 'the three snapshots')
    // Before: ETHUSDT:NaN:normal after the second snapshot.
    expect(seen).toEqual([
      'BTCUSDT:1:normal',
      'ETHUSDT:1:normal',
      'BTCUSDT:2:normal',
      'ETHUSDT:0:ended',
      'BTCUSDT:3:normal',
    ])
    const errors = errorsOf(events)
    expect(errors.map((e) => e.name)).toEqual(['StreamPushError'])
    expect(String(errors[0]?.message)).toMatch(/total: a decimal number/)
  })

  test('decision: an order push with price "Infinity" (the fast reader declines, the schema names the field) is an error event; the next order reads', async () => {
    const { stream, events } = env.open({ url: url() })
    const seen: string[] = []
    stream.on('order', (o) => seen.push(`${o.orderId}:${o.price}`))
    await eventually(() => seen.length === 1, 'the readable order')
    // Before: '1:Infinity' first.
    expect(seen).toEqual(['2:65000.5'])
    const errors = errorsOf(events)
    expect(errors.map((e) => e.name)).toEqual(['StreamPushError'])
    expect(String(errors[0]?.message)).toMatch(/price: a decimal number/)
  })

  test('readPush: "" is still not set (a market order\'s price), an exponent is written out', () => {
    expect(readPush('order', order('3', ''))).toMatchObject({ price: null })
    expect(readPush('order', order('4', '1E-8'))).toMatchObject({ price: '0.00000001' })
    expect(() => readPush('order', order('5', '1e5x'))).toThrow(/not "1e5x"/)
  })
})
