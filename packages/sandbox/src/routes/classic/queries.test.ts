import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, market, order, pair } from '../../test/classic.js'
import { paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

describe('GET /api/v2/mix/order/detail', () => {
  test('the exchange docs: "symbol, productType, orderId or clientOid": orderId wins; decision: unknown answers 40109', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(classicPaths.place, order({ clientOid: 'd-1' }))
    const byId = await a.api.get(classicPaths.detail, {
      ...pair,
      orderId: body.data.orderId,
      clientOid: 'nope',
    })
    expect(byId.body.data).toMatchObject({ clientOid: 'd-1', state: 'live' })
    const unknown = await a.api.get(classicPaths.detail, { ...pair, clientOid: 'nope' })
    expect(unknown.body).toMatchObject({
      code: '40109',
      msg: 'The data of the order cannot be found, please confirm the order number',
    })
  })

  test('decision: an order is found only under its own symbol and product type', async () => {
    const a = classicAccount(ctx)
    await a.api.post(classicPaths.place, order({ clientOid: 'd-2' }))
    const other = await a.api.get(classicPaths.detail, {
      symbol: 'ETHPERP',
      productType: 'USDC-FUTURES',
      clientOid: 'd-2',
    })
    expect(other.body.code).toBe('40109')
  })

  test('docs/records.md: "state" live, partially_filled, filled, canceled (the classic spelling)', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post(classicPaths.place, order({ size: '2', clientOid: 'd-3' }))
    ctx.sandbox.admin.fill(placed.body.data.orderId, '0.5')
    expect((await a.read.detail({ clientOid: 'd-3' })).data).toMatchObject({
      state: 'partially_filled',
      baseVolume: '0.5',
      priceAvg: '60000',
      quoteVolume: '30000',
    })
    await a.api.post(classicPaths.cancel, { ...pair, clientOid: 'd-3' })
    expect((await a.read.detail({ clientOid: 'd-3' })).data).toMatchObject({
      state: 'canceled',
      cancelReason: 'normal_cancel',
    })
  })

  test('a closing fill answers its realised profit in totalProfits', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '1')
    await a.api.post(
      classicPaths.place,
      market({ side: 'sell', reduceOnly: 'YES', clientOid: 'd-4' }),
    )
    ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0')
    const b = classicAccount(ctx)
    b.hold('net', '1')
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    await b.api.post(
      classicPaths.place,
      market({ side: 'sell', reduceOnly: 'YES', clientOid: 'd-5' }),
    )
    expect((await a.read.detail({ clientOid: 'd-4' })).data.totalProfits).toBe('0')
    expect((await b.read.detail({ clientOid: 'd-5' })).data).toMatchObject({
      totalProfits: '1000',
      reduceOnly: 'YES',
      tradeSide: 'sell_single',
    })
  })
})

describe('GET /api/v2/mix/order/orders-pending', () => {
  test('docs/records.md: "Classic orders-pending with no orders: {"entrustedList": null, "endId": null}"', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.get(classicPaths.pending, { productType: 'USDT-FUTURES' })
    expect(body.data).toEqual({ entrustedList: null, endId: null })
  })

  test('docs/records.md: newest first, "status" key, pages by idLessThan = the previous endId', async () => {
    const a = classicAccount(ctx)
    const ids: string[] = []
    for (const n of [1, 2, 3]) {
      const { body } = await a.api.post(classicPaths.place, order({ clientOid: `pd-${n}` }))
      ids.push(body.data.orderId)
    }
    const first = await a.api.get(classicPaths.pending, { productType: 'USDT-FUTURES', limit: '2' })
    expect(first.body.data.entrustedList.map((o: { clientOid: string }) => o.clientOid)).toEqual([
      'pd-3',
      'pd-2',
    ])
    expect(first.body.data.entrustedList[0]).toMatchObject({ status: 'live' })
    expect(first.body.data.entrustedList[0]).not.toHaveProperty('state')
    expect(first.body.data.endId).toBe(ids[1])
    const next = await a.api.get(classicPaths.pending, {
      productType: 'USDT-FUTURES',
      limit: '2',
      idLessThan: first.body.data.endId,
    })
    expect(next.body.data).toMatchObject({ endId: ids[0] })
    expect(next.body.data.entrustedList).toHaveLength(1)
  })

  test('the exchange docs filters: symbol, orderId, clientOid, status, times; filled and cancelled orders are not pending', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post(classicPaths.place, order({ clientOid: 'pf-1' }))
    await a.api.post(classicPaths.place, order({ clientOid: 'pf-2' }))
    await a.api.post(classicPaths.place, market({ clientOid: 'pf-3' }))
    ctx.sandbox.admin.fill(placed.body.data.orderId, '0.5')
    expect((await a.read.pending({ status: 'partially_filled' })).map((o) => o.clientOid)).toEqual([
      'pf-1',
    ])
    expect((await a.read.pending({ clientOid: 'pf-2' })).map((o) => o.clientOid)).toEqual(['pf-2'])
    expect(await a.read.pending({ symbol: 'ETHPERP' })).toEqual([])
    expect(await a.read.pending({ productType: 'USDC-FUTURES' })).toEqual([])
    const now = String(ctx.clock.now())
    expect(await a.read.pending({ startTime: String(Number(now) + 1) })).toEqual([])
    expect((await a.read.pending({ endTime: now })).length).toBe(2)
  })
})

