import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paths, start, T0 } from '../../test/unified.js'
import { realityFillsSince } from './reality.js'

let ctx: Awaited<ReturnType<typeof start>>
let reader: Awaited<ReturnType<typeof start>>['api']
beforeAll(async () => {
  ctx = await start()
  reader = ctx.as(ctx.sandbox.admin.addKey({ permissions: ['trade_ro', 'realityFills'] }))
})
afterAll(() => ctx.sandbox.close())

describe('realityFillsRoute', () => {
  test('Needs an API key that the platform has whitelisted: 40014 without it', async () => {
    expect((await ctx.api.get(paths.realityFills)).body.code).toBe('40014')
  })

  test('Platform fill history of rToken pairs, last three months only from rToken fills', async () => {
    const { admin } = ctx.sandbox
    admin.addFill({
      symbol: 'rAAPLUSDT',
      side: 'sell',
      price: '220.00',
      qty: '1',
      ts: realityFillsSince(T0) - 1,
    })
    const placed = await ctx.api.post(paths.place, {
      category: 'SPOT',
      symbol: 'rAAPLUSDT',
      side: 'buy',
      orderType: 'market',
      qty: '460',
    })
    expect(placed.body.code).toBe('00000')
    await ctx.api.post(paths.place, {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'sell',
      orderType: 'market',
      qty: '1',
    })
    const { body } = await reader.get(paths.realityFills, { symbol: 'rAAPLUSDT' })
    // The size as the sandbox records quantities, without trailing fractional zeros (README).
    expect(body.data).toEqual([
      { execId: expect.any(String), price: '230.00', size: '2', side: 'buy', ts: String(T0) },
    ])
  })

  test('newest first by time: fills seeded out of order (an older one added after a newer one) are read by ts', async () => {
    const fresh = await start()
    try {
      const read = fresh.as(
        fresh.sandbox.admin.addKey({ permissions: ['trade_ro', 'realityFills'] }),
      )
      for (const age of [1000, 3000, 2000])
        fresh.sandbox.admin.addFill({
          symbol: 'rAAPLUSDT',
          side: 'buy',
          price: '230.00',
          qty: '1',
          ts: T0 - age,
        })
      const { body } = await read.get(paths.realityFills)
      expect(body.data.map((fill: { ts: string }) => fill.ts)).toEqual(
        [1000, 2000, 3000].map((age) => String(T0 - age)),
      )
    } finally {
      await fresh.sandbox.close()
    }
  })

  test('limit ... page size, default 100, maximum 100', async () => {
    for (let i = 0; i < 120; i++)
      ctx.sandbox.admin.addFill({
        symbol: 'rAAPLUSDT',
        side: 'buy',
        price: '230.00',
        qty: '1',
        ts: T0 - i,
      })
    expect((await reader.get(paths.realityFills)).body.data).toHaveLength(100)
    expect((await reader.get(paths.realityFills, { limit: '3' })).body.data).toHaveLength(3)
    expect((await reader.get(paths.realityFills, { limit: '101' })).body.code).toBe('40017')
  })
})

describe('realityFillsSince', () => {
  test('last 3 months: three calendar months back', () => {
    expect(realityFillsSince(Date.UTC(2026, 4, 31))).toBe(Date.UTC(2026, 2, 3))
  })
})
