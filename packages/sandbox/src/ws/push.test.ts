import { afterEach, describe, expect, test } from 'vitest'
import type { RunningSandbox } from '../server.js'
import { fixture, shapeIssues } from '../test/shape.js'
import { btc, ethBuy, paths, start, T0 } from '../test/unified.js'
import { connect, loginMessage, uta, type WsClient } from '../test/ws.js'

const opened: RunningSandbox[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()))
})

/** A sandbox and a logged-in private connection subscribed to `topics` (acks and snapshots read). */
async function subscribed(topics: string[], setup: (sandbox: RunningSandbox) => void = () => {}) {
  const started = await start()
  opened.push(started.sandbox)
  const { sandbox } = started
  setup(sandbox)
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

describe('position and account topics', () => {
  test('position: a snapshot on subscribe (empty when flat, then all open ones), an update per change, ended as the documented example when flat', async () => {
    const { api, client, snapshots } = await subscribed(['position'])
    expect(snapshots.position).toEqual({
      action: 'snapshot',
      arg: uta('position'),
      data: [],
      ts: T0,
    })
    await api.post(paths.place, btc({ orderType: 'market', price: undefined }))
    const [[, opened]] = (await pushes(client, 1)) as [[string, any]]
    const rest = (await api.get(paths.position, { category: 'USDT-FUTURES' })).body.data.list[0]
    const { total, positionBalance, liquidationPrice, totalFunding, ...same } = rest
    expect(opened).toEqual({
      ...same,
      size: total,
      marginSize: positionBalance,
      liqPrice: liquidationPrice,
      totalFundingFee: totalFunding,
      positionStatus: 'normal',
    })
    expect(opened).toMatchObject({ size: '0.01', marginSize: '650', symbol: 'BTCUSDT' })
    client.send({ op: 'subscribe', args: [uta('position')] })
    expect(await client.take(2)).toMatchObject([
      { event: 'subscribe' },
      { action: 'snapshot', data: [{ size: '0.01', positionStatus: 'normal' }] },
    ])
    await api.post(
      paths.place,
      btc({ orderType: 'market', price: undefined, side: 'sell', reduceOnly: 'yes' }),
    )
    // The close order holds the whole position as it is placed, then fills it flat.
    const [[, holding], [, ended]] = (await pushes(client, 2)) as [[string, any], [string, any]]
    expect(holding).toMatchObject({ size: '0.01', frozen: '0.01', available: '0' })
    // As the Positions-Channel page's ended example: "0" sizes and profits, leverage and mark
    // price kept, "" only for the fees, rates and prices a flat position has none of.
    const [documented] = fixture('uta.ws.private.position.ended.json').data
    expect(shapeIssues(documented, ended)).toEqual([])
    expect(ended).toMatchObject({
      positionStatus: 'ended',
      size: '0',
      available: '0',
      frozen: '0',
      marginSize: '0',
      avgPrice: '0',
      curRealisedPnl: '0',
      unrealisedPnl: '0',
      totalFundingFee: '0',
      openFeeTotal: '',
      mmr: '',
      breakEvenPrice: '',
      liqPrice: '',
      profitRate: '',
      closeFeeTotal: '',
      leverage: opened.leverage,
      markPrice: '65000.0',
      symbol: 'BTCUSDT',
      category: 'USDT-FUTURES',
    })
    expect(ended.leverage).toMatch(/^\d+$/)
  })

  test('decision: placing, modifying and cancelling a close order pushes the position it holds, frozen and available as REST answers them; an opening order pushes none', async () => {
    const { api, client } = await subscribed(['position'], (sb) =>
      sb.admin.setPosition({
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        side: 'net',
        size: '0.01',
        entryPrice: '60000.0',
      }),
    )
    const rest = async () =>
      (await api.get(paths.position, { category: 'USDT-FUTURES' })).body.data.list[0]
    const held = async () => {
      const [[topic, pushed]] = (await pushes(client, 1)) as [[string, any]]
      expect(topic).toBe('position')
      const { available, frozen, total } = await rest()
      expect(pushed).toMatchObject({ available, frozen, size: total, positionStatus: 'normal' })
      return [pushed.frozen, pushed.available]
    }
    // A reduce-only sell above the price rests and holds 0.004 of the 0.01.
    const close = btc({ side: 'sell', qty: '0.004', price: '70000.0', reduceOnly: 'yes' })
    const orderId = (await api.post(paths.place, close)).body.data.orderId
    expect(await held()).toEqual(['0.004', '0.006'])
    const modified = await api.post(paths.modify, { orderId, qty: '0.006', autoCancel: 'no' })
    expect(modified.body.code).toBe('00000')
    expect(await held()).toEqual(['0.006', '0.004'])
    expect((await api.post(paths.cancel, { orderId })).body.code).toBe('00000')
    expect(await held()).toEqual(['0', '0.01'])
    // An opening order holds nothing of the position: no push (the pong comes first).
    await api.post(paths.place, btc({ price: '50000.0' }))
    client.send('ping')
    expect(await client.next()).toBe('pong')
  })

  test('account: a snapshot on subscribe and an update after a balance change, as GET /api/v3/account/assets says', async () => {
    const { api, client, sandbox, snapshots } = await subscribed(['account'])
    const assets = async () => (await api.get(paths.assets)).body.data
    const expected = (data: any) => ({
      totalEquity: data.accountEquity,
      effEquity: data.effEquity,
      unrealisedPnL: data.unrealisedPnl,
      imr: data.imr,
      mmr: data.mmr,
      mgnRatio: data.mgnRatio,
      positionMgnRatio: data.positionMgnRatio,
      bonus: '0',
      coin: data.assets.map((a: any) => ({
        coin: a.coin,
        equity: a.equity,
        balance: a.balance,
        available: a.available,
        locked: a.locked,
        borrow: '0',
        debts: a.debt,
        usdValue: a.usdValue,
      })),
    })
    expect(snapshots.account).toMatchObject({ action: 'snapshot', arg: uta('account') })
    expect(snapshots.account.data).toEqual([expected(await assets())])
    sandbox.admin.setBalance('USDT', '5000')
    const [[, changed]] = (await pushes(client, 1)) as [[string, any]]
    expect(changed).toEqual(expected(await assets()))
    expect(changed.coin.find((c: any) => c.coin === 'USDT')).toMatchObject({ balance: '5000' })
    // A limit order locks funds: the account changes and is pushed; nothing changes, nothing is pushed.
    await api.post(paths.place, ethBuy({ qty: '1', price: '3000.00' }))
    const [[, locked]] = (await pushes(client, 1)) as [[string, any]]
    expect(locked.coin.find((c: any) => c.coin === 'USDT')).toMatchObject({
      available: '2000',
      locked: '3000',
    })
    sandbox.admin.setBalance('USDT', '5000')
    client.send('ping')
    expect(await client.next()).toBe('pong')
  })

  test('decision: the pushes of one fill come in the order fill, order, position, account', async () => {
    const { api, client } = await subscribed(['account', 'position', 'order', 'fill'], (sb) =>
      sb.admin.setPosition({
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        side: 'net',
        size: '0.01',
        entryPrice: '60000.0',
      }),
    )
    // A reduce-only sell at the price fills as it arrives and realises 0.004 x 5000 = 20 USDT.
    const close = btc({ side: 'sell', qty: '0.004', price: '65000.0', reduceOnly: 'yes' })
    expect((await api.post(paths.place, close)).body.code).toBe('00000')
    // Placed, the close order holds 0.004 of the position (pushed as the exchange pushes a
    // close order placed); its fill is then pushed fill, order, position, account.
    const [placed, holding, ...all] = await pushes(client, 6)
    expect([placed![0], holding![0]]).toEqual(['order', 'position'])
    expect(placed![1]).toMatchObject({ orderStatus: 'live', reduceOnly: 'yes' })
    expect(holding![1]).toMatchObject({ size: '0.01', frozen: '0.004', available: '0.006' })
    expect(all.map(([topic]) => topic)).toEqual(['fill', 'order', 'position', 'account'])
    expect(all[0]![1]).toMatchObject({ execQty: '0.004', execPnl: '20' })
    expect(all[1]![1]).toMatchObject({ orderStatus: 'filled', totalProfit: '20' })
    expect(all[2]![1]).toMatchObject({ size: '0.006', positionStatus: 'normal' })
    expect(all[3]![1].coin.find((c: any) => c.coin === 'USDT')).toMatchObject({
      balance: '100020',
    })
  })

  test('modify and cancel-symbol-order push the order of that moment', async () => {
    const { api, client } = await subscribed(['order'])
    const orderId = (await api.post(paths.place, btc({ qty: '0.01' }))).body.data.orderId
    await client.next()
    const modified = await api.post(paths.modify, { orderId, qty: '0.02', autoCancel: 'no' })
    expect(modified.body.code).toBe('00000')
    expect((await api.post(paths.cancelSymbol, { category: 'USDT-FUTURES' })).body.code).toBe(
      '00000',
    )
    const orders = await pushes(client, 2)
    expect(orders.map(([, o]) => [o.orderStatus, o.qty])).toEqual([
      ['live', '0.02'],
      ['cancelled', '0.02'],
    ])
  })
})

describe('time-driven changes', () => {
  test('a modification due later is pushed when the sandbox next settles; a WebSocket message settles it, as a request does', async () => {
    const { api, client, sandbox, clock } = await subscribed(['order'])
    const orderId = (await api.post(paths.place, btc())).body.data.orderId
    await client.next()
    sandbox.admin.setModificationDelay(1000)
    await api.post(paths.modify, { orderId, qty: '0.02', autoCancel: 'no' })
    clock.set(T0 + 1000)
    client.send('ping')
    const [push, pong] = await client.take(2)
    expect(push).toMatchObject({
      action: 'update',
      data: [{ orderId, qty: '0.02', updatedTime: String(T0 + 1000) }],
    })
    expect(pong).toBe('pong')
  })

  test('a lapsed countdown switch cancels the orders of the uid: one cancelled push each, with cancelReason countdown, when the sandbox next settles', async () => {
    const { api, as, client, sandbox, clock } = await subscribed(['order'])
    const keeper = as(sandbox.admin.addKey({ permissions: ['trade_rw', 'countdown'] }))
    await api.post(paths.place, ethBuy({ clientOid: 'cd-a' }))
    await api.post(paths.place, ethBuy({ clientOid: 'cd-b' }))
    await client.take(2)
    expect((await keeper.post(paths.countdown, { countdown: '5' })).body.code).toBe('00000')
    clock.set(T0 + 5000)
    client.send('ping')
    const [a, b, pong] = await client.take(3)
    const cancelled = [a, b].map((m) => m.data[0])
    cancelled.sort((x, y) => (x.clientOid < y.clientOid ? -1 : 1))
    expect(cancelled).toMatchObject([
      { clientOid: 'cd-a', orderStatus: 'cancelled', cancelReason: 'countdown' },
      { clientOid: 'cd-b', orderStatus: 'cancelled', cancelReason: 'countdown' },
    ])
    expect(a.data[0].updatedTime).toBe(String(T0 + 5000))
    expect(pong).toBe('pong')
  })
})

describe('public topics', () => {
  test('ticker: a snapshot on subscribe and an update when the price changes; publicTrade: one update per fill of the symbol', async () => {
    const { api, sandbox } = await subscribed([])
    const client = await connect(`${sandbox.wsUrl}/v3/ws/public`)
    const ticker = { instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' }
    const trades = { instType: 'usdt-futures', topic: 'publicTrade', symbol: 'BTCUSDT' }
    client.send({ op: 'subscribe', args: [ticker, trades, { ...ticker, instType: 'spot' }] })
    const [ack, snapshot, ack2, refused] = await client.take(4)
    expect(ack).toEqual({ event: 'subscribe', arg: ticker })
    expect(snapshot).toMatchObject({
      action: 'snapshot',
      arg: ticker,
      data: [{ symbol: 'BTCUSDT', lastPrice: '65000.0' }],
    })
    expect(ack2).toEqual({ event: 'subscribe', arg: trades })
    expect(refused).toMatchObject({ event: 'error', code: 30001 })
    sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const moved = await client.next()
    expect(moved).toMatchObject({
      action: 'update',
      arg: ticker,
      data: [{ lastPrice: '66000.0', nextFundingTime: expect.stringMatching(/^\d+$/) }],
    })
    // The book around the new price (it was the book of the price before: a bid above it).
    expect(Number(moved.data[0].bid1Price)).toBeLessThan(66000)
    expect(Number(moved.data[0].ask1Price)).toBeGreaterThan(66000)
    await api.post(paths.place, btc({ orderType: 'market', price: undefined, side: 'sell' }))
    const trade = await client.next()
    expect(trade).toMatchObject({ action: 'update', arg: trades })
    // The documented short names (fixtures/exchange/ws.uta.public-trade.json); execId, price,
    // size, side, ts before.
    expect(trade.data).toEqual([
      {
        i: expect.any(String),
        L: expect.any(String),
        p: '66000.0',
        v: '0.01',
        S: 'sell',
        T: String(T0),
      },
    ])
    expect(sandbox.admin.ws.connections()).toEqual({ private: 1, public: 1, loggedIn: 1 })
  })
})
