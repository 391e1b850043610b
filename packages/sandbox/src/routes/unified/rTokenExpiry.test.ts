/**
 * rToken orders lapse (the exchange documentation of `rTokenTimeInForce`): `gtd` (the default) is
 * "valid for the current session (placed on a weekday in US trading hours: limit order valid to
 * the end of after-hours trading; placed at a weekend: valid until just before the next US
 * open)"; `gtc` is "valid 90 days".
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { rTokenGtcMs } from '../../exchange/rTokenExpiry.js'
import { ethBuy, paths, start, T0 } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
let n = 0
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => {
  ctx.clock.set(T0)
  ctx.sandbox.admin.setPrices({ rAAPLUSDT: '210.00', ETHUSDT: '3200.00' })
  ctx.sandbox.admin.setBalance('USDT', '100000000')
})

/** A resting rToken limit buy placed now; its orderId. */
async function rest(overrides: Record<string, unknown> = {}): Promise<string> {
  const body = ethBuy({
    symbol: 'rAAPLUSDT',
    price: '200.00',
    clientOid: `rt-${++n}`,
    ...overrides,
  })
  const { body: answer } = await ctx.api.post(paths.place, body)
  expect(answer.code).toBe('00000')
  return answer.data.orderId
}
const statusAt = async (ms: number, orderId: string): Promise<string> => {
  ctx.clock.set(ms)
  return (await ctx.api.get(paths.info, { orderId })).body.data.orderStatus
}

/** 2026-07-01 (a Wednesday, EDT): 20:00 ET is 24:00 UTC. */
const afterHoursEnd = Date.UTC(2026, 6, 2, 0, 0)

describe('rTokenTimeInForce gtd (the default)', () => {
  test('placed on a weekday at 10:00 ET: live until the end of after-hours trading (20:00 ET), cancelled then', async () => {
    const orderId = await rest()
    expect(await statusAt(afterHoursEnd - 1, orderId)).toBe('live')
    expect(await statusAt(afterHoursEnd, orderId)).toBe('cancelled')
  })

  test('written out as gtd: the same', async () => {
    const orderId = await rest({ rTokenTimeInForce: 'gtd' })
    expect(await statusAt(afterHoursEnd, orderId)).toBe('cancelled')
  })

  test('placed on a Saturday: live until just before the next US open (Monday 04:00 ET), cancelled then', async () => {
    // Saturday 2026-07-04 12:00 ET; Monday 2026-07-06 04:00 EDT is 08:00 UTC.
    ctx.clock.set(Date.UTC(2026, 6, 4, 16, 0))
    const orderId = await rest()
    const mondayOpen = Date.UTC(2026, 6, 6, 8, 0)
    expect(await statusAt(mondayOpen - 1, orderId)).toBe('live')
    expect(await statusAt(mondayOpen, orderId)).toBe('cancelled')
  })

  test('an order filled before its expiry stays filled', async () => {
    const filled = await rest()
    ctx.sandbox.admin.setPrices({ rAAPLUSDT: '199.00' })
    expect(await statusAt(T0 + 1000, filled)).toBe('filled')
    expect(await statusAt(afterHoursEnd, filled)).toBe('filled')
  })
})

describe('rTokenTimeInForce gtc', () => {
  test('valid 90 days: live just before, cancelled at 90 days', async () => {
    const orderId = await rest({ rTokenTimeInForce: 'gtc' })
    expect(await statusAt(afterHoursEnd, orderId)).toBe('live')
    expect(await statusAt(T0 + rTokenGtcMs - 1, orderId)).toBe('live')
    expect(await statusAt(T0 + rTokenGtcMs, orderId)).toBe('cancelled')
  })
})

test('an order of another pair does not lapse (ETHUSDT gtc, 100 days on)', async () => {
  const { body } = await ctx.api.post(paths.place, ethBuy({ clientOid: `eth-${++n}` }))
  expect(await statusAt(T0 + 100 * 86_400_000, body.data.orderId)).toBe('live')
})
