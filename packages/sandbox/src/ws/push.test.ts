import { afterEach, describe, expect, test } from 'vitest'
import type { RunningSandbox } from '../server.js'
import { btc, ethBuy, paths, start, T0 } from '../test/unified.js'
import { connect, loginMessage, uta, type WsClient } from '../test/ws.js'

const opened: RunningSandbox[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()))
})

/** A sandbox and a logged-in private connection subscribed to `topics` (acks and snapshots read). */
async function subscribed(topics: string[], options: Parameters<typeof start>[0] = {}) {
  const started = await start(options)
  opened.push(started.sandbox)
  const { sandbox } = started
  const client = await connect(`${sandbox.wsUrl}/v3/ws/private`)
  client.send(loginMessage(sandbox.credentials, Math.floor(T0 / 1000)))
  expect(await client.next()).toMatchObject({ event: 'login', code: 0 })
  const snapshots: Record<string, any> = {}
  for (const topic of topics) {
    client.send({ op: 'subscribe', args: [uta(topic)] })
    expect(await client.next()).toEqual({ event: 'subscribe', arg: uta(topic) })
    if (topic === 'position' || topic === 'account') snapshots[topic] = await client.next()
  }
  return { ...started, client, snapshots }
}

/** Reads pushes until `count` arrived; answers them as [topic, data[0]] pairs. */
async function pushes(client: WsClient, count: number): Promise<[string, any][]> {
  const out: [string, any][] = []
  for (const message of await client.take(count)) {
    expect(message).toMatchObject({ action: 'update', ts: expect.any(Number) })
    expect(message.data).toHaveLength(1)
    out.push([message.arg.topic, message.data[0]])
  }
  return out
}

describe('order topic', () => {
  test('a limit order placed over REST pushes its record: lower-case category, holdSide, reduceOnly no, marginCoin, totalProfit, leverage', async () => {
    const { api, client } = await subscribed(['order'])
    const placed = await api.post(paths.place, ethBuy({ clientOid: 'ws-1' }))
    expect(placed.body.code).toBe('00000')
    const message = await client.next()
    expect(message).toMatchObject({ action: 'update', arg: uta('order'), ts: T0 })
    const [record] = message.data
    const rest = (await api.get(paths.info, { orderId: placed.body.data.orderId })).body.data
    const { category, posSide, reduceOnly, execType, ...same } = rest
    expect(record).toEqual({
      ...same,
      category: 'spot',
      holdSide: '',
      reduceOnly: 'no',
      marginCoin: 'USDT',
      totalProfit: '0',
      leverage: '1',
    })
    expect(record).toMatchObject({ orderStatus: 'live', clientOid: 'ws-1', price: '3000' })
    expect(record).not.toHaveProperty('posSide')
  })

  test('partial fill, full fill and cancel each push the status and cumulative qty of that moment, with its updatedTime', async () => {
    const { api, client, sandbox, clock } = await subscribed(['order'])
    const a = (await api.post(paths.place, ethBuy({ qty: '2' }))).body.data.orderId
    const b = (await api.post(paths.place, ethBuy())).body.data.orderId
    await client.take(2)
    clock.set(T0 + 1000)
    sandbox.admin.fill(a, '0.5')
    clock.set(T0 + 2000)
    sandbox.admin.fill(a)
    clock.set(T0 + 3000)
    expect((await api.post(paths.cancel, { orderId: b })).body.code).toBe('00000')
    const orders = (await pushes(client, 3)).map(([, o]) => [
      o.orderId,
      o.orderStatus,
      o.cumExecQty,
      o.updatedTime,
    ])
    expect(orders).toEqual([
      [a, 'partially_filled', '0.5', String(T0 + 1000)],
      [a, 'filled', '2', String(T0 + 2000)],
      [b, 'cancelled', '0', String(T0 + 3000)],
    ])
  })

  test('a market order placed and filled at once pushes live, then filled; price is "" for a market order', async () => {
    const { api, client } = await subscribed(['order'])
    await api.post(paths.place, btc({ orderType: 'market', price: undefined }))
    const orders = await pushes(client, 2)
    expect(orders.map(([, o]) => [o.orderStatus, o.cumExecQty, o.price])).toEqual([
      ['live', '0', ''],
      ['filled', '0.01', ''],
    ])
    expect(orders[1]![1]).toMatchObject({ category: 'usdt-futures', avgPrice: '65000' })
  })
})

describe('fill topic', () => {
  test('one push per fill: the REST fill record with execTime for createdTime and holdSide for posSide', async () => {
    const { api, client, sandbox } = await subscribed(['fill'])
    const orderId = (await api.post(paths.place, ethBuy({ qty: '2' }))).body.data.orderId
    sandbox.admin.fill(orderId, '0.5')
    sandbox.admin.fill(orderId)
    const fills = await pushes(client, 2)
    const rest = (await api.get(paths.fills, { category: 'SPOT' })).body.data.list
    expect(rest).toHaveLength(2)
    for (const [topic, record] of fills) {
      expect(topic).toBe('fill')
      const { createdTime, posSide, ...same } = rest.find((f: any) => f.execId === record.execId)
      expect(record).toEqual({ ...same, execTime: createdTime, holdSide: posSide })
      expect(record.category).toBe('SPOT')
    }
    expect(fills.map(([, f]) => f.execQty)).toEqual(['0.5', '1.5'])
  })

  test('only the uid of the connection gets its pushes', async () => {
    const { api, client, sandbox, as } = await subscribed(['order', 'fill'])
    const other = sandbox.admin.addKey({ uid: '9999' })
    await as(other).post(paths.place, ethBuy())
    await api.post(paths.place, ethBuy({ clientOid: 'mine' }))
    const [mine] = await pushes(client, 1)
    expect(mine?.[1].clientOid).toBe('mine')
    expect(client.pending).toEqual([])
  })
})
