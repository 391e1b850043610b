/**
 * Securities orders and market data on the session clock (the rules' `Session.at`): `timeInForce`
 * lapses (`Day`, `GoodTilDate`), `outsideRth` sessions for immediate fills, and the trade tape and
 * intraday chart over the weekend close. Each test runs its own sandbox on a hand-moved clock.
 */
import { Securities } from '@tradeline/rules'
import { afterEach, describe, expect, it } from 'vitest'
import { start } from '../test/unified.js'

const paths = {
  place: Securities.placeOrder.path,
  cancel: Securities.cancelOrder.path,
  detail: Securities.getOrderDetail.path,
  today: Securities.getTodayOrders.path,
  history: Securities.getHistoryOrders.path,
  executions: Securities.getTodayExecutions.path,
  account: Securities.getAccount.path,
  positions: Securities.getStockPositions.path,
  trade: Securities.getTrades.path,
  intraday: Securities.getIntraday.path,
  candles: Securities.getCandlestick.path,
} as const

/** A New York wall clock of winter 2026 (EST, UTC-5) as Unix ms. */
const et = (date: string, time: string) => Date.parse(`${date}T${time}:00-05:00`)
const iso = (date: string, time: string) => new Date(et(date, time)).toISOString()

let running: Awaited<ReturnType<typeof start>> | undefined
afterEach(async () => {
  await running?.sandbox.close()
  running = undefined
})

/** A sandbox whose clock reads `at`, the price of AAPL.US 200, an account with 10000 USD. */
async function at(instant: number) {
  const ctx = await start()
  running = ctx
  ctx.clock.set(instant)
  ctx.sandbox.admin.setPrice('AAPL.US', '200')
  const uid = '6900000001'
  const api = ctx.as(ctx.sandbox.admin.addKey({ uid, permissions: ['trade_rw'] }))
  ctx.sandbox.admin.setStockCash('10000', uid)
  const place = async (overrides: Record<string, unknown>) => {
    const { body } = await api.post(paths.place, {
      symbol: 'AAPL.US',
      orderType: 'LO',
      side: 'Buy',
      submittedQuantity: '1',
      submittedPrice: '1.00',
      timeInForce: 'Day',
      outsideRth: 'RTHOnly',
      ...overrides,
    })
    expect(body.code).toBe('00000')
    return body.data.orderId as string
  }
  const detail = async (orderId: string) => (await api.get(paths.detail, { orderId })).body.data
  const status = async (orderId: string) => (await detail(orderId)).status
  const cash = async () => {
    const info = (await api.get(paths.account)).body.data.list[0].cashInfos[0]
    return { available: info.availableCash, frozen: info.frozenCash }
  }
  /** Moves the clock to `instant` (and settles, as a request does). */
  const move = (to: number) => ctx.sandbox.admin.advanceClock(to - ctx.sandbox.admin.now())
  return { ctx, uid, api, place, detail, status, cash, move }
}

