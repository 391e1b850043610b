import { afterEach, describe, expect, test } from 'vitest'
import type { RunningSandbox } from '../server.js'
import { start } from '../test/unified.js'
import { connect, loginMessage, type WsClient } from '../test/ws.js'

const opened: RunningSandbox[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()))
})

const arg = (channel: string, extra: Record<string, unknown> = {}) => ({
  instType: 'USDT-FUTURES',
  channel,
  ...(channel === 'account' ? { coin: 'default' } : { instId: 'default' }),
  ...extra,
})
const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const limit = (extra: Record<string, unknown> = {}) => ({
  ...pair,
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '1',
  side: 'buy',
  orderType: 'limit',
  price: '60000',
  ...extra,
})

/** A sandbox, a classic account of its own, and a logged-in `/v2/ws/private` client factory. */
async function open() {
  const started = await start({ rateLimits: false })
  const { sandbox } = started
  opened.push(sandbox)
  const uid = '7800000001'
  const credentials = sandbox.admin.addKey({ uid, accountMode: 'classic' })
  sandbox.admin.setClassicPositionMode('one_way', { uid })
  sandbox.admin.setBalance('USDT', '1000000', uid)
  sandbox.admin.setPrice('BTCUSDT', '65000.0')
  const api = started.as(credentials)
  const login = async (): Promise<WsClient> => {
    const client = await connect(`${sandbox.wsUrl}/v2/ws/private`)
    client.send(loginMessage(credentials, Math.floor(sandbox.admin.now() / 1000)))
    expect(await client.next()).toEqual({ event: 'login', code: 0, msg: '' })
    return client
  }
  return { sandbox, api, uid, login }
}

describe('/v2/ws/private: login and subscriptions', () => {
  test('the path upgrades; a subscription before login is 30004; an unknown channel, product type or a symbol on positions is 30001, each with the arg', async () => {
    const { sandbox, login } = await open()
    const anonymous = await connect(`${sandbox.wsUrl}/v2/ws/private`)
    anonymous.send({ op: 'subscribe', args: [arg('orders')] })
    expect(await anonymous.next()).toEqual({
      event: 'error',
      code: 30004,
      msg: 'User needs to log in',
      arg: arg('orders'),
    })
    const client = await login()
    const bad = [
      arg('order'),
      arg('orders', { instType: 'UTA' }),
      arg('positions', { instId: 'BTCUSDT' }),
      { instType: 'USDT-FUTURES', channel: 'orders' },
      { instType: 'USDT-FUTURES', channel: 'account' },
    ]
    client.send({ op: 'subscribe', args: bad })
    const answers = await client.take(bad.length)
    expect(answers.map((a) => [a.code, a.arg])).toEqual(bad.map((b) => [30001, b]))
    expect(sandbox.admin.ws.connections()).toEqual({ private: 2, public: 0, loggedIn: 1 })
    // The errors answering a request with an id echo it here too; op trade is not served.
    client.send({ op: 'subscribe', id: 's-1', args: [arg('order')] })
    client.send({ op: 'trade', id: 't-1', topic: 'place-order', args: [{}] })
    expect(await client.take(2)).toMatchObject([
      { event: 'error', id: 's-1', code: 30001, arg: arg('order') },
      { event: 'error', id: 't-1', code: 30003 },
    ])
  })

  test('the documented args are acknowledged as sent; positions and account answer a snapshot at once, orders and fill do not', async () => {
    const { login } = await open()
    const client = await login()
    const args = [
      arg('orders'),
      arg('fill', { instId: 'BTCUSDT' }),
      arg('orders-algo'),
      arg('positions-history'),
      arg('positions'),
      arg('account'),
    ]
    client.send({ op: 'subscribe', args })
    const answers = await client.take(8)
    expect(answers.slice(0, 5)).toEqual(
      args.slice(0, 5).map((a) => ({ event: 'subscribe', arg: a })),
    )
    expect(answers[5]).toMatchObject({ action: 'snapshot', arg: arg('positions'), data: [] })
    expect(answers[6]).toEqual({ event: 'subscribe', arg: arg('account') })
    expect(answers[7]).toMatchObject({
      action: 'snapshot',
      arg: arg('account'),
      data: [{ marginCoin: 'USDT', available: '1000000', equity: '1000000', frozen: '0' }],
    })
    expect(typeof answers[7].ts).toBe('number')
    client.send({ op: 'unsubscribe', args: [arg('orders')] })
    expect(await client.next()).toEqual({ event: 'unsubscribe', arg: arg('orders') })
  })
})

