// Each channel of the classic private stream over a real loopback WebSocket against the sandbox:
// what an order, a fill, a position, the account and plan orders give, exactly once.
import { inspect } from 'node:util'
import { StreamLoginError, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, triggerBuy } from '../test/sandbox.js'
import { eventually, quiet, streamSetup, take } from '../test/streams.js'
import { classicStreamUrl, createClassicFuturesStream } from './createClassicFuturesStream.js'

let env: Awaited<ReturnType<typeof streamSetup>>
beforeAll(async () => {
  env = await streamSetup()
})
afterAll(async () => {
  await env.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const market = (side: 'buy' | 'sell', extra: Record<string, unknown> = {}) =>
  ({ ...restingBuy, orderType: 'market', price: undefined, side, ...extra }) as never

describe('createClassicFuturesStream: options', () => {
  test('bad options are a ValidationError naming the field before anything opens', () => {
    const { client } = env.open()
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'credentials'],
      [{ credentials: { apiKey: 'k', passphrase: 'p' } }, 'credentials.secret'],
      [{ credentials: env.sandbox.credentials, productType: 'SPOT' }, 'productType'],
      [{ credentials: env.sandbox.credentials, pingIntervalMs: 0 }, 'pingIntervalMs'],
      [{ credentials: env.sandbox.credentials, limits: { marginMs: -1 } }, 'limits.marginMs'],
    ]
    for (const [options, field] of cases) {
      let error: unknown
      try {
        createClassicFuturesStream(client, options as never)
      } catch (e) {
        error = e
      }
      expect(ValidationError.isInstance(error), field).toBe(true)
      expect((error as Error).message).toContain(field)
    }
  })

  test("the endpoint: /v2/ws/private of the exchange, the demo host, or the base URL's host", () => {
    expect(classicStreamUrl('https://api.bitget.com', false)).toBe(
      'wss://ws.bitget.com/v2/ws/private',
    )
    expect(classicStreamUrl('https://api.bitget.com', true)).toBe(
      'wss://wspap.bitget.com/v2/ws/private',
    )
    expect(classicStreamUrl('http://127.0.0.1:9/', false)).toBe('ws://127.0.0.1:9/v2/ws/private')
  })

  test('a wrong secret: StreamLoginError 30015, no reconnect, no secret in it or in the stream', async () => {
    const credentials = { ...env.sandbox.credentials, secret: 'not-the-secret' }
    const { stream, time, events } = env.open({ credentials })
    const error = await stream
      .orders()
      .next()
      .catch((e: unknown) => e)
    expect(StreamLoginError.isInstance(error)).toBe(true)
    expect((error as StreamLoginError).code).toBe(30015)
    time.advance(60_000)
    expect(events.filter((e) => e.type === 'down')).toEqual([])
    for (const text of [
      String((error as Error).stack),
      JSON.stringify(error),
      inspect(error, { depth: 5 }),
      inspect(stream, { depth: 8, showHidden: true }),
      JSON.stringify(stream),
    ])
      for (const secret of [
        credentials.secret,
        env.sandbox.credentials.secret,
        credentials.passphrase,
      ])
        expect(text).not.toContain(secret)
  })
})

describe('channels', () => {
  test('orders: placed (live), partially filled, filled: each state once, in order, as order-detail records', async () => {
    const { stream, client } = env.open()
    const orders = stream.orders()
    await stream.ready()
    const ack = await client.orders.place(restingBuy)
    const id = ack.orderId as string
    env.sandbox.admin.advanceClock(5)
    env.sandbox.admin.fill(id, '0.004')
    env.sandbox.admin.advanceClock(5)
    env.sandbox.admin.fill(id)
    const got = await take(orders, 3)
    expect(got.map((o) => [o.orderId, o.state, o.baseVolume, o.symbol])).toEqual([
      [id, 'live', '0', 'BTCUSDT'],
      [id, 'partially_filled', '0.004', 'BTCUSDT'],
      [id, 'filled', '0.01', 'BTCUSDT'],
    ])
    expect(got[1]).toMatchObject({ fillBaseVolume: '0.004', fillPrice: '30000' })
    expect(await quiet(orders)).toBeUndefined()
    await orders.return?.()
  })

  test('fills: each fill once, with its tradeId, quantity and price as decimal strings', async () => {
    const { stream, client } = env.open()
    const fills = stream.fills()
    await stream.ready()
    const ack = await client.orders.place(restingBuy)
    env.sandbox.admin.fill(ack.orderId as string, '0.003')
    env.sandbox.admin.advanceClock(5)
    env.sandbox.admin.fill(ack.orderId as string)
    const got = await take(fills, 2)
    expect(got.map((f) => [f.orderId, f.baseVolume, f.price])).toEqual([
      [ack.orderId, '0.003', '30000'],
      [ack.orderId, '0.007', '30000'],
    ])
    expect(new Set(got.map((f) => f.tradeId)).size).toBe(2)
    expect(await quiet(fills)).toBeUndefined()
    await fills.return?.()
  })

  test('positions: a snapshot on subscribe, each change once (not again for unchanged pushes), a closed position once more with total "0" and closed: true', async () => {
    const { stream, client } = env.openFresh()
    const seen: [string, string | null, string][] = []
    stream.on('positions', (p, meta) => seen.push([String(p.holdSide), p.total, meta.action]))
    await stream.ready()
    await client.orders.place(market('buy'))
    await eventually(() => seen.length === 1, 'the opened position')
    await client.orders.place(restingBuy) // a resting order: a push, the position unchanged
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen).toEqual([['long', '0.01', 'snapshot']])
    await client.orders.place(market('sell', { reduceOnly: 'YES' }))
    await eventually(() => seen.at(-1)?.[1] === '0', 'the closed position')
    // The closing order first locks the position (a change), then its fill closes it.
    expect(seen.slice(1)).toEqual([
      ['long', '0.01', 'snapshot'],
      ['long', '0', 'snapshot'],
    ])
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen).toHaveLength(3)
    await client.orders.cancelAll({ productType: 'USDT-FUTURES' })
  })

  test('account: a snapshot on subscribe, then a change once per change; a joining reader gets the current state', async () => {
    const { stream, client } = env.openFresh()
    const account = stream.account()
    const [first] = await take(account, 1)
    expect(first).toMatchObject({ marginCoin: 'USDT' })
    const ack = await client.orders.place(restingBuy)
    const [held] = await take(account, 1)
    expect(held?.frozen).not.toBe(first?.frozen)
    const joined = stream.account()
    const [current] = await take(joined, 1)
    expect(current).toEqual(held)
    await client.orders.cancel({ ...pair, orderId: ack.orderId as string })
    const [freed] = await take(account, 1)
    expect(freed?.available).toBe(first?.available)
    await account.return?.()
    await joined.return?.()
  })

  test('planOrders: orders-algo gives a plan order when it is placed (live) and when its trigger executes it', async () => {
    const { stream, client } = env.openFresh()
    const plans = stream.planOrders()
    await stream.ready()
    env.sandbox.admin.setPrice('BTCUSDT', '65000.0')
    const placed = await client.plans.place(triggerBuy)
    const [live] = await take(plans, 1)
    expect(live).toMatchObject({ orderId: placed.orderId, symbol: 'BTCUSDT', status: 'live' })
    env.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const [executed] = await take(plans, 1)
    expect(executed).toMatchObject({
      orderId: placed.orderId,
      status: 'executed',
      actualSize: '0.01',
    })
    await plans.return?.()
  })
})
