import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Caller, ethBuy, paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
let allowed: Caller
beforeAll(async () => {
  ctx = await start()
  allowed = ctx.as(ctx.sandbox.admin.addKey({ permissions: ['trade_rw', 'countdown'] }))
})
afterAll(() => ctx.sandbox.close())

const arm = (countdown: string) => allowed.post(paths.countdown, { countdown })
const status = async (clientOid: string) =>
  (await ctx.api.get(paths.info, { clientOid })).body.data.orderStatus

describe('countdownRoute', () => {
  test('Access must be requested from the platform contact: a key without the whitelist gets 40014', async () => {
    expect((await ctx.api.post(paths.countdown, { countdown: '10' })).body.code).toBe('40014')
  })

  test('off -> armed ... armed -> armed (window restarts) ... window elapsed -> off: all orders ... are cancelled', async () => {
    const { admin } = ctx.sandbox
    await ctx.api.post(paths.place, ethBuy({ clientOid: 'cd-1' }))
    await ctx.api.post(paths.placeStrategy, {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      type: 'trigger',
      side: 'buy',
      qty: '1',
      triggerPrice: '3500.00',
      triggerOrderType: 'market',
    })
    const armed = await arm('10')
    expect(armed.body).toMatchObject({ code: '00000', data: 'success' })
    admin.advanceClock(9_000)
    expect(await status('cd-1')).toBe('live')
    await arm('10') // refreshed: the window restarts
    admin.advanceClock(9_000)
    expect(await status('cd-1')).toBe('live')
    admin.advanceClock(1_000)
    expect(await status('cd-1')).toBe('cancelled')
    const record = (await ctx.api.get(paths.info, { clientOid: 'cd-1' })).body.data
    expect(record).toMatchObject({ cancelReason: 'countdown', updatedTime: String(admin.now()) })
    expect(admin.state().countdowns).toEqual({})
    expect(admin.state().strategies.every((s) => s.status === 'cancelled')).toBe(true)
  })

  test('armed -> off with countdown=0 ... switch closed manually: nothing is cancelled', async () => {
    await ctx.api.post(paths.place, ethBuy({ clientOid: 'cd-2' }))
    await arm('5')
    await arm('0')
    ctx.sandbox.admin.advanceClock(60_000)
    expect(await status('cd-2')).toBe('live')
  })

  test('the lapse is evaluated lazily when the injected clock moves, on the next request', async () => {
    await ctx.api.post(paths.place, ethBuy({ clientOid: 'cd-3' }))
    await arm('5')
    ctx.clock.set(ctx.clock.now() + 5_000)
    expect(await status('cd-3')).toBe('cancelled')
  })

  test('countdown in [5,60]: 4 and 61 get 40017', async () => {
    expect((await arm('4')).body.code).toBe('40017')
    expect((await arm('61')).body.code).toBe('40017')
  })
})
