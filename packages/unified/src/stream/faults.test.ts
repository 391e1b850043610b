// The unified private stream against a server whose position snapshot has a record that does not
// read (a small `ws` server on 127.0.0.1 for the stream, the sandbox for the login's clock): a
// decimal sent as a JSON number of more digits than a double keeps. The position keeps its last
// state, where it was reported closed (and back again on the next push). The same server closes
// the connection with a code of its own once the account is subscribed (the `down` event
// carries the code and the reason, the login's signature redacted from it), and answers the
// fast-fill subscription without its `symbol` and in lower case (acknowledged all the same).
// Each failed before its fix.

import { type PrivateStreamServer, privateStreamServer } from '@tradeline/fuzz/streams'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eventually, streamSetup } from '../test/streams.js'
import { readPositionKeyFields, readPush } from './records.js'

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
const push = (topic: string, data: unknown[]) =>
  JSON.stringify({ action: 'snapshot', arg: { instType: 'UTA', topic }, data, ts: Date.now() })

let env: Awaited<ReturnType<typeof streamSetup>>
let server: PrivateStreamServer
/** The signature of the last login the server saw. */
let sign = ''
beforeAll(async () => {
  env = await streamSetup()
  server = await privateStreamServer(
    (socket, subscribed) => {
      // The fast-fill answer as the page's subscribe example writes the arg: no `symbol`.
      const answer =
        subscribed.topic === 'fast-fill' ? { instType: 'uta', topic: 'fast-fill' } : subscribed
      socket.send(JSON.stringify({ event: 'subscribe', arg: answer }))
      if (subscribed.topic === 'account') socket.close(4003, `maintenance; login ${sign}`)
      if (subscribed.topic !== 'position') return
      socket.send(push('position', [position('BTCUSDT'), position('ETHUSDT')]))
      const unreadable = position('ETHUSDT', { liqPrice: 5788.108475905242 })
      socket.send(push('position', [position('BTCUSDT', { size: '2' }), unreadable]))
      socket.send(push('position', [position('BTCUSDT', { size: '3' })]))
    },
    (args) => {
      sign = args[0]?.sign ?? ''
    },
  )
})
afterAll(async () => {
  await server.close()
  await env.close()
})

describe('createUnifiedStream: a position snapshot with a record that does not read', () => {
  test('decision: a StreamPushError, and the position keeps its last state (not reported closed); a later snapshot that reads whole and no longer lists it closes it', async () => {
    const url = server.url
    const { stream, events } = env.open({ url })
    const seen: string[] = []
    stream.on('position', (p) => seen.push(`${p.symbol}:${p.total}:${p.positionStatus}`))
    await eventually(() => seen.length === 5, 'the three snapshots')
    // Before the fix: ETHUSDT reported ended after the second snapshot.
    expect(seen).toEqual([
      'BTCUSDT:1:normal',
      'ETHUSDT:1:normal',
      'BTCUSDT:2:normal',
      'ETHUSDT:0:ended',
      'BTCUSDT:3:normal',
    ])
    const errors = events.flatMap((e) => (e.type === 'error' ? [(e.error as Error).name] : []))
    expect(errors).toEqual(['StreamPushError'])
  })

  test('the key fields of a position read as the whole record reads them', () => {
    const raw = position('BTCUSDT', { holdSide: 'short', marginMode: 'isolated' })
    const whole = readPush('position', raw)
    const keys = readPositionKeyFields({ ...raw, liqPrice: 5788.108475905242 })
    expect(keys).toMatchObject({
      category: whole.category,
      symbol: whole.symbol,
      posSide: whole.posSide,
      marginCoin: whole.marginCoin,
      marginMode: whole.marginMode,
    })
  })
})

describe('createUnifiedStream: the server closes the connection, or answers a subscription otherwise', () => {
  test('a close with an application code: the down connection event carries the code and the reason, without the login signature', async () => {
    const url = server.url
    const { stream, events } = env.open({ url })
    stream.on('account', () => {})
    await eventually(() => events.some((e) => e.type === 'down'), 'the drop')
    const down = events.find((e) => e.type === 'down')
    const close = down?.type === 'down' ? down.close : undefined
    expect(close?.code).toBe(4003)
    expect(close?.reason.startsWith('maintenance; login ')).toBe(true)
    expect(sign.length).toBeGreaterThan(10)
    expect(close?.reason).not.toContain(sign)
  })

  test('a fast-fill acknowledgement without symbol and in lower case acknowledges the subscription: the stream is ready without a deadline or a reconnect', async () => {
    const url = server.url
    const { stream, events } = env.open({ url })
    stream.on('fast-fill', () => {})
    let ready = false
    void stream.ready().then(() => {
      ready = true
    })
    // Manual timers: no deadline runs; before the fix the stream waited for it.
    await eventually(() => ready, 'ready')
    expect(events.filter((e) => e.type === 'down' || e.type === 'error')).toEqual([])
  })
})
