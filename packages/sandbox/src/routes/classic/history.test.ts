import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, market, order, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

const historyPath = '/api/v2/mix/order/orders-history'
const fillsPath = '/api/v2/mix/order/fills'

describe('GET /api/v2/mix/order/orders-history', () => {
  test('the filled and canceled orders, newest first, items with "status" (not "state") and liqPrice; open ones are not history', async () => {
    const a = classicAccount(ctx)
    const first = await a.api.post('/api/v2/mix/order/place-order', order({ clientOid: 'h-1' }))
    ctx.sandbox.admin.advanceClock(5)
    const second = await a.api.post('/api/v2/mix/order/place-order', order({ clientOid: 'h-2' }))
    ctx.sandbox.admin.advanceClock(5)
    await a.api.post('/api/v2/mix/order/place-order', order({ clientOid: 'h-open' }))
    await a.api.post('/api/v2/mix/order/cancel-order', {
      ...pair,
      orderId: first.body.data.orderId,
    })
    ctx.sandbox.admin.fill(second.body.data.orderId)
    const { body } = await a.api.get(historyPath, { productType: 'USDT-FUTURES' })
    expect(body.code).toBe('00000')
    const list = body.data.entrustedList as Record<string, unknown>[]
    expect(list.map((o) => [o.clientOid, o.status])).toEqual([
      ['h-2', 'filled'],
      ['h-1', 'canceled'],
    ])
    expect(list[0]).toMatchObject({ baseVolume: '1', liqPrice: '' })
    expect(list[0]).not.toHaveProperty('state')
    expect(body.data.endId).toBe(first.body.data.orderId)
  })

  test('pages: limit, endId, then idLessThan = endId gives the older page; an empty page is { entrustedList: null, endId: null }', async () => {
    const a = classicAccount(ctx)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      ctx.sandbox.admin.advanceClock(5)
      const placed = await a.api.post('/api/v2/mix/order/place-order', market())
      ids.push(placed.body.data.orderId)
    }
    const one = await a.api.get(historyPath, { productType: 'USDT-FUTURES', limit: '2' })
    expect(one.body.data.entrustedList.map((o: { orderId: string }) => o.orderId)).toEqual([
      ids[2],
      ids[1],
    ])
    const two = await a.api.get(historyPath, {
      productType: 'USDT-FUTURES',
      limit: '2',
      idLessThan: one.body.data.endId,
    })
    expect(two.body.data.entrustedList.map((o: { orderId: string }) => o.orderId)).toEqual([ids[0]])
    const none = await a.api.get(historyPath, { productType: 'USDC-FUTURES' })
    expect(none.body.data).toEqual({ entrustedList: null, endId: null })
  })

  test('startTime and endTime narrow by creation time; a query the rules refuse (limit 101) is refused', async () => {
    const a = classicAccount(ctx)
    const now = ctx.sandbox.admin.advanceClock(5)
    await a.api.post('/api/v2/mix/order/place-order', market({ clientOid: 't-1' }))
    const later = await a.api.get(historyPath, {
      productType: 'USDT-FUTURES',
      startTime: String(now + 1_000),
    })
    expect(later.body.data.entrustedList).toBeNull()
    const bad = await a.api.get(historyPath, { productType: 'USDT-FUTURES', limit: '101' })
    expect(bad.body.code).not.toBe('00000')
  })
})

describe('GET /api/v2/mix/order/fills', () => {
  test('the fills of a product type, newest first, with tradeId, baseVolume, quoteVolume, feeDetail as a list and cTime', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post('/api/v2/mix/order/place-order', order({ size: '1' }))
    const orderId = placed.body.data.orderId as string
    ctx.sandbox.admin.fill(orderId, '0.4')
    ctx.sandbox.admin.advanceClock(5)
    ctx.sandbox.admin.fill(orderId)
    const { body } = await a.api.get(fillsPath, { productType: 'USDT-FUTURES', orderId })
    const list = body.data.fillList as Record<string, unknown>[]
    expect(list.map((f) => f.baseVolume)).toEqual(['0.6', '0.4'])
    expect(list[1]).toMatchObject({
      orderId,
      symbol: 'BTCUSDT',
      price: '60000',
      quoteVolume: '24000',
      side: 'buy',
      posMode: 'one_way_mode',
      profit: '0',
      feeDetail: [{ deduction: 'no', feeCoin: 'USDT', totalDeductionFee: '0', totalFee: '0' }],
    })
    expect(typeof list[0]?.tradeId).toBe('string')
    expect(typeof list[0]?.cTime).toBe('string')
    expect(body.data.endId).toBe(list[1]?.tradeId)
  })

  test('idLessThan pages to older fills; startTime narrows by fill time; another product type has none', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post('/api/v2/mix/order/place-order', order({ size: '1' }))
    const orderId = placed.body.data.orderId as string
    ctx.sandbox.admin.fill(orderId, '0.5')
    const at = ctx.sandbox.admin.advanceClock(10)
    ctx.sandbox.admin.fill(orderId)
    const first = await a.api.get(fillsPath, { productType: 'USDT-FUTURES', orderId, limit: '1' })
    const older = await a.api.get(fillsPath, {
      productType: 'USDT-FUTURES',
      orderId,
      idLessThan: first.body.data.endId,
    })
    expect(older.body.data.fillList.map((f: { baseVolume: string }) => f.baseVolume)).toEqual([
      '0.5',
    ])
    const recent = await a.api.get(fillsPath, {
      productType: 'USDT-FUTURES',
      orderId,
      startTime: String(at),
    })
    expect(recent.body.data.fillList).toHaveLength(1)
    const other = await a.api.get(fillsPath, { productType: 'COIN-FUTURES' })
    expect(other.body.data).toEqual({ fillList: [], endId: null })
  })
})