describe('POST /api/v2/mix/order/cancel-order and cancel-all-orders', () => {
  test('orderId and clientOid (one required; orderId wins); decision: unknown 40768, filled or cancelled 45055', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(classicPaths.place, order({ clientOid: 'c-1' }))
    const cancel = await a.api.post(classicPaths.cancel, {
      ...pair,
      marginCoin: 'USDT',
      orderId: body.data.orderId,
      clientOid: 'nope',
    })
    expect(cancel.body.data).toEqual({ orderId: body.data.orderId, clientOid: 'c-1' })
    expect((await a.api.post(classicPaths.cancel, { ...pair, clientOid: 'c-1' })).body.code).toBe(
      '45055',
    )
    expect((await a.api.post(classicPaths.cancel, { ...pair, orderId: '42' })).body).toMatchObject({
      code: '40768',
      msg: 'Order does not exist',
    })
    expect((await a.api.post(classicPaths.cancel, pair)).body.code).toBe('40017')
  })

  test('the exchange docs cancel all: "productType, symbol, marginCoin"; docs/records.md: the shape of batch-place-order', async () => {
    const a = classicAccount(ctx)
    await a.api.post(classicPaths.place, order({ clientOid: 'ca-1' }))
    const eth = {
      symbol: 'ETHPERP',
      productType: 'USDC-FUTURES',
      marginMode: 'crossed',
      marginCoin: 'USDC',
      size: '1',
      side: 'buy',
      orderType: 'limit',
      price: '3000',
      clientOid: 'ca-2',
    }
    await a.api.post(classicPaths.place, eth)
    const { body } = await a.api.post(classicPaths.cancelAll, {
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
    })
    expect(body.data).toEqual({
      successList: [{ orderId: expect.any(String), clientOid: 'ca-1' }],
      failureList: [],
    })
    expect((await a.read.detail({ clientOid: 'ca-1' })).data.state).toBe('canceled')
    const usdc = await a.api.get(classicPaths.pending, { productType: 'USDC-FUTURES' })
    expect(usdc.body.data.entrustedList).toHaveLength(1)
  })
})

