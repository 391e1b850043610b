// GET /api/v2/mix/order/plan-sub-order on a strict sandbox over real HTTP: the futures orders
// the plan engine placed when a plan triggered (read back through order detail), `[]` before it
// triggers or after a cancel, a `fail` item when its order was refused, and 40768 for a plan the
// account does not have under that type and product type.
import { ClassicFutures } from '@tradeline/rules'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, pair } from '../../test/classic.js'
import { fixture, shapeIssues } from '../../test/shape.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

const paths = {
  place: ClassicFutures.placePlanOrder.path,
  cancel: ClassicFutures.cancelPlanOrder.path,
  history: ClassicFutures.getOrdersPlanHistory.path,
  subOrders: ClassicFutures.getPlanSubOrder.path,
} as const

/** A normal_plan market buy of 1 BTCUSDT triggering at 66000 (last price). */
const plan = (overrides: Record<string, unknown> = {}) => ({
  ...pair,
  planType: 'normal_plan',
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '1',
  triggerPrice: '66000',
  triggerType: 'fill_price',
  side: 'buy',
  orderType: 'market',
  ...overrides,
})

type Account = ReturnType<typeof classicAccount>

/** Places a plan order and answers its id. */
async function place(a: Account, overrides: Record<string, unknown> = {}): Promise<string> {
  const { body } = await a.api.post(paths.place, plan(overrides))
  expect(body.code).toBe('00000')
  return body.data.orderId
}

/** The answer of plan-sub-order for a plan (`normal_plan` of USDT-FUTURES unless told). */
function subOrders(a: Account, planOrderId: string, query: Record<string, string> = {}) {
  return a.api.get(paths.subOrders, {
    planOrderId,
    planType: 'normal_plan',
    productType: 'USDT-FUTURES',
    ...query,
  })
}

describe('GET /api/v2/mix/order/plan-sub-order', () => {
  test('untriggered: []; the price crosses: the market order the plan placed, status success, the one order detail shows', async () => {
    const a = classicAccount(ctx)
    const planOrderId = await place(a)
    const before = await subOrders(a, planOrderId)
    expect(before.body).toMatchObject({ code: '00000', data: [] })
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const { body } = await subOrders(a, planOrderId)
    expect(body.code).toBe('00000')
    const [history] = (
      await a.api.get(paths.history, { productType: 'USDT-FUTURES', planType: 'normal_plan' })
    ).body.data.entrustedList
    expect(history).toMatchObject({ orderId: planOrderId, planStatus: 'executed' })
    expect(body.data).toEqual([
      { orderId: history.executeOrderId, price: '0', type: 'market', status: 'success' },
    ])
    const order = await a.read.detail({ orderId: history.executeOrderId })
    expect(order.data).toMatchObject({ state: 'filled', orderType: 'market', price: '0' })
    // The documented example's keys and JSON types.
    expect(shapeIssues(fixture('classic.mix.order.plan-sub-order.json'), body)).toEqual([])
  })

  test('a limit plan: its order at the execute price, type limit (resting, not filled)', async () => {
    const a = classicAccount(ctx)
    const planOrderId = await place(a, {
      triggerPrice: '64000',
      orderType: 'limit',
      price: '63000',
    })
    ctx.sandbox.admin.setPrice('BTCUSDT', '64000.0')
    const { body } = await subOrders(a, planOrderId)
    expect(body.data).toEqual([
      { orderId: expect.stringMatching(/^\d+$/), price: '63000', type: 'limit', status: 'success' },
    ])
    const order = await a.read.detail({ orderId: body.data[0].orderId })
    expect(order.data).toMatchObject({ state: 'live', price: '63000' })
  })

  test('a plan whose order was refused when it triggered: one item, status fail, no order id', async () => {
    const a = classicAccount(ctx)
    const planOrderId = await place(a, { orderType: 'limit', price: '66000' })
    ctx.sandbox.admin.setBalance('USDT', '0', a.uid)
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const [history] = (
      await a.api.get(paths.history, { productType: 'USDT-FUTURES', planType: 'normal_plan' })
    ).body.data.entrustedList
    expect(history).toMatchObject({ orderId: planOrderId, planStatus: 'fail_execute' })
    const { body } = await subOrders(a, planOrderId)
    expect(body.data).toEqual([{ orderId: '', price: '66000', type: 'limit', status: 'fail' }])
  })

  test('a cancelled plan never triggered: []; the price crossing later changes nothing', async () => {
    const a = classicAccount(ctx)
    const planOrderId = await place(a)
    const cancelled = await a.api.post(paths.cancel, {
      ...pair,
      orderIdList: [{ orderId: planOrderId }],
    })
    expect(cancelled.body.data.successList).toHaveLength(1)
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    expect((await subOrders(a, planOrderId)).body).toMatchObject({ code: '00000', data: [] })
  })

  test('track_plan: [] while it trails; its market order once the price turns back', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '1')
    const planOrderId = await place(a, {
      planType: 'track_plan',
      side: 'sell',
      reduceOnly: 'YES',
      callbackRatio: '1',
    })
    const query = { planType: 'track_plan' }
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    ctx.sandbox.admin.setPrice('BTCUSDT', '67000.0')
    expect((await subOrders(a, planOrderId, query)).body.data).toEqual([])
    ctx.sandbox.admin.setPrice('BTCUSDT', '66330.0')
    const { body } = await subOrders(a, planOrderId, query)
    expect(body.data).toEqual([
      { orderId: expect.stringMatching(/^\d+$/), price: '0', type: 'market', status: 'success' },
    ])
  })

  test("40768 for an unknown plan, another account's, or under another planType or productType", async () => {
    const a = classicAccount(ctx)
    const planOrderId = await place(a)
    const other = classicAccount(ctx)
    const cases: [Account, string, Record<string, string>][] = [
      [a, '1', {}],
      [other, planOrderId, {}],
      [a, planOrderId, { planType: 'track_plan' }],
      [a, planOrderId, { productType: 'COIN-FUTURES' }],
    ]
    for (const [account, id, query] of cases) {
      const { body } = await subOrders(account, id, query)
      expect(body, JSON.stringify(query)).toMatchObject({
        code: '40768',
        msg: 'Order does not exist',
      })
    }
    expect((await subOrders(a, planOrderId)).body.code).toBe('00000')
  })

  test('the rules check the query first: each missing or bad field is named in a 40017', async () => {
    const a = classicAccount(ctx)
    const planOrderId = await place(a)
    const base = { planOrderId, planType: 'normal_plan', productType: 'USDT-FUTURES' }
    const cases: [Record<string, string>, string][] = [
      [{ planType: 'normal_plan', productType: 'USDT-FUTURES' }, 'planOrderId'],
      [{ planOrderId, productType: 'USDT-FUTURES' }, 'planType'],
      [{ planOrderId, planType: 'normal_plan' }, 'productType'],
      [{ ...base, planType: 'profit_plan' }, 'planType'],
    ]
    for (const [query, field] of cases) {
      const { body } = await a.api.get(paths.subOrders, query)
      expect(body.code, field).toBe('40017')
      expect(body.msg, field).toContain(field)
    }
  })
})
