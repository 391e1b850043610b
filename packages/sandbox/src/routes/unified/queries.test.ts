import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ethBuy, paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

describe('orderInfoRoute', () => {
  test('decision: "reconciling an unknown outcome needs order details by clientOid"; orderId wins; 43001 with HTTP 400', async () => {
    const a = (await ctx.api.post(paths.place, ethBuy({ clientOid: 'oi-a' }))).body.data
    expect((await ctx.api.get(paths.info, { clientOid: 'oi-a' })).body.data.orderId).toBe(a.orderId)
    const missing = await ctx.api.get(paths.info, { orderId: '42', clientOid: 'oi-a' })
    expect(missing).toMatchObject({ status: 400, body: { code: '43001', data: null } })
  })
})

describe('unfilledOrdersRoute and historyOrdersRoute', () => {
  test('the exchange docs: open orders and history, newest first, paged by limit and cursor', async () => {
    for (const i of [1, 2, 3]) await ctx.api.post(paths.place, ethBuy({ clientOid: `q-${i}` }))
    await ctx.api.post(paths.cancel, { clientOid: 'q-2' })
    const first = (await ctx.api.get(paths.unfilled, { limit: '1' })).body.data
    expect(first.list.map((o: { clientOid: string }) => o.clientOid)).toEqual(['q-3'])
    const next = (await ctx.api.get(paths.unfilled, { limit: '5', cursor: first.cursor })).body.data
    expect(next.list.map((o: { clientOid: string }) => o.clientOid)).toEqual(['q-1', 'oi-a'])
    // docs/records.md: a cursor on the last page too (the exchange's one-record example has
    // one); the page after it is empty.
    expect(next.cursor).toBe(next.list[1].orderId)
    expect((await ctx.api.get(paths.unfilled, { cursor: next.cursor })).body.data).toEqual({
      list: [],
      cursor: '',
    })
    const history = (await ctx.api.get(paths.history, { category: 'SPOT' })).body.data
    expect(history.list).toEqual([
      expect.objectContaining({
        clientOid: 'q-2',
        orderStatus: 'cancelled',
        cancelReason: 'normal_cancel',
      }),
    ])
  })

  test('the exchange docs: "category (required)" of history-orders', async () => {
    expect((await ctx.api.get(paths.history)).body.code).toBe('40017')
  })
})

describe('fillsRoute', () => {
  test('docs/records.md: fills of the account as the exchange names them, filtered by orderId', async () => {
    const placed = (await ctx.api.post(paths.place, ethBuy({ clientOid: 'f-1' }))).body.data
    ctx.sandbox.admin.fill(placed.orderId, '0.25')
    const { list, cursor } = (await ctx.api.get(paths.fills, { orderId: placed.orderId })).body.data
    expect(list).toEqual([
      {
        execId: expect.any(String),
        execLinkId: expect.any(String),
        orderId: placed.orderId,
        clientOid: 'f-1',
        category: 'SPOT',
        symbol: 'ETHUSDT',
        orderType: 'limit',
        side: 'buy',
        posSide: '',
        execPrice: '3000',
        execQty: '0.25',
        execValue: '750',
        tradeScope: 'maker',
        tradeSide: 'open',
        feeDetail: [{ feeCoin: 'ETH', fee: '0' }],
        execPnl: '0',
        isRPI: 'no',
        createdTime: String(ctx.sandbox.admin.now()),
        updatedTime: String(ctx.sandbox.admin.now()),
      },
    ])
    expect(cursor).toBe(list[0].execId)
  })
})