describe('POST /api/v2/mix/order/close-positions', () => {
  test('the exchange docs flash close: "productType, symbol, holdSide": closes at market; successList items carry the symbol', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('long', '2')
    a.hold('short', '3')
    const { body } = await a.api.post(classicPaths.closePositions, { ...pair, holdSide: 'short' })
    expect(body.data).toEqual({
      successList: [
        { orderId: expect.any(String), clientOid: expect.any(String), symbol: 'BTCUSDT' },
      ],
      failureList: [],
    })
    expect(await a.read.sizes()).toEqual({ long: '2', short: '0' })
    const all = await a.api.post(classicPaths.closePositions, { productType: 'USDT-FUTURES' })
    expect(all.body.data.successList).toHaveLength(1)
    expect(await a.read.positions()).toEqual({})
  })

  test('one-way: holdSide "should be left blank. Will be ignored if filled in.": a long closes though short is named', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '2')
    const { body } = await a.api.post(classicPaths.closePositions, { ...pair, holdSide: 'short' })
    expect(body.data.successList).toHaveLength(1)
    expect(await a.read.positions()).toEqual({})
  })

  test('one-way: the net position closes whole; decision: asked for a symbol with nothing to close, a failureList item with 22002', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '-1.5')
    await a.api.post(classicPaths.closePositions, pair)
    expect(await a.read.positions()).toEqual({})
    const { body } = await a.api.post(classicPaths.closePositions, pair)
    expect(body.data).toEqual({
      successList: [],
      failureList: [
        {
          orderId: '',
          clientOid: '',
          symbol: 'BTCUSDT',
          errorMsg: 'No position to close',
          errorCode: '22002',
        },
      ],
    })
  })
})

describe('GET /api/v2/mix/position/all-position', () => {
  test('docs/records.md: "[] when flat"; productType required (40017); marginCoin filters', async () => {
    const a = classicAccount(ctx)
    expect(
      (await a.api.get(classicPaths.positions, { productType: 'USDT-FUTURES' })).body.data,
    ).toEqual([])
    expect((await a.api.get(classicPaths.positions, {})).body.code).toBe('40017')
    a.hold('net', '1')
    const usdc = await a.api.get(classicPaths.positions, {
      productType: 'usdt-futures',
      marginCoin: 'USDC',
    })
    expect(usdc.body.data).toEqual([])
    const unknown = await a.api.get(classicPaths.positions, { productType: 'USDT-FUTURES', x: '1' })
    expect(unknown.body.code).toBe('40017')
  })

  test('docs/records.md fields: holdSide, total, locked and available, openDelegateSize, marginSize, unrealizedPL at the sandbox price', async () => {
    const a = classicAccount(ctx, 'hedge')
    await a.api.post(classicPaths.place, market({ tradeSide: 'open', size: '2' }))
    await a.api.post(classicPaths.place, order({ tradeSide: 'close', size: '0.5', price: '70000' }))
    await a.api.post(classicPaths.place, order({ tradeSide: 'open', size: '1', price: '60000' }))
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    expect((await a.read.positions()).long).toMatchObject({
      marginCoin: 'USDT',
      symbol: 'BTCUSDT',
      holdSide: 'long',
      total: '2',
      locked: '0.5',
      available: '1.5',
      openDelegateSize: '1',
      marginSize: '130000',
      openPriceAvg: '65000',
      unrealizedPL: '2000',
      posMode: 'hedge_mode',
      marginMode: 'crossed',
    })
  })

  test('decision: a read-only key (trade_ro) reads the classic account (detail, pending, all-position); its writes answer 40014', async () => {
    const a = classicAccount(ctx, 'one_way', { permissions: ['trade_ro'] })
    expect((await a.api.get(classicPaths.detail, { ...pair, orderId: '1' })).body.code).toBe(
      '40109',
    )
    expect(
      (await a.api.get(classicPaths.positions, { productType: 'USDT-FUTURES' })).body.code,
    ).toBe('00000')
    expect((await a.api.get(classicPaths.pending, { productType: 'USDT-FUTURES' })).body.code).toBe(
      '00000',
    )
    expect((await a.api.post(classicPaths.place, order())).body.code).toBe('40014')
  })
})

describe('the two lines of one account', () => {
  test('decision: an account is classic or unified, never both: a classic account trades /api/v2/mix and its unified reads answer 40084', async () => {
    const a = classicAccount(ctx)
    expect((await a.api.post(classicPaths.place, order({ clientOid: 'line-c' }))).body.code).toBe(
      '00000',
    )
    for (const answer of [
      await a.api.get(paths.unfilled, { category: 'USDT-FUTURES' }),
      await a.api.get(paths.info, { clientOid: 'line-c' }),
      await a.api.get(paths.position, { category: 'USDT-FUTURES' }),
    ])
      expect(answer).toMatchObject({ status: 400, body: { code: '40084' } })
    expect((await a.read.detail({ clientOid: 'line-c' })).code).toBe('00000')
  })
})
