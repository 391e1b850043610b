/**
 * The securities order management routes over HTTP: cancel-order, modify-order, order-detail,
 * today-orders, history-orders and today-executions, with partial fills and exact reservations.
 */
import { Securities } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start } from '../test/unified.js'

const paths = {
  place: Securities.placeOrder.path,
  cancel: Securities.cancelOrder.path,
  modify: Securities.modifyOrder.path,
  detail: Securities.getOrderDetail.path,
  today: Securities.getTodayOrders.path,
  history: Securities.getHistoryOrders.path,
  executions: Securities.getTodayExecutions.path,
  account: Securities.getAccount.path,
  positions: Securities.getStockPositions.path,
} as const

let ctx: Awaited<ReturnType<typeof start>>
let accounts = 0

beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

/** A fresh account with `cash` USD in its securities account. */
function account(cash = '10000') {
  const uid = String(6_700_000_000 + ++accounts)
  const credentials = ctx.sandbox.admin.addKey({ uid, permissions: ['trade_rw'] })
  ctx.sandbox.admin.setStockCash(cash, uid)
  return { uid, api: ctx.as(credentials) }
}

const limit = (overrides: Record<string, unknown> = {}) => ({
  symbol: 'AAPL.US',
  orderType: 'LO',
  side: 'Buy',
  submittedQuantity: '10',
  submittedPrice: '100.15',
  timeInForce: 'Day',
  outsideRth: 'RTHOnly',
  ...overrides,
})

type Api = ReturnType<typeof account>['api']

async function cashOf(api: Api) {
  const info = (await api.get(paths.account)).body.data.list[0].cashInfos[0]
  return { available: info.availableCash, frozen: info.frozenCash }
}

async function place(api: Api, overrides: Record<string, unknown> = {}): Promise<string> {
  const { body } = await api.post(paths.place, limit(overrides))
  expect(body.code).toBe('00000')
  return body.data.orderId
}

describe('cancel-order', () => {
  it('a resting buy is cancelled and its reserved cash released exactly', async () => {
    const { api } = account('10000')
    const orderId = await place(api)
    expect(await cashOf(api)).toEqual({ available: '8998.5', frozen: '1001.5' })
    const { body } = await api.post(paths.cancel, { symbol: 'AAPL.US', orderId })
    expect(body).toMatchObject({
      code: '00000',
      data: { orderId, clientOid: '', symbol: 'AAPL.US' },
    })
    expect(await cashOf(api)).toEqual({ available: '10000', frozen: '0' })
    const detail = (await api.get(paths.detail, { orderId })).body.data
    expect(detail.status).toBe('CanceledStatus')
    expect(detail.history.map((h: { status: string }) => h.status)).toEqual([
      'NewStatus',
      'CanceledStatus',
    ])
  })

  it('a cancelled order cannot be cancelled again (43020); an unknown one is 43001', async () => {
    const { api } = account()
    const orderId = await place(api)
    await api.post(paths.cancel, { symbol: 'AAPL.US', orderId })
    expect((await api.post(paths.cancel, { symbol: 'AAPL.US', orderId })).body.code).toBe('43020')
    expect((await api.post(paths.cancel, { symbol: 'AAPL.US', orderId: '1' })).body.code).toBe(
      '43001',
    )
    // The symbol must be the order's.
    expect((await api.post(paths.cancel, { symbol: 'TSLA.US', orderId })).body.code).toBe('43001')
    // Another account's order is not found.
    expect((await account().api.post(paths.cancel, { symbol: 'AAPL.US', orderId })).body.code).toBe(
      '43001',
    )
  })

  it('a resting sell releases its unfilled shares to the available quantity', async () => {
    const { uid, api } = account()
    ctx.sandbox.admin.setStockPosition({ symbol: 'AAPL.US', quantity: 20, uid })
    const orderId = await place(api, {
      side: 'Sell',
      submittedPrice: '999',
      submittedQuantity: '15',
    })
    const available = async () =>
      (await api.get(paths.positions)).body.data.channels[0].positions[0].availableQuantity
    expect(await available()).toBe('5')
    ctx.sandbox.admin.fillStockOrder({ orderId, quantity: '4' })
    await api.post(paths.cancel, { symbol: 'AAPL.US', orderId })
    expect(await available()).toBe('16')
  })
})

