/**
 * The securities and options routes over HTTP (docs/exchange-conventions.md, "Securities and options").
 */
import { Securities } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { start, T0 } from '../test/unified.js'

const paths = {
  depth: Securities.getDepth.path,
  trade: Securities.getTrades.path,
  intraday: Securities.getIntraday.path,
  static: Securities.getStatic.path,
  optionQuote: Securities.getOptionQuote.path,
  place: Securities.placeOrder.path,
  account: Securities.getAccount.path,
  positions: Securities.getStockPositions.path,
  transfer: Securities.transfer.path,
  executions: Securities.getHistoryExecutions.path,
} as const

const call = 'AAPL260918C00230000.US'
let ctx: Awaited<ReturnType<typeof start>>
let accounts = 0

beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())

/** A fresh account with one key of `permissions` (trade_rw by default). */
function account(permissions: ('trade_rw' | 'trade_ro' | 'optionQuote')[] = ['trade_rw']) {
  const uid = String(6_600_000_000 + ++accounts)
  const credentials = ctx.sandbox.admin.addKey({ uid, permissions })
  return { uid, api: ctx.as(credentials) }
}

const limit = (overrides: Record<string, unknown> = {}) => ({
  symbol: 'AAPL.US',
  orderType: 'LO',
  side: 'Buy',
  submittedQuantity: '10',
  submittedPrice: '1.00',
  timeInForce: 'Day',
  outsideRth: 'RTHOnly',
  ...overrides,
})