describe('timeInForce: resting securities orders lapse on the sandbox clock', () => {
  it('a Day RTHOnly buy placed Wednesday 10:00 New York lapses at 16:00: ExpiredStatus, its cash released, in every read', async () => {
    const s = await at(et('2026-12-02', '10:00'))
    const orderId = await s.place({})
    expect(await s.cash()).toEqual({ available: '9999', frozen: '1' })
    s.move(et('2026-12-02', '15:59'))
    expect(await s.status(orderId)).toBe('NewStatus')
    s.move(et('2026-12-02', '16:00'))
    const detail = await s.detail(orderId)
    expect(detail).toMatchObject({
      status: 'ExpiredStatus',
      executedQuantity: '0',
      updatedAt: iso('2026-12-02', '16:00'),
    })
    expect(detail.history.map((h: { status: string; time: string }) => [h.status, h.time])).toEqual(
      [
        ['NewStatus', iso('2026-12-02', '10:00')],
        ['ExpiredStatus', iso('2026-12-02', '16:00')],
      ],
    )
    expect(await s.cash()).toEqual({ available: '10000', frozen: '0' })
    const today = await s.api.get(paths.today, { status: 'ExpiredStatus' })
    expect(today.body.data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([orderId])
    expect((await s.api.get(paths.today, { status: 'NewStatus' })).body.data.orders).toEqual([])
    // Two days later the history agrees, and a cancel finds it closed.
    s.move(et('2026-12-04', '10:00'))
    const history = (await s.api.get(paths.history, {})).body.data.orders
    expect(history.map((o: { orderId: string; status: string }) => [o.orderId, o.status])).toEqual([
      [orderId, 'ExpiredStatus'],
    ])
    expect((await s.api.post(paths.cancel, { symbol: 'AAPL.US', orderId })).body.code).toBe('43020')
    expect(() => s.ctx.sandbox.admin.fillStockOrder({ orderId })).toThrow(/no open order/)
  })

  it('a Day AnyTime order lasts to the end of after-hours, 20:00; an Overnight one too', async () => {
    const s = await at(et('2026-12-02', '10:00'))
    const anyTime = await s.place({ outsideRth: 'AnyTime' })
    const overnight = await s.place({ outsideRth: 'Overnight' })
    s.move(et('2026-12-02', '19:59'))
    expect([await s.status(anyTime), await s.status(overnight)]).toEqual(['NewStatus', 'NewStatus'])
    s.move(et('2026-12-02', '20:00'))
    expect([await s.status(anyTime), await s.status(overnight)]).toEqual([
      'ExpiredStatus',
      'ExpiredStatus',
    ])
  })

  it('decision: a Day order placed after its last session of the day (RTHOnly at 17:00, or on Friday night) is for the next weekday', async () => {
    const s = await at(et('2026-12-02', '17:00'))
    const wednesday = await s.place({})
    s.move(et('2026-12-04', '21:00'))
    const friday = await s.place({ outsideRth: 'AnyTime' })
    expect(await s.status(wednesday)).toBe('ExpiredStatus')
    expect((await s.detail(wednesday)).updatedAt).toBe(iso('2026-12-03', '16:00'))
    s.move(et('2026-12-07', '19:59'))
    expect(await s.status(friday)).toBe('NewStatus')
    s.move(et('2026-12-07', '20:00'))
    expect(await s.status(friday)).toBe('ExpiredStatus')
  })

  it('a GoodTilDate order lasts to the end of its expireDate in New York; a sell gives its quantity back', async () => {
    const s = await at(et('2026-12-02', '10:00'))
    s.ctx.sandbox.admin.setStockPosition({ symbol: 'AAPL.US', quantity: '5', uid: s.uid })
    const buy = await s.place({ timeInForce: 'GoodTilDate', expireDate: '2026-12-07' })
    const sell = await s.place({
      side: 'Sell',
      submittedQuantity: '3',
      submittedPrice: '900',
      timeInForce: 'GoodTilDate',
      expireDate: '2026-12-07',
    })
    const available = async () =>
      (await s.api.get(paths.positions, {})).body.data.channels[0].positions[0].availableQuantity
    expect(await available()).toBe('2')
    s.move(et('2026-12-07', '23:59'))
    expect([await s.status(buy), await s.status(sell)]).toEqual(['NewStatus', 'NewStatus'])
    s.move(et('2026-12-09', '10:00'))
    expect([await s.status(buy), await s.status(sell)]).toEqual(['ExpiredStatus', 'ExpiredStatus'])
    expect((await s.detail(buy)).updatedAt).toBe(iso('2026-12-08', '00:00'))
    expect(await available()).toBe('5')
    expect(await s.cash()).toEqual({ available: '10000', frozen: '0' })
  })

  it('a GoodTilCanceled order does not lapse; a partly filled Day order lapses with its fills kept', async () => {
    const s = await at(et('2026-12-02', '10:00'))
    const gtc = await s.place({ timeInForce: 'GoodTilCanceled' })
    const partly = await s.place({ submittedQuantity: '4' })
    s.ctx.sandbox.admin.fillStockOrder({ orderId: partly, quantity: '1' })
    expect(await s.cash()).toEqual({ available: '9995', frozen: '4' })
    s.move(et('2026-12-31', '10:00'))
    expect(await s.status(gtc)).toBe('NewStatus')
    expect(await s.detail(partly)).toMatchObject({ status: 'ExpiredStatus', executedQuantity: '1' })
    // 10000 - the fill (1 x 1.00) - the GTC's reservation (1.00).
    expect(await s.cash()).toEqual({ available: '9998', frozen: '1' })
  })
})

describe('outsideRth: an order fills at once only in a session it trades in', () => {
  const market = { orderType: 'MO', submittedPrice: undefined }

  it('an MO RTHOnly placed Saturday 12:00 New York rests (cash reserved) and fills at Monday 09:30', async () => {
    const s = await at(et('2026-11-28', '12:00'))
    const orderId = await s.place(market)
    expect(await s.status(orderId)).toBe('NewStatus')
    expect(await s.cash()).toEqual({ available: '9800', frozen: '200' })
    s.move(et('2026-11-30', '09:29'))
    expect(await s.status(orderId)).toBe('NewStatus')
    s.move(et('2026-11-30', '09:45'))
    expect(await s.detail(orderId)).toMatchObject({
      status: 'FilledStatus',
      executedQuantity: '1',
      executedPrice: '200',
    })
    const trades = (await s.api.get(paths.executions, { orderId })).body.data.trades
    expect(trades.map((t: { tradeDoneAt: string }) => t.tradeDoneAt)).toEqual([
      iso('2026-11-30', '09:30'),
    ])
    expect(await s.cash()).toEqual({ available: '9800', frozen: '0' })
  })

  it('at Monday 03:00 (overnight) an MO and a marketable LO RTHOnly rest, an AnyTime MO rests, an Overnight MO fills', async () => {
    const s = await at(et('2026-11-30', '03:00'))
    const mo = await s.place(market)
    const lo = await s.place({ submittedPrice: '500' })
    const anyTime = await s.place({ ...market, outsideRth: 'AnyTime' })
    const overnight = await s.place({ ...market, outsideRth: 'Overnight' })
    expect([
      await s.status(mo),
      await s.status(lo),
      await s.status(anyTime),
      await s.status(overnight),
    ]).toEqual(['NewStatus', 'NewStatus', 'NewStatus', 'FilledStatus'])
    s.move(et('2026-11-30', '05:00'))
    expect([await s.status(mo), await s.status(lo), await s.status(anyTime)]).toEqual([
      'NewStatus',
      'NewStatus',
      'FilledStatus',
    ])
    // The pre-market opened at 04:00: the AnyTime order filled then.
    expect((await s.detail(anyTime)).updatedAt).toBe(iso('2026-11-30', '04:00'))
    s.move(et('2026-11-30', '09:30'))
    expect([await s.status(mo), await s.status(lo)]).toEqual(['FilledStatus', 'FilledStatus'])
    // The LO filled at the price, below its limit: its reservation at 500 came back.
    expect((await s.detail(lo)).executedPrice).toBe('200')
  })

  it('an AnyTime MO fills at once in the pre-market; an option order waits for the regular session', async () => {
    const s = await at(et('2026-11-30', '05:00'))
    const anyTime = await s.place({ ...market, outsideRth: 'AnyTime' })
    expect(await s.status(anyTime)).toBe('FilledStatus')
    const option = await s.place({
      ...market,
      symbol: 'AAPL261204C00230000.US',
      outsideRth: undefined,
    })
    expect(await s.status(option)).toBe('NewStatus')
    s.move(et('2026-11-30', '09:31'))
    expect(await s.status(option)).toBe('FilledStatus')
  })

  it('a Day MO placed Saturday fills at Monday 09:30 even when the clock first reads Tuesday (the fill came before the lapse)', async () => {
    const s = await at(et('2026-11-28', '12:00'))
    const orderId = await s.place(market)
    s.move(et('2026-12-01', '03:00'))
    expect(await s.detail(orderId)).toMatchObject({
      status: 'FilledStatus',
      updatedAt: iso('2026-11-30', '09:30'),
    })
  })

  it('a marketable LO placed at the weekend fills only when its session is open and the price allows, else lapses', async () => {
    const s = await at(et('2026-11-28', '12:00'))
    const filled = await s.place({ submittedPrice: '250' })
    const lapsed = await s.place({ submittedPrice: '210' })
    s.ctx.sandbox.admin.setPrice('AAPL.US', '220')
    s.move(et('2026-11-30', '10:00'))
    expect([await s.status(filled), await s.status(lapsed)]).toEqual(['FilledStatus', 'NewStatus'])
    s.move(et('2026-11-30', '16:00'))
    expect(await s.status(lapsed)).toBe('ExpiredStatus')
    expect(await s.cash()).toEqual({ available: '9780', frozen: '0' })
  })

  it('nothing fills in the weekend close: an Overnight MO placed Saturday fills at Sunday 20:00', async () => {
    const s = await at(et('2026-11-28', '12:00'))
    const orderId = await s.place({ ...market, outsideRth: 'Overnight' })
    s.move(et('2026-11-29', '19:59'))
    expect(await s.status(orderId)).toBe('NewStatus')
    s.move(et('2026-11-29', '20:30'))
    expect(await s.detail(orderId)).toMatchObject({
      status: 'FilledStatus',
      updatedAt: iso('2026-11-29', '20:00'),
    })
  })
})

describe('the trade tape and the intraday chart over the weekend close', () => {
  type TapeTrade = { timestamp: string; tradeSession: string }

  it('on Saturday the tape ends at the last open instant, Friday before 20:00, in the Post session, as the candlestick does', async () => {
    const s = await at(et('2026-11-28', '12:00'))
    const trades: TapeTrade[] = (await s.api.get(paths.trade, { symbol: 'AAPL.US', count: '3' }))
      .body.data
    expect(trades.map((t) => [t.timestamp, t.tradeSession])).toEqual([
      [new Date(et('2026-11-27', '20:00') - 3000).toISOString(), 'Post'],
      [new Date(et('2026-11-27', '20:00') - 6000).toISOString(), 'Post'],
      [new Date(et('2026-11-27', '20:00') - 9000).toISOString(), 'Post'],
    ])
    const candles = await s.api.get(paths.candles, {
      symbol: 'AAPL.US',
      period: '1m',
      count: '1',
      tradeSessions: '100',
    })
    expect(candles.body.data.list.map((c: TapeTrade) => c.timestamp)).toEqual([
      iso('2026-11-27', '19:59'),
    ])
  })

  it('on Sunday night the tape skips the weekend close: Overnight trades from 20:00, then Friday after-hours', async () => {
    const s = await at(et('2026-11-29', '20:01'))
    const trades: TapeTrade[] = (await s.api.get(paths.trade, { symbol: 'AAPL.US', count: '40' }))
      .body.data
    const sunday = trades.filter((t) => t.tradeSession === 'Overnight')
    expect(sunday).toHaveLength(21)
    expect(sunday.at(-1)?.timestamp).toBe(iso('2026-11-29', '20:00'))
    expect(trades[21]).toMatchObject({
      timestamp: new Date(et('2026-11-27', '20:00') - 3000).toISOString(),
      tradeSession: 'Post',
    })
    const closed = (t: TapeTrade) =>
      Date.parse(t.timestamp) >= et('2026-11-27', '20:00') &&
      Date.parse(t.timestamp) < et('2026-11-29', '20:00')
    expect(trades.filter(closed)).toEqual([])
  })

  it('at Monday 03:00 the tape is Overnight', async () => {
    const s = await at(et('2026-11-30', '03:00'))
    const trades: TapeTrade[] = (await s.api.get(paths.trade, { symbol: 'AAPL.US', count: '2' }))
      .body.data
    expect(trades.map((t) => t.tradeSession)).toEqual(['Overnight', 'Overnight'])
  })

  it("at the weekend the intraday chart is Friday's regular session, as read on Friday after the close", async () => {
    const s = await at(et('2026-11-27', '16:30'))
    const friday = (await s.api.get(paths.intraday, { symbol: 'AAPL.US' })).body.data.list
    expect(friday).toHaveLength(390)
    for (const weekend of [et('2026-11-28', '12:00'), et('2026-11-29', '21:00')]) {
      s.move(weekend)
      const list = (await s.api.get(paths.intraday, { symbol: 'AAPL.US' })).body.data.list
      expect(list).toEqual(friday)
      expect(list[0].timestamp).toBe(iso('2026-11-27', '09:30'))
      expect(list.at(-1).timestamp).toBe(iso('2026-11-27', '15:59'))
    }
  })
})