describe('partial fills and executions', () => {
  it('each partial fill is an execution of today; the order shows executed quantity and average price', async () => {
    const { api } = account('10000')
    const orderId = await place(api)
    ctx.sandbox.admin.fillStockOrder({ orderId, quantity: '3', price: '100.1' })
    ctx.sandbox.admin.fillStockOrder({ orderId, quantity: '2', price: '100.13' })
    const trades = (await api.get(paths.executions, { orderId })).body.data.trades
    expect(trades.map((t: { quantity: string; price: string }) => [t.quantity, t.price])).toEqual([
      ['3', '100.1'],
      ['2', '100.13'],
    ])
    const detail = (await api.get(paths.detail, { orderId })).body.data
    expect(detail).toMatchObject({
      status: 'PartialFilledStatus',
      quantity: '10',
      executedQuantity: '5',
      // (3 x 100.1 + 2 x 100.13) / 5 = 100.112, exactly.
      executedPrice: '100.112',
      lastDone: '100.13',
    })
    // Cash: reserved 1001.5; the fills released 5 x 100.15 = 500.75 and paid 300.3 + 200.26:
    // the 0.19 paid below the limit is available again.
    expect(await cashOf(api)).toEqual({ available: '8998.69', frozen: '500.75' })
    expect((await api.get(paths.positions)).body.data.channels[0].positions[0]).toMatchObject({
      quantity: '5',
      availableQuantity: '5',
    })
    await api.post(paths.cancel, { symbol: 'AAPL.US', orderId })
    // The remaining 500.75 released.
    expect(await cashOf(api)).toEqual({ available: '9499.44', frozen: '0' })
  })
})

describe('modify-order', () => {
  it('a resting buy takes a new quantity and price; its reservation follows exactly', async () => {
    const { api } = account('10000')
    const orderId = await place(api)
    const { body } = await api.post(paths.modify, { orderId, quantity: '20', price: '99.99' })
    expect(body).toMatchObject({ code: '00000', data: { orderId, symbol: 'AAPL.US' } })
    expect(await cashOf(api)).toEqual({ available: '8000.2', frozen: '1999.8' })
    const detail = (await api.get(paths.detail, { orderId })).body.data
    expect(detail).toMatchObject({ quantity: '20', price: '99.99', status: 'NewStatus' })
    expect(detail.history.at(-1)).toMatchObject({ status: 'ReplacedStatus', quantity: '20' })
  })

  it('refusals: beyond the cash 43012, a fraction 40808, not above the filled quantity 43023, closed 43020', async () => {
    const { api } = account('2000')
    const orderId = await place(api)
    expect((await api.post(paths.modify, { orderId, quantity: '21' })).body.code).toBe('43012')
    expect((await api.post(paths.modify, { orderId, quantity: '1.5' })).body.code).toBe('40808')
    ctx.sandbox.admin.fillStockOrder({ orderId, quantity: '4' })
    expect((await api.post(paths.modify, { orderId, quantity: '4' })).body.code).toBe('43023')
    // Nothing changed by the refusals.
    expect((await api.get(paths.detail, { orderId })).body.data.quantity).toBe('10')
    await api.post(paths.cancel, { symbol: 'AAPL.US', orderId })
    expect((await api.post(paths.modify, { orderId, quantity: '9' })).body.code).toBe('43020')
    expect((await api.post(paths.modify, { orderId: '1', quantity: '9' })).body.code).toBe('43001')
  })

  it('refused as place-order refuses the same fields, naming modify`s own: a price off its tick 40808, a fraction of a share 40808 naming quantity, a field the order type forbids 40017; nothing changes', async () => {
    const { api } = account('10000')
    const orderId = await place(api)
    const refusal = async (request: Record<string, unknown>) =>
      (await api.post(paths.modify, { orderId, ...request })).body
    expect(await refusal({ quantity: '10', price: '150.005' })).toMatchObject({
      code: '40808',
      msg: 'Parameter verification exception price tickSize error',
    })
    // Below 1 USD the tick is 0.0001.
    expect((await refusal({ quantity: '10', price: '0.12345' })).code).toBe('40808')
    expect(await refusal({ quantity: '1.5', price: '100' })).toMatchObject({
      code: '40808',
      msg: 'Parameter verification exception quantity lotSize error',
    })
    const forbidden = await refusal({ quantity: '10', trailingPercent: '3' })
    expect(forbidden.code).toBe('40017')
    expect(forbidden.msg).toBe(
      `parameter verification failed: trailingPercent: expected no value when the order's orderType is LO, received "3"`,
    )
    // Place-order answers the same field with the same code.
    expect((await api.post(paths.place, limit({ trailingPercent: '3' }))).body.code).toBe('40017')
    const detail = (await api.get(paths.detail, { orderId })).body.data
    expect(detail).toMatchObject({ quantity: '10', price: '100.15', trailingPercent: null })
    expect(detail.history.map((change: { status: string }) => change.status)).toEqual(['NewStatus'])
  })

  it('a trigger order: its triggerPrice and monitorPrice off tick are refused naming them; on tick, applied', async () => {
    const { api } = account('10000')
    const orderId = await place(api, { orderType: 'LIT', triggerPrice: '99.5' })
    const refusal = async (request: Record<string, unknown>) =>
      (await api.post(paths.modify, { orderId, quantity: '10', ...request })).body
    expect((await refusal({ triggerPrice: '99.555' })).msg).toBe(
      'Parameter verification exception triggerPrice tickSize error',
    )
    expect((await refusal({ price: '100.2', triggerPrice: '99.55' })).code).toBe('00000')
    const trailing = await place(api, {
      orderType: 'TSLPAMT',
      side: 'Buy',
      submittedPrice: undefined,
      trailingAmount: '1',
      limitOffset: '0.1',
    })
    const monitor = await api.post(paths.modify, {
      orderId: trailing,
      quantity: '10',
      monitorPrice: '100.001',
    })
    expect(monitor.body.msg).toBe('Parameter verification exception monitorPrice tickSize error')
    // Place-order checks monitorPrice too.
    const placed = await api.post(
      paths.place,
      limit({
        orderType: 'TSLPAMT',
        submittedPrice: undefined,
        trailingAmount: '1',
        limitOffset: '0.1',
        monitorPrice: '100.001',
      }),
    )
    expect(placed.body.msg).toBe('Parameter verification exception monitorPrice tickSize error')
  })
})

