// Inputs an independent abuse run found mishandled: a symbol named like a member of
// Object.prototype with per-symbol fees set (a fill failed halfway with a 500), and a body with a
// leading byte-order mark (the decoder dropped it, so the signature was checked over other text).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signedHeaders } from '../test/helpers.js'
import { paths, start } from '../test/unified.js'
import { raw } from './harness.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start({
    strict: false,
    fees: { maker: '0.0002', taker: '0.0006', symbols: { BTCUSDT: { maker: '0', taker: '0' } } },
  })
})
afterAll(async () => {
  await ctx.sandbox.close()
})

describe('names and bytes the abuse run found', () => {
  test.each(['constructor', 'toString', '__proto__'])(
    'a futures symbol named %s trades at the default fee rates: the order fills, answered 00000, no internal error',
    async (symbol) => {
      ctx.sandbox.admin.setInstrument({
        symbol,
        category: 'USDT-FUTURES',
        priceMultiplier: '0.1',
        pricePrecision: 1,
        sizeMultiplier: '0.01',
        minOrderAmount: '0.01',
        minTradeUSDT: '0',
        status: 'online',
      })
      ctx.sandbox.admin.setPrice(symbol, '100.0')
      const before = ctx.sandbox.sandbox.internalErrors.count
      const placed = await ctx.api.post(paths.place, {
        category: 'USDT-FUTURES',
        symbol,
        side: 'buy',
        orderType: 'market',
        qty: '0.01',
      })
      expect([placed.status, placed.body.code]).toEqual([200, '00000'])
      const fills = await ctx.api.get('/api/v3/trade/fills', { category: 'USDT-FUTURES', symbol })
      // 0.01 at 100.0 at the default taker rate 0.0006 (before: a 500 after the fill was booked).
      const list = fills.body.data.list as { symbol: string; feeDetail: { fee: string }[] }[]
      expect(list.filter((f) => f.symbol === symbol).map((f) => f.feeDetail[0]?.fee)).toEqual([
        '0.0006',
      ])
      expect(ctx.sandbox.sandbox.internalErrors.count).toBe(before)
    },
  )

  test('a body with a leading byte-order mark is signed over the bytes as received: a signature over the bytes passes authentication and the body is refused as not JSON; one over the text without the mark fails authentication', async () => {
    const body = '\uFEFF{"category":"SPOT","orderId":"123"}'
    const send = (signedText: string) => {
      const headers = signedHeaders(ctx.sandbox.credentials, {
        method: 'POST',
        path: paths.cancel,
        body: signedText,
        timestamp: ctx.sandbox.admin.now(),
      })
      return raw(ctx.sandbox.url, { method: 'POST', path: paths.cancel, headers, body })
    }
    const exact = await send(body)
    const stripped = await send(body.slice(1))
    expect([
      (exact.body as { code: string }).code,
      (stripped.body as { code: string }).code,
    ]).toEqual(['40017', '40009'])
  })
})
