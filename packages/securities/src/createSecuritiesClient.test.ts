/** Every action against the sandbox over HTTP (strict), both ways of answering numbers. */
import { RateLimits, Savings } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UnknownOutcomeError, ValidationError } from './index.js'
import { marketBuy, setup, T0 } from './test/sandbox.js'

let ctx: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  ctx = await setup()
})
afterAll(() => ctx.sandbox.close())

const option = 'AAPL260918C00230000.US'
const day = 86_400_000

/** Funds the securities account of a client: spot USDC, then a transfer in. */
async function funded(amount = '100000') {
  const client = ctx.client()
  ctx.sandbox.admin.setBalance('USDC', amount, client.uid)
  const { transferId } = await client.transfer({ coin: 'USDC', amount, direction: 'in' })
  return Object.assign(client, { transferId })
}

describe('against the sandbox', () => {
  test('market, account, executions and transfer: the same results with numbers as strings or as numbers', async () => {
    const client = await funded()
    await client.orders.place({
      symbol: 'AAPL.US',
      orderType: 'MO',
      side: 'Buy',
      submittedQuantity: '2',
      timeInForce: 'Day',
      outsideRth: 'RTHOnly',
    })
    const read = async () => ({
      depth: await client.market.getDepth({ symbol: 'AAPL.US' }),
      trades: await client.market.getTrades({ symbol: 'AAPL.US', count: 20 }),
      intraday: await client.market.getIntraday({ symbol: 'AAPL.US' }),
      static: await client.market.getStatic({ symbol: ['TSLA.US', 'AAPL.US'] }),
      quote: await client.market.getOptionQuote({ symbol: [option] }),
      funds: await client.account.getFunds({ currency: 'USD' }),
      positions: await client.account.getPositions(),
    })
    ctx.sandbox.admin.setNumbersAs('string')
    const asStrings = await read()
    ctx.sandbox.admin.setNumbersAs('number')
    const asNumbers = await read()
    ctx.sandbox.admin.setNumbersAs('string')
    expect(asNumbers).toEqual(asStrings)

    const { depth, trades, intraday, quote, funds, positions } = asStrings
    expect(depth.asks).toHaveLength(5)
    expect(typeof depth.asks[0]?.price).toBe('string')
    expect(depth.asks[0]?.position).toBe(1)
    expect(trades).toHaveLength(20)
    expect(typeof trades[0]?.timestamp).toBe('number')
    expect(trades[0]?.tradeSession).toEqual({ code: 'Intraday', name: 'Intraday' })
    expect(trades.every((trade) => trade.tradeType?.name != null)).toBe(true)
    expect(intraday.length).toBeGreaterThan(0)
    expect(asStrings.static.map((item) => item.symbol)).toEqual(['TSLA.US', 'AAPL.US'])
    expect(quote[0]).toMatchObject({
      symbol: option,
      expiryDate: '2026-09-18',
      tradeStatus: { code: '0', name: 'Normal' },
      direction: { code: 'C', name: 'Call' },
      contractType: { code: 'A', name: 'American' },
    })
    expect(typeof quote[0]?.timestamp).toBe('number')
    expect(funds[0]?.riskLevel?.name).not.toBeNull()
    expect(funds[0]?.currency).toBe('USD')
    expect(positions[0]?.positions[0]).toMatchObject({ symbol: 'AAPL.US', quantity: '2' })
  })

  test('orders.place: an LO resting and a TSLPPCT, checked by the rules before sending', async () => {
    const client = await funded()
    const lo = await client.orders.place({
      symbol: 'AAPL.US',
      orderType: 'LO',
      side: 'Buy',
      submittedQuantity: '1',
      submittedPrice: '1.00',
      timeInForce: 'Day',
      outsideRth: 'RTHOnly',
    })
    expect(lo).toMatchObject({ clientOid: null, symbol: 'AAPL.US' })
    expect(lo.orderId).toMatch(/\S/)
    const trailing = await client.orders.place({
      symbol: 'AAPL.US',
      orderType: 'TSLPPCT',
      side: 'Buy',
      submittedQuantity: '1',
      trailingPercent: '2.5',
      limitOffset: '0.1',
      timeInForce: 'GoodTilCanceled',
      outsideRth: 'AnyTime',
    })
    expect(trailing.orderId).not.toBe(lo.orderId)
    const sent = client.sent.length
    const refused = await client.orders
      .place({
        symbol: 'AAPL.US',
        orderType: 'LIT',
        side: 'Buy',
        submittedQuantity: '1',
        submittedPrice: '1',
        timeInForce: 'Day',
        outsideRth: 'RTHOnly',
      })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(refused)).toBe(true)
    expect(client.sent.length).toBe(sent)
  })

  test('an unknown outcome of a placement: UnknownOutcomeError, nothing sent twice (README decision)', async () => {
    const client = await funded()
    const path = '/api/v3/stockplus/trade/place-order'
    ctx.sandbox.admin.injectFault({ path, kind: 'code-before' })
    try {
      const error = await client.orders.place(marketBuy('AAPL.US')).catch((e: unknown) => e)
      expect(UnknownOutcomeError.isInstance(error)).toBe(true)
      expect(client.sent.filter((id) => id === 'securities.placeOrder')).toHaveLength(1)
    } finally {
      ctx.sandbox.admin.clearFaults(path)
    }
  })

  test('transfer out gives a transferId', async () => {
    const client = await funded('500')
    const { transferId } = await client.transfer({ coin: 'USDC', amount: '200', direction: 'out' })
    expect(transferId).toMatch(/\S/)
    expect((await client.account.getFunds())[0]?.cashInfos[0]?.availableCash).toBe('300')
  })

  test("executions.iterate over several 90-day windows and pages returns exactly the sandbox's executions, once each", async () => {
    const client = ctx.client()
    const from = T0 - 400 * day
    const to = T0 - 2 * day
    const count = ctx.sandbox.admin.seedExecutions({ count: 5000, from, to, uid: client.uid })
    const seen: { tradeId: string; orderId: string; time: number }[] = []
    for await (const execution of client.executions.iterate({
      startAt: Math.floor(from / 1000),
      endAt: Math.floor(to / 1000),
    }))
      seen.push({
        tradeId: execution.tradeId,
        orderId: execution.orderId,
        time: execution.tradeDoneAt as number,
      })
    expect(new Set(seen.map((e) => e.tradeId)).size).toBe(seen.length)
    expect(seen.length).toBe(count)
    // The sandbox's own records of the range, compared id by id.
    const own = ctx.sandbox.admin
      .stockExecutions(client.uid)
      .filter((e) => e.time >= from && e.time <= to)
      .map((e) => `${e.orderId}/${e.tradeId}`)
      .sort()
    expect(seen.map((e) => `${e.orderId}/${e.tradeId}`).sort()).toEqual(own)
    const calls = client.sent.filter((id) => id === 'securities.getHistoryExecutions').length
    expect(calls).toBeGreaterThan(5) // 5 windows of at most 90 days, some split after hasMore
    const page = await client.executions.getHistory({
      startAt: Math.floor((to - 80 * day) / 1000),
      endAt: Math.floor(to / 1000),
    })
    expect(page.hasMore).toBe(true)
    expect(page.trades.length).toBeLessThanOrEqual(1000)
  })
})

describe('the default rate limiter', () => {
  test("it holds the securities and public rows only (it held every line's): a savings endpoint is refused before anything is sent", async () => {
    const client = ctx.client()
    await client.market.getDepth({ symbol: 'AAPL.US' })
    const error = await client.transport
      .request({ endpoint: Savings.getProducts, query: {} })
      .catch((e: unknown) => e)
    expect(RateLimits.UnknownEndpointError.isInstance(error)).toBe(true)
    expect(client.sent).toEqual(['securities.getDepth'])
  })
})