describe('prices and quantities of a request', () => {
  it('decision: a JSON number for a price or a quantity is refused with 40017 naming the field (decimal strings only); nothing is placed or changed', async () => {
    const { api } = account()
    const placed = await api.post(
      paths.place,
      limit({ submittedQuantity: 10, submittedPrice: '100.15' }),
    )
    expect(placed.body.code).toBe('40017')
    expect(placed.body.msg).toContain(
      'submittedQuantity: expected a decimal string such as "150.5" (not a number)',
    )
    expect((await api.get(paths.today, {})).body.data.orders).toEqual([])
    const orderId = await place(api)
    const modified = await api.post(paths.modify, { orderId, quantity: '12', price: 99.5 })
    expect(modified.body.code).toBe('40017')
    expect(modified.body.msg).toContain(
      'price: expected a decimal string such as "150.5" (not a number)',
    )
    expect((await api.get(paths.detail, { orderId })).body.data.quantity).toBe('10')
  })
})

describe('order reads', () => {
  it('today-orders lists every status of today, filtered by symbol, status, side, market and orderId', async () => {
    const { api } = account('100000')
    const resting = await place(api)
    const market = await place(api, {
      orderType: 'MO',
      submittedPrice: undefined,
      submittedQuantity: '2',
    })
    const tsla = await place(api, { symbol: 'TSLA.US', submittedPrice: '1' })
    const ids = async (query: Record<string, string> = {}) =>
      (await api.get(paths.today, query)).body.data.orders.map(
        (o: { orderId: string }) => o.orderId,
      )
    expect(await ids()).toEqual([resting, market, tsla])
    expect(await ids({ symbol: 'AAPL.US' })).toEqual([resting, market])
    expect(await ids({ status: 'FilledStatus' })).toEqual([market])
    expect(await ids({ status: 'NewStatus,FilledStatus' })).toEqual([resting, market, tsla])
    expect(await ids({ side: 'Sell' })).toEqual([])
    expect(await ids({ market: 'HK' })).toEqual([])
    expect(await ids({ orderId: tsla })).toEqual([tsla])
    const record = (await api.get(paths.today, { orderId: market })).body.data.orders[0]
    expect(record).toMatchObject({
      status: 'FilledStatus',
      orderType: 'MO',
      side: 'Buy',
      quantity: '2',
      executedQuantity: '2',
      price: null,
      currency: 'USD',
      outsideRth: 'RTHOnly',
      timeInForce: 'Day',
    })
  })

  it("history-orders holds the orders before today, today-orders only today's", async () => {
    const { api } = account('100000')
    const orderId = await place(api)
    ctx.sandbox.admin.advanceClock(24 * 3_600_000)
    expect((await api.get(paths.today)).body.data.orders).toEqual([])
    const history = (await api.get(paths.history, { symbol: 'AAPL.US' })).body.data
    expect(history.hasMore).toBe(false)
    expect(history.orders.map((o: { orderId: string }) => o.orderId)).toEqual([orderId])
    expect((await api.get(paths.history, { status: 'CanceledStatus' })).body.data.orders).toEqual(
      [],
    )
  })

  it('numbersAs number answers the numeric fields as JSON numbers', async () => {
    const { api } = account()
    const orderId = await place(api)
    ctx.sandbox.admin.setNumbersAs('number')
    try {
      const record = (await api.get(paths.detail, { orderId })).body.data
      expect([record.quantity, record.price, record.executedQuantity]).toEqual([10, 100.15, 0])
    } finally {
      ctx.sandbox.admin.setNumbersAs('string')
    }
  })
})
