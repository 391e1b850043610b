/**
 * What the exchange reads of a classic order beyond what the rules send, as ccxt sends it: an
 * upper-case `force`, a price as a JSON number, a size with a whole-position stop-loss. The
 * lenient sandbox reads them as the exchange does; a strict one refuses them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, market, order, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let lenient: Awaited<ReturnType<typeof start>>
let strict: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  lenient = await start({ strict: false })
  strict = await start()
})
afterAll(async () => {
  await lenient.sandbox.close()
  await strict.sandbox.close()
})
beforeEach(() => {
  for (const ctx of [lenient, strict]) ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0')
})

const plan = {
  ...pair,
  planType: 'normal_plan',
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '1',
  triggerType: 'mark_price',
  side: 'buy',
  orderType: 'market',
}

describe('place-order: force in any case', () => {
  test('lenient: force GTC is read as gtc (ccxt sends it upper-case); the order rests', async () => {
    const a = classicAccount(lenient)
    const { body } = await a.api.post(
      classicPaths.place,
      order({ force: 'GTC', clientOid: 'upper-1' }),
    )
    expect(body.code).toBe('00000')
    expect((await a.read.detail({ clientOid: 'upper-1' })).data).toMatchObject({
      force: 'gtc',
      state: 'live',
    })
  })

  test('strict: force GTC is refused naming the field', async () => {
    const a = classicAccount(strict)
    const { body } = await a.api.post(classicPaths.place, market({ force: 'GTC' }))
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('force')
  })
})

describe('tradeSide in any case (ccxt hedged orders send Open/Close, as the Place Order page spells them)', () => {
  test('lenient, hedge mode: place-order tradeSide Open opens long, Close closes it', async () => {
    const a = classicAccount(lenient, 'hedge')
    const opened = await a.api.post(
      classicPaths.place,
      market({ tradeSide: 'Open', clientOid: 'ts-open' }),
    )
    expect(opened.body.code).toBe('00000')
    expect((await a.read.detail({ clientOid: 'ts-open' })).data).toMatchObject({
      tradeSide: 'open',
      posSide: 'long',
    })
    const closed = await a.api.post(
      classicPaths.place,
      market({ side: 'buy', tradeSide: 'Close', clientOid: 'ts-close' }),
    )
    expect(closed.body.code).toBe('00000')
    expect((await a.read.detail({ clientOid: 'ts-close' })).data).toMatchObject({
      tradeSide: 'close',
      posSide: 'long',
    })
  })

  test('lenient, hedge mode: place-plan-order and batch items take OPEN and Open', async () => {
    const a = classicAccount(lenient, 'hedge')
    const planned = await a.api.post('/api/v2/mix/order/place-plan-order', {
      ...plan,
      triggerPrice: '70000',
      tradeSide: 'OPEN',
    })
    expect(planned.body.code).toBe('00000')
    const item = { size: '0.01', side: 'buy', orderType: 'limit', price: '60000', force: 'gtc' }
    const batch = { ...pair, marginMode: 'crossed', marginCoin: 'USDT' }
    const { body } = await a.api.post(classicPaths.batchPlace, {
      ...batch,
      orderList: [{ ...item, tradeSide: 'Open', clientOid: 'ts-batch' }],
    })
    expect(body.data.failureList).toEqual([])
    expect((await a.read.detail({ clientOid: 'ts-batch' })).data).toMatchObject({
      tradeSide: 'open',
    })
  })

  test('lenient, one-way mode: tradeSide Open is ignored as open is (the docs: ignored in one-way mode)', async () => {
    const a = classicAccount(lenient)
    const { body } = await a.api.post(classicPaths.place, market({ tradeSide: 'Open' }))
    expect(body.code).toBe('00000')
  })

  test('strict: tradeSide Open is refused naming the field', async () => {
    const a = classicAccount(strict, 'hedge')
    const { body } = await a.api.post(classicPaths.place, market({ tradeSide: 'Open' }))
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('tradeSide')
  })
})

describe('place-plan-order: a trigger price as a JSON number', () => {
  test('lenient: triggerPrice 66000 (a number, as ccxt createTriggerOrder sends it) is read as "66000"', async () => {
    const a = classicAccount(lenient)
    const { body } = await a.api.post('/api/v2/mix/order/place-plan-order', {
      ...plan,
      triggerPrice: 66000,
      clientOid: 'num-1',
    })
    expect(body.code).toBe('00000')
    const pending = await a.api.get('/api/v2/mix/order/orders-plan-pending', {
      productType: 'USDT-FUTURES',
      planType: 'normal_plan',
    })
    expect(pending.body.data.entrustedList).toEqual([
      expect.objectContaining({ clientOid: 'num-1', triggerPrice: '66000' }),
    ])
  })

  test('strict: the number is refused naming triggerPrice', async () => {
    const a = classicAccount(strict)
    const { body } = await a.api.post('/api/v2/mix/order/place-plan-order', {
      ...plan,
      triggerPrice: 66000,
    })
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('triggerPrice')
  })
})

describe('place-tpsl-order: a size with pos_loss', () => {
  const stop = {
    ...pair,
    marginCoin: 'USDT',
    planType: 'pos_loss',
    triggerPrice: '60000',
    triggerType: 'mark_price',
    holdSide: 'buy',
    size: '0.5',
  }

  test('lenient: the size is ignored (the docs: not required for pos_loss); the stop covers the whole position', async () => {
    const a = classicAccount(lenient)
    a.hold('net', '1')
    const { body } = await a.api.post('/api/v2/mix/order/place-tpsl-order', stop)
    expect(body.code).toBe('00000')
    const pending = await a.api.get('/api/v2/mix/order/orders-plan-pending', {
      productType: 'USDT-FUTURES',
      planType: 'profit_loss',
    })
    expect(pending.body.data.entrustedList).toEqual([
      expect.objectContaining({ orderId: body.data.orderId, planType: 'pos_loss' }),
    ])
  })

  test('strict: the size is refused naming the field', async () => {
    const a = classicAccount(strict)
    a.hold('net', '1')
    const { body } = await a.api.post('/api/v2/mix/order/place-tpsl-order', stop)
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('size')
  })
})

describe('batch-place-order: each item read as a single order is', () => {
  // ccxt's createOrders builds each item with the request of a single order.
  const items = [
    { ...order({ force: 'GTC', clientOid: 'batch-upper-1' }) },
    { ...order({ force: 'IOC', price: 60000, clientOid: 'batch-number-1' }) },
  ].map(({ symbol: _s, productType: _p, marginMode: _m, marginCoin: _c, ...item }) => item)
  const batch = { ...pair, marginMode: 'crossed', marginCoin: 'USDT', orderList: items }

  test('lenient: force GTC and a price as a number are read as a single order reads them; both items placed', async () => {
    const a = classicAccount(lenient)
    const { body } = await a.api.post(classicPaths.batchPlace, batch)
    expect(body.code).toBe('00000')
    expect(body.data.failureList).toEqual([])
    expect(body.data.successList.map((item: { clientOid: string }) => item.clientOid)).toEqual([
      'batch-upper-1',
      'batch-number-1',
    ])
    expect((await a.read.detail({ clientOid: 'batch-upper-1' })).data).toMatchObject({
      force: 'gtc',
      state: 'live',
    })
    expect((await a.read.detail({ clientOid: 'batch-number-1' })).data).toMatchObject({
      force: 'ioc',
      price: '60000',
    })
  })

  test('strict: each such item fails naming its field', async () => {
    const a = classicAccount(strict)
    const { body } = await a.api.post(classicPaths.batchPlace, batch)
    expect(body.data.successList).toEqual([])
    expect(
      body.data.failureList.map((item: { errorCode: string; errorMsg: string }) => [
        item.errorCode,
        item.errorMsg.includes('force') || item.errorMsg.includes('price'),
      ]),
    ).toEqual([
      ['40017', true],
      ['40017', true],
    ])
  })
})

describe('wallet transfer: an amount as a JSON number', () => {
  const transfer = { fromType: 'usdt_futures', toType: 'spot', coin: 'USDT' }

  test('lenient: amount 25 (a number, as ccxt transfer sends it) moves "25"', async () => {
    const a = classicAccount(lenient)
    lenient.sandbox.admin.setBalance('USDT', '1000', a.uid)
    const { body } = await a.api.post('/api/v2/spot/wallet/transfer', { ...transfer, amount: 25 })
    expect(body.code).toBe('00000')
    expect(lenient.sandbox.admin.state().balances[a.uid]?.USDT).toBe('975')
  })

  test('strict: the number is refused naming amount; nothing moves', async () => {
    const a = classicAccount(strict)
    strict.sandbox.admin.setBalance('USDT', '1000', a.uid)
    const { body } = await a.api.post('/api/v2/spot/wallet/transfer', { ...transfer, amount: 25 })
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('amount')
    expect(strict.sandbox.admin.state().balances[a.uid]?.USDT).toBe('1000')
  })
})
