// A ticker's best bid and ask are those of the book the depth endpoints serve (they were the
// last price with sizes ""), on the unified and the classic line, over real HTTP.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { start } from '../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(async () => {
  expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
  await ctx.sandbox.close()
})

const get = async (path: string) => (await fetch(`${ctx.sandbox.url}${path}`)).json()

describe('ticker best bid and ask', () => {
  test.each([
    ['SPOT', 'ETHUSDT'],
    ['USDT-FUTURES', 'BTCUSDT'],
  ])(
    'unified %s %s: bid1/ask1 price and size are the first levels of /api/v3/market/orderbook (they were the last price and "")',
    async (category, symbol) => {
      const ticker = (await get(`/api/v3/market/tickers?category=${category}&symbol=${symbol}`))
        .data[0]
      const book = (await get(`/api/v3/market/orderbook?category=${category}&symbol=${symbol}`))
        .data
      expect(ticker.bid1Size).not.toBe('')
      expect(ticker.ask1Size).not.toBe('')
      expect([
        Number(ticker.bid1Price),
        Number(ticker.bid1Size),
        Number(ticker.ask1Price),
        Number(ticker.ask1Size),
      ]).toEqual([...book.b[0], ...book.a[0]])
      expect(Number(ticker.bid1Price)).toBeLessThan(Number(ticker.lastPrice))
      expect(Number(ticker.ask1Price)).toBeGreaterThan(Number(ticker.lastPrice))
    },
  )

  test('classic BTCUSDT: bidPr/askPr and sizes are the first levels of merge-depth', async () => {
    const ticker = (await get('/api/v2/mix/market/ticker?symbol=BTCUSDT&productType=USDT-FUTURES'))
      .data[0]
    const depth = (
      await get('/api/v2/mix/market/merge-depth?symbol=BTCUSDT&productType=USDT-FUTURES')
    ).data
    expect(ticker.bidSz).not.toBe('')
    expect([
      Number(ticker.bidPr),
      Number(ticker.bidSz),
      Number(ticker.askPr),
      Number(ticker.askSz),
    ]).toEqual([...depth.bids[0], ...depth.asks[0]])
  })

  test('the ticker follows the book when the admin steps it', async () => {
    for (let i = 0; i < 20; i++) ctx.sandbox.admin.ws.market.step('ETHUSDT', 1)
    const ticker = (await get('/api/v3/market/tickers?category=SPOT&symbol=ETHUSDT')).data[0]
    const book = (await get('/api/v3/market/orderbook?category=SPOT&symbol=ETHUSDT')).data
    expect([Number(ticker.bid1Price), Number(ticker.bid1Size)]).toEqual(book.b[0])
    expect([Number(ticker.ask1Price), Number(ticker.ask1Size)]).toEqual(book.a[0])
  })
})