describe('/v2/ws/private: limits', () => {
  test('the v3 limits apply: the 11th message of a second is 30006 and the connection is closed with 1008 (ping included)', async () => {
    const started = await start({ rateLimits: true })
    opened.push(started.sandbox)
    const client = await connect(`${started.sandbox.wsUrl}/v2/ws/private`)
    for (let i = 0; i < 11; i++) client.send('ping')
    const answers = await client.take(11)
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('pong'))
    expect(answers[10]).toMatchObject({ event: 'error', code: 30006 })
    expect(await client.closed).toBe(1008)
  })

  test('a protocol ping frame counts as a message: the 11th of a second closes the connection with 1008', async () => {
    const started = await start({ rateLimits: true })
    opened.push(started.sandbox)
    const client = await connect(`${started.sandbox.wsUrl}/v2/ws/private`)
    let pongs = 0
    client.socket.on('pong', () => pongs++)
    for (let i = 0; i < 10; i++) client.socket.ping()
    client.send('ping')
    expect(await client.next()).toMatchObject({ event: 'error', code: 30006 })
    expect(await client.closed).toBe(1008)
    expect(pongs).toBe(10)
  })
})

describe('/v2/ws/private: pushes', () => {
  test('orders: a placed order (status live, instId, accBaseVolume "0"), then its fill: the fill push first, then the order with accBaseVolume the total and baseVolume the last fill', async () => {
    const { sandbox, api, login } = await open()
    const client = await login()
    client.send({ op: 'subscribe', args: [arg('orders'), arg('fill')] })
    await client.take(2)
    const placed = await api.post('/api/v2/mix/order/place-order', limit({ clientOid: 'ws-1' }))
    const orderId = placed.body.data.orderId as string
    const live = await client.next()
    expect(live).toMatchObject({
      action: 'snapshot',
      arg: arg('orders'),
      data: [
        {
          orderId,
          clientOid: 'ws-1',
          instId: 'BTCUSDT',
          status: 'live',
          accBaseVolume: '0',
          size: '1',
          price: '60000',
          reduceOnly: 'no',
          posMode: 'one_way_mode',
          tradeSide: 'buy_single',
        },
      ],
    })
    expect(live.data[0]).not.toHaveProperty('symbol')
    expect(live.data[0]).not.toHaveProperty('fillPrice')
    sandbox.admin.fill(orderId, '0.4')
    const [fill, partial] = await client.take(2)
    expect(fill).toMatchObject({
      arg: arg('fill'),
      data: [{ orderId, clientOid: 'ws-1', symbol: 'BTCUSDT', baseVolume: '0.4', price: '60000' }],
    })
    expect(partial.data[0]).toMatchObject({
      orderId,
      status: 'partially_filled',
      accBaseVolume: '0.4',
      baseVolume: '0.4',
      fillPrice: '60000',
      tradeId: fill.data[0].tradeId,
    })
    sandbox.admin.advanceClock(5)
    await api.post('/api/v2/mix/order/cancel-order', { ...pair, orderId })
    const cancelled = await client.next()
    expect(cancelled.data[0]).toMatchObject({ status: 'canceled', accBaseVolume: '0.4' })
    expect(cancelled.data[0]).not.toHaveProperty('fillPrice')
  })

  test('each arg is a channel of its own: orders of BTCUSDT and of another symbol are both held, an order goes to every arg that covers it, and unsubscribing one leaves the others (the second replaced the first before)', async () => {
    const { api, login } = await open()
    const client = await login()
    const btc = arg('orders', { instId: 'BTCUSDT' })
    const sol = arg('orders', { instId: 'SOLUSDT' })
    client.send({ op: 'subscribe', args: [btc, sol, arg('orders')] })
    await client.take(3)
    await api.post('/api/v2/mix/order/place-order', limit({ clientOid: 'ws-scope-1' }))
    const pushes = await client.take(2)
    expect(pushes.map((p) => p.arg).sort((a, b) => a.instId.localeCompare(b.instId))).toEqual([
      btc,
      arg('orders'),
    ])
    client.send({ op: 'unsubscribe', args: [btc] })
    expect(await client.next()).toEqual({ event: 'unsubscribe', arg: btc })
    await api.post('/api/v2/mix/order/place-order', limit({ clientOid: 'ws-scope-2' }))
    const after = await client.next()
    expect(after).toMatchObject({ arg: arg('orders'), data: [{ clientOid: 'ws-scope-2' }] })
  })

  test('positions: pushed when an order is created, filled or canceled, each push listing all open positions; a closed position is reported by its absence (data [])', async () => {
    const { api, login } = await open()
    const client = await login()
    client.send({ op: 'subscribe', args: [arg('positions')] })
    await client.take(2)
    await api.post(
      '/api/v2/mix/order/place-order',
      limit({ orderType: 'market', price: undefined }),
    )
    // The order's creation is pushed first (still flat), then its fill.
    expect(await client.next()).toMatchObject({ arg: arg('positions'), data: [] })
    const opened = await client.next()
    expect(opened).toMatchObject({
      action: 'snapshot',
      arg: arg('positions'),
      data: [{ instId: 'BTCUSDT', holdSide: 'long', total: '1', frozen: '0', leverage: 1 }],
    })
    expect(typeof opened.data[0].posId).toBe('string')
    await api.post(
      '/api/v2/mix/order/place-order',
      limit({ orderType: 'market', price: undefined, side: 'sell', reduceOnly: 'YES' }),
    )
    let closed = await client.next()
    while (closed.data.length > 0) closed = await client.next()
    expect(closed).toMatchObject({ action: 'snapshot', arg: arg('positions'), data: [] })
  })

  test('account: pushed when its numbers change, not again when they do not', async () => {
    const { sandbox, api, login } = await open()
    const client = await login()
    client.send({ op: 'subscribe', args: [arg('account')] })
    const [, first] = await client.take(2)
    expect(first.data[0].available).toBe('1000000')
    await api.post('/api/v2/mix/order/place-order', limit())
    const held = await client.next()
    expect(held.data[0]).toMatchObject({ available: '940000', frozen: '60000' })
    sandbox.admin.setBalance('USDT', '1000000', '7800000001')
    // The sandbox pushes within setBalance, so a push would come before the pong (no real-time wait).
    client.send('ping')
    expect(await client.next()).toBe('pong')
    expect(client.pending).toEqual([])
  })

  test('faults cover the classic path: drop ends its connections, refuse answers 503, stalled pongs', async () => {
    const { sandbox, login } = await open()
    const client = await login()
    sandbox.admin.ws.stallPongs(true)
    client.send('ping')
    sandbox.admin.ws.stallPongs(false)
    client.send('ping')
    expect(await client.next()).toBe('pong')
    expect(sandbox.admin.ws.drop()).toBe(1)
    await client.closed
    sandbox.admin.ws.refuse(true)
    await expect(connect(`${sandbox.wsUrl}/v2/ws/private`)).rejects.toThrow('HTTP 503')
    sandbox.admin.ws.refuse(false)
  })
})