describe('market data seeded from the sandbox seed', () => {
  it('depth: "asks and bids, each an array of position (integer), price, volume, orderNum (integer)"', async () => {
    const { api } = account()
    const { body } = await api.get(paths.depth, { symbol: 'AAPL.US' })
    expect(body.code).toBe('00000')
    expect(body.data.asks).toHaveLength(5)
    expect(body.data.bids).toHaveLength(5)
    const [ask] = body.data.asks
    expect(Object.keys(ask).sort()).toEqual(['orderNum', 'position', 'price', 'volume'])
    // The spec's types: integers as JSON integers, price and volume as strings (a typed client
    // comparing `level.position === 1` met "1" before).
    expect([
      ask.position,
      Number.isInteger(ask.orderNum),
      typeof ask.price,
      typeof ask.volume,
    ]).toEqual([1, true, 'string', 'string'])
    expect(Number(body.data.asks[0].price)).toBeGreaterThan(Number(body.data.bids[0].price))
    // The same seed answers the same book.
    expect((await api.get(paths.depth, { symbol: 'AAPL.US' })).body.data).toEqual(body.data)
  })

  it('the same seed gives the same prices in another sandbox, another seed others', async () => {
    const other = await start()
    const third = await start({ seed: 8 })
    try {
      const a = (await ctx.api.get(paths.depth, { symbol: 'TSLA.US' })).body.data
      const b = (await other.api.get(paths.depth, { symbol: 'TSLA.US' })).body.data
      const c = (await third.api.get(paths.depth, { symbol: 'TSLA.US' })).body.data
      expect(b).toEqual(a)
      expect(c).not.toEqual(a)
    } finally {
      await other.sandbox.close()
      await third.sandbox.close()
    }
  })

  it('an unknown symbol is refused with 40034', async () => {
    const { body } = await account().api.get(paths.depth, { symbol: 'ZZZZ.US' })
    expect(body.code).toBe('40034')
  })

  it('trade: "count (integer, required, at most 1000)"; tradeType "space = regular sale" among B, E, H, I; tradeSession', async () => {
    const { api } = account()
    const { body } = await api.get(paths.trade, { symbol: 'NVDA.US', count: '200' })
    expect(body.code).toBe('00000')
    expect(body.data).toHaveLength(200)
    const types = new Set(body.data.map((t: { tradeType: string }) => t.tradeType))
    expect(types.has(' ')).toBe(true)
    for (const type of types) expect([' ', 'B', 'E', 'H', 'I']).toContain(type)
    for (const t of body.data) {
      expect(['Up', 'Down', 'Neutral']).toContain(t.direction)
      expect(t.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      expect(t.tradeSession).toBe('Intraday') // 10:00 New York
    }
    const over = await api.get(paths.trade, { symbol: 'NVDA.US', count: '1001' })
    expect(over.body.code).toBe('40017')
  })

  it('trade: tradeSession "Intraday, Pre, Post, Overnight" by New York time of the trade', async () => {
    const { api } = account()
    // 200 trades 3 s apart reach back 10 minutes: from 9:35 New York they cross the open.
    const local = await start({ clock: { now: () => T0 - 25 * 60_000 } })
    try {
      const { body } = await local.api.get(paths.trade, { symbol: 'AAPL.US', count: '200' })
      const sessions = new Set(body.data.map((t: { tradeSession: string }) => t.tradeSession))
      expect(sessions).toEqual(new Set(['Intraday', 'Pre']))
    } finally {
      await local.sandbox.close()
    }
    expect(api).toBeDefined()
  })

  it('intraday: "price (close of the minute), timestamp (start of the minute, ISO 8601), volume, turnover, avgPrice"', async () => {
    const { body } = await account().api.get(paths.intraday, { symbol: 'AAPL.US' })
    // 9:30 to 10:00 New York: 31 minutes.
    expect(body.data.list).toHaveLength(31)
    expect(body.data.list[0].timestamp).toBe(new Date(T0 - 30 * 60_000).toISOString())
    expect(Object.keys(body.data.list[0]).sort()).toEqual([
      'avgPrice',
      'price',
      'timestamp',
      'turnover',
      'volume',
    ])
  })

  it('static: several symbols in one call ("list of symbols, at most 500 per request")', async () => {
    const { body } = await account().api.get(paths.static, {
      symbol: `AAPL.US,TSLA.US,NVDA.US,${call}`,
    })
    expect(body.data.list.map((r: { symbol: string }) => r.symbol)).toEqual([
      'AAPL.US',
      'TSLA.US',
      'NVDA.US',
      call,
    ])
    const [aapl] = body.data.list
    expect(aapl).toMatchObject({ currency: 'USD', stockDerivatives: ['Option'], lotSize: 1 })
    for (const key of ['nameCn', 'nameEn', 'exchange', 'totalShares', 'circulatingShares'])
      expect(aapl).toHaveProperty(key)
    for (const key of ['eps', 'epsTtm', 'bps', 'dividendYield', 'board'])
      expect(aapl).toHaveProperty(key)
  })

  it('option-quote: "Needs the account to hold the US option market-data entitlement": 40014 without it', async () => {
    const refused = await account().api.get(paths.optionQuote, { symbol: call })
    expect(refused.body.code).toBe('40014')
    const { body } = await account(['trade_ro', 'optionQuote']).api.get(paths.optionQuote, {
      symbol: `${call},TSLA261218C00300000.US`,
    })
    expect(body.code).toBe('00000')
    expect(body.data.secuQuote).toHaveLength(2)
    expect(body.data.secuQuote[0]).toMatchObject({
      symbol: call,
      expiryDate: '20260918',
      strikePrice: '230',
      contractMultipier: '100',
      contractType: 'A',
      direction: 'C',
      tradeStatus: '0',
      underlyingSymbol: 'AAPL.US',
    })
    expect(body.data.secuQuote[0].timestamp).toMatch(/^\d{13}$/)
  })
})

describe('numbersAs: "Numeric fields appear as JSON strings or JSON numbers"', () => {
  it('answers numeric fields as JSON strings by default and as JSON numbers when set', async () => {
    const { api } = account()
    const strings = (await api.get(paths.depth, { symbol: 'AAPL.US' })).body.data.asks[0]
    expect(typeof strings.price).toBe('string')
    // An integer the spec types so stays a JSON integer in both modes.
    expect(strings.position).toBe(1)
    ctx.sandbox.admin.setNumbersAs('number')
    try {
      const numbers = (await api.get(paths.depth, { symbol: 'AAPL.US' })).body.data.asks[0]
      expect(numbers.price).toBe(Number(strings.price))
      expect(numbers.position).toBe(1)
      const [aapl] = (await api.get(paths.static, { symbol: 'AAPL.US' })).body.data.list
      expect(aapl.lotSize).toBe(1)
      const trade = (await api.get(paths.trade, { symbol: 'AAPL.US', count: '1' })).body.data[0]
      expect(typeof trade.price).toBe('number')
      expect(typeof trade.volume).toBe('number')
      const account = (await api.get(paths.account)).body.data.list[0]
      expect(typeof account.totalCash).toBe('number')
      expect(typeof account.cashInfos[0].availableCash).toBe('number')
    } finally {
      ctx.sandbox.admin.setNumbersAs('string')
    }
  })

  it('the numbersAs option of the sandbox starts it answering numbers', async () => {
    const local = await start({ numbersAs: 'number' })
    try {
      const { body } = await local.api.get(paths.intraday, { symbol: 'TSLA.US' })
      expect(typeof body.data.list[0].price).toBe('number')
    } finally {
      await local.sandbox.close()
    }
  })
})

describe('place-order, account, positions, transfer', () => {
  it('transfer: "in deposits to the securities account, out withdraws from it"; out beyond the funds is refused', async () => {
    const { api } = account()
    const t = await api.post(paths.transfer, { coin: 'USDC', amount: '5000', direction: 'in' })
    expect(t.body.code).toBe('00000')
    expect(t.body.data.transferId).toMatch(/^\d+$/)
    let funds = (await api.get(paths.account)).body.data.list[0]
    expect(funds).toMatchObject({ currency: 'USD', totalCash: '5000', buyPower: '5000' })
    expect(funds.cashInfos[0]).toMatchObject({ availableCash: '5000', currency: 'USD' })
    const out = await api.post(paths.transfer, { coin: 'USDC', amount: '1000', direction: 'out' })
    expect(out.body.code).toBe('00000')
    funds = (await api.get(paths.account)).body.data.list[0]
    expect(funds.totalCash).toBe('4000')
    const over = await api.post(paths.transfer, {
      coin: 'USDC',
      amount: '4000.01',
      direction: 'out',
    })
    expect(over.body.code).toBe('43012')
    const overIn = await api.post(paths.transfer, { coin: 'USD', amount: '1', direction: 'in' })
    expect(overIn.body.code).toBe('43012')
  })

  it('a market order fills at the seeded price: funds and positions change', async () => {
    const { api } = account()
    await api.post(paths.transfer, { coin: 'USDC', amount: '10000', direction: 'in' })
    const price = Number(
      (await api.get(paths.trade, { symbol: 'AAPL.US', count: '1' })).body.data[0].price,
    )
    expect(price).toBeGreaterThan(0)
    const { body } = await api.post(paths.place, {
      symbol: 'AAPL.US',
      orderType: 'MO',
      side: 'Buy',
      submittedQuantity: '10',
      timeInForce: 'Day',
      outsideRth: 'RTHOnly',
    })
    expect(body.code).toBe('00000')
    expect(body.data).toEqual({
      orderId: expect.stringMatching(/^\d+$/),
      clientOid: '',
      symbol: 'AAPL.US',
    })
    const positions = (await api.get(paths.positions)).body.data.channels[0].positions
    expect(positions).toHaveLength(1)
    expect(positions[0]).toMatchObject({
      symbol: 'AAPL.US',
      quantity: '10',
      availableQuantity: '10',
      currency: 'USD',
      market: 'US',
      initQuantity: '0',
    })
    const cost = Number(positions[0].costPrice)
    const funds = (await api.get(paths.account)).body.data.list[0]
    expect(Number(funds.totalCash)).toBeCloseTo(10000 - cost * 10, 4)
    // Sell 4 back.
    const sell = await api.post(paths.place, {
      symbol: 'AAPL.US',
      orderType: 'MO',
      side: 'Sell',
      submittedQuantity: '4',
      timeInForce: 'Day',
      outsideRth: 'RTHOnly',
    })
    expect(sell.body.code).toBe('00000')
    const after = (await api.get(paths.positions, { symbol: 'AAPL.US' })).body.data.channels[0]
    expect(after.positions[0].quantity).toBe('6')
  })

  it('an option order moves 100 shares per contract ("contractMultipier")', async () => {
    const { api } = account()
    await api.post(paths.transfer, { coin: 'USDC', amount: '50000', direction: 'in' })
    const { body } = await api.post(paths.place, {
      symbol: call,
      orderType: 'MO',
      side: 'Buy',
      submittedQuantity: '2',
      timeInForce: 'Day',
    })
    expect(body.code).toBe('00000')
    expect(body.data.symbol).toBe(call)
    const position = (await api.get(paths.positions)).body.data.channels[0].positions[0]
    const funds = (await api.get(paths.account)).body.data.list[0]
    expect(Number(funds.availableCash ?? funds.cashInfos[0].availableCash)).toBeCloseTo(
      50000 - Number(position.costPrice) * 2 * 100,
      4,
    )
  })

  it('refuses a buy beyond the funds and a sell beyond the position', async () => {
    const { api } = account()
    const buy = await api.post(paths.place, limit({ submittedPrice: '1000' }))
    expect(buy.body.code).toBe('43012')
    const sell = await api.post(paths.place, limit({ side: 'Sell' }))
    expect(sell.body.code).toBe('40757')
  })

  it('a limit order below the price rests and reserves its cash (frozenCash)', async () => {
    const { api } = account()
    await api.post(paths.transfer, { coin: 'USDC', amount: '100', direction: 'in' })
    const { body } = await api.post(paths.place, limit())
    expect(body.code).toBe('00000')
    const funds = (await api.get(paths.account)).body.data.list[0]
    expect(funds.cashInfos[0]).toMatchObject({ availableCash: '90', frozenCash: '10' })
    expect(funds.totalCash).toBe('100')
    expect((await api.get(paths.positions)).body.data.channels[0].positions).toEqual([])
  })

  it.each([
    [
      'LO needs submittedPrice ("submittedPrice | string | LO, LIT")',
      { submittedPrice: undefined },
    ],
    ['LIT needs triggerPrice ("triggerPrice | string | LIT, MIT")', { orderType: 'LIT' }],
    ['MIT needs triggerPrice', { orderType: 'MIT', submittedPrice: undefined }],
    [
      'TSLPAMT needs trailingAmount',
      { orderType: 'TSLPAMT', submittedPrice: undefined, limitOffset: '0.1' },
    ],
    [
      'TSLPPCT "limitOffset ... when limitDepthLevel is 0"',
      { orderType: 'TSLPPCT', submittedPrice: undefined, trailingPercent: '2.5' },
    ],
    ['"expireDate ... when timeInForce=GoodTilDate"', { timeInForce: 'GoodTilDate' }],
    ['"outsideRth | string | US stocks"', { outsideRth: undefined }],
    ['"remark ... at most 64 characters"', { remark: 'x'.repeat(65) }],
    [
      '"limitDepthLevel ... integer in [-5, 5]"',
      { orderType: 'TSLPAMT', submittedPrice: undefined, trailingAmount: '1', limitDepthLevel: 6 },
    ],
    [
      '"triggerCount ... 0 to 3"',
      { orderType: 'MIT', submittedPrice: undefined, triggerPrice: '1', triggerCount: 4 },
    ],
  ])('refuses with 40017: %s', async (_name, overrides) => {
    const { api } = account()
    const { body } = await api.post(paths.place, limit(overrides))
    expect(body.code).toBe('40017')
  })

  it.each([
    ['LIT', { orderType: 'LIT', triggerPrice: '1.10' }],
    ['MIT', { orderType: 'MIT', submittedPrice: undefined, triggerPrice: '1.10', triggerCount: 2 }],
    [
      'TSLPAMT',
      {
        orderType: 'TSLPAMT',
        submittedPrice: undefined,
        trailingAmount: '0.5',
        limitOffset: '0.1',
      },
    ],
    [
      'TSLPPCT',
      {
        orderType: 'TSLPPCT',
        submittedPrice: undefined,
        trailingPercent: '2.5',
        limitDepthLevel: -1,
      },
    ],
    ['GoodTilDate', { timeInForce: 'GoodTilDate', expireDate: '2026-07-31' }],
  ])('accepts a %s order with its fields', async (_name, overrides) => {
    const { api } = account()
    await api.post(paths.transfer, { coin: 'USDC', amount: '5000', direction: 'in' })
    const { body } = await api.post(paths.place, limit(overrides))
    expect(body.code).toBe('00000')
  })

  it('refuses a GoodTilDate expireDate in the past and a fractional quantity', async () => {
    const { api } = account()
    await api.post(paths.transfer, { coin: 'USDC', amount: '1000', direction: 'in' })
    const past = await api.post(
      paths.place,
      limit({ timeInForce: 'GoodTilDate', expireDate: '2026-06-30' }),
    )
    expect(past.body.code).toBe('40017')
    const half = await api.post(paths.place, limit({ submittedQuantity: '0.5' }))
    expect(half.body.code).toBe('40808')
  })
})

describe('history-executions', () => {
  const day = 86_400_000

  it('"Today\'s executions are not included"', async () => {
    const { api } = account()
    await api.post(paths.transfer, { coin: 'USDC', amount: '10000', direction: 'in' })
    const placed = await api.post(paths.place, {
      symbol: 'TSLA.US',
      orderType: 'MO',
      side: 'Buy',
      submittedQuantity: '3',
      timeInForce: 'Day',
      outsideRth: 'AnyTime',
    })
    const today = await api.get(paths.executions)
    expect(today.body.data).toEqual({ hasMore: false, trades: [] })
    ctx.sandbox.admin.advanceClock(day)
    try {
      const { body } = await api.get(paths.executions, { symbol: 'TSLA.US' })
      expect(body.data.hasMore).toBe(false)
      expect(body.data.trades).toHaveLength(1)
      expect(body.data.trades[0]).toMatchObject({
        orderId: placed.body.data.orderId,
        symbol: 'TSLA.US',
        quantity: '3',
        tradeDoneAt: new Date(T0).toISOString(),
      })
    } finally {
      // The clock only moves forward; later tests read relative to admin.now().
    }
  })

  it('"hasMore (boolean; true when results exceed 1000 orders, 1000 is the maximum per query)"', async () => {
    const { uid, api } = account()
    const now = ctx.sandbox.admin.now()
    ctx.sandbox.admin.seedExecutions({ uid, count: 1500, from: now - 30 * day, to: now - 2 * day })
    const all = await api.get(paths.executions)
    expect(all.body.data.hasMore).toBe(true)
    expect(all.body.data.trades).toHaveLength(1000)
    // A window of 10 days holds about 536 of them.
    const start = Math.floor((now - 12 * day) / 1000)
    const some = await api.get(paths.executions, { startAt: String(start) })
    expect(some.body.data.hasMore).toBe(false)
    expect(some.body.data.trades.length).toBeGreaterThan(400)
    expect(some.body.data.trades.length).toBeLessThan(1000)
    for (const t of some.body.data.trades)
      expect(Date.parse(t.tradeDoneAt)).toBeGreaterThanOrEqual(start * 1000)
  })

  it('"startAt ... default 90 days before end time": older executions are outside the window', async () => {
    const { uid, api } = account()
    const now = ctx.sandbox.admin.now()
    ctx.sandbox.admin.seedExecutions({ uid, count: 2, from: now - 120 * day, to: now - 100 * day })
    expect((await api.get(paths.executions)).body.data.trades).toEqual([])
    const { body } = await api.get(paths.executions, {
      startAt: String(Math.floor((now - 121 * day) / 1000)),
    })
    expect(body.data.trades).toHaveLength(2)
  })
})

describe('permissions (docs/exchange-conventions.md, "Signing and headers")', () => {
  it('"stockplus trade/place-order | trade, read and write": a read-only key is refused with 40014', async () => {
    const { api } = account(['trade_ro'])
    expect((await api.post(paths.place, limit())).body.code).toBe('40014')
  })

  it('"stockplus asset/transfer | trade (management), read and write": 40014 for a read-only key', async () => {
    const { api } = account(['trade_ro'])
    const { body } = await api.post(paths.transfer, { coin: 'USDC', amount: '1', direction: 'in' })
    expect(body.code).toBe('40014')
  })

  it('"history-executions | trade, read only" and "asset/account, asset/stock-position | read only": a read-only key reads', async () => {
    const { api } = account(['trade_ro'])
    expect((await api.get(paths.executions)).body.code).toBe('00000')
    expect((await api.get(paths.account)).body.code).toBe('00000')
    expect((await api.get(paths.positions)).body.code).toBe('00000')
  })

  it('a key with neither trade permission is refused everywhere with 40014', async () => {
    const { api } = account(['optionQuote'])
    expect((await api.get(paths.depth, { symbol: 'AAPL.US' })).body.code).toBe('40014')
    expect((await api.get(paths.account)).body.code).toBe('40014')
  })
})
