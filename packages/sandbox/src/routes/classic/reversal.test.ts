import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

const reversal = (overrides: Record<string, unknown> = {}) => ({
  ...pair,
  marginCoin: 'USDT',
  side: 'buy',
  ...overrides,
})

describe('POST /api/v2/mix/order/click-backhand', () => {
  test('one-way mode without size reverses the whole position: long 4 becomes short 4 (decision: two market orders at the admin price, orderSource reverse; the acknowledgement is the opening one)', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '4')
    const { body } = await a.api.post(classicPaths.reverse, reversal({ clientOid: 'rv-1' }))
    expect(body.data).toEqual({ orderId: expect.any(String), clientOid: 'rv-1' })
    expect(await a.read.sizes()).toEqual({ long: '0', short: '4' })
    expect((await a.read.detail({ clientOid: 'rv-1' })).data).toMatchObject({
      orderSource: 'reverse',
      orderType: 'market',
      state: 'filled',
      size: '4',
      side: 'sell',
      posSide: 'net',
    })
  })

  test('one-way: a short reverses into a long the same way', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '-2.5')
    await a.api.post(classicPaths.reverse, reversal({ side: 'sell' }))
    expect(await a.read.sizes()).toEqual({ long: '2.5', short: '0' })
  })

  test("decision (the rules' reverse, README): one-way mode reverses the whole held position also with a size, and whatever the side", async () => {
    const a = classicAccount(ctx)
    a.hold('net', '4')
    await a.api.post(classicPaths.reverse, reversal({ side: 'sell', size: '1' }))
    expect(await a.read.sizes()).toEqual({ long: '0', short: '4' })
  })

  test('Hedge mode: size smaller than the position closes that size and opens the same size on the other side (long 20, size 3: long becomes 17 and a short of 3 opens)', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('long', '20')
    const body = reversal({ side: 'buy', tradeSide: 'open', size: '3', clientOid: 'rv-h' })
    expect((await a.api.post(classicPaths.reverse, body)).body.code).toBe('00000')
    expect(await a.read.sizes()).toEqual({ long: '17', short: '3' })
    expect((await a.read.detail({ clientOid: 'rv-h' })).data).toMatchObject({
      orderSource: 'reverse',
      size: '3',
      side: 'sell',
      tradeSide: 'open',
      posSide: 'short',
    })
  })

  test.each(['20', '25'])(
    'size equal to or above the position reverses the whole position (long 20, size %s: short 20)',
    async (size) => {
      const a = classicAccount(ctx, 'hedge')
      a.hold('long', '20')
      await a.api.post(classicPaths.reverse, reversal({ tradeSide: 'open', size }))
      expect(await a.read.sizes()).toEqual({ long: '0', short: '20' })
    },
  )

  test('hedge mode: buy reverses long into short, sell reverses short into long', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('long', '5')
    a.hold('short', '8')
    await a.api.post(classicPaths.reverse, reversal({ side: 'sell', tradeSide: 'open', size: '2' }))
    expect(await a.read.sizes()).toEqual({ long: '7', short: '6' })
    await a.api.post(classicPaths.reverse, reversal({ side: 'buy', tradeSide: 'open' }))
    expect(await a.read.sizes()).toEqual({ long: '0', short: '13' })
  })

  test('the closed half realises its profit: achievedProfits of the reversed side', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('long', '2')
    ctx.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    await a.api.post(classicPaths.reverse, reversal({ tradeSide: 'open', size: '1' }))
    const positions = await a.read.positions()
    expect(positions.long).toMatchObject({ total: '1', achievedProfits: '1000' })
    expect(positions.short).toMatchObject({ total: '1', openPriceAvg: '66000' })
  })

  test('tradeSide | hedge mode: missing in hedge mode answers 40774; decision: with strict, sent in one-way mode ("do not send") it answers 40774 too', async () => {
    const hedge = classicAccount(ctx, 'hedge')
    hedge.hold('long', '1')
    expect((await hedge.api.post(classicPaths.reverse, reversal())).body.code).toBe('40774')
    const oneWay = classicAccount(ctx)
    oneWay.hold('net', '1')
    const body = reversal({ tradeSide: 'open' })
    expect((await oneWay.api.post(classicPaths.reverse, body)).body.code).toBe('40774')
  })

  test('ignored in one-way mode: the lenient sandbox reverses with tradeSide sent', async () => {
    const lenient = await start({ strict: false })
    try {
      const a = classicAccount(lenient)
      a.hold('net', '1')
      await a.api.post(classicPaths.reverse, reversal({ tradeSide: 'close' }))
      expect(await a.read.sizes()).toEqual({ long: '0', short: '1' })
    } finally {
      await lenient.sandbox.close()
    }
  })

  test('nothing to reverse answers 22002; a duplicate clientOid 40786; a short balance 40762', async () => {
    const a = classicAccount(ctx)
    expect((await a.api.post(classicPaths.reverse, reversal())).body.code).toBe('22002')
    a.hold('net', '1')
    await a.api.post(classicPaths.reverse, reversal({ clientOid: 'rv-dup' }))
    const again = await a.api.post(classicPaths.reverse, reversal({ clientOid: 'rv-dup' }))
    expect(again.body.code).toBe('40786')
    const poor = classicAccount(ctx, 'hedge')
    poor.hold('long', '1')
    ctx.sandbox.admin.setBalance('USDT', '90000', poor.uid)
    ctx.sandbox.admin.setPrice('BTCUSDT', '100000.0')
    const body = reversal({ tradeSide: 'open', size: '1' })
    expect((await poor.api.post(classicPaths.reverse, body)).body.code).toBe('40762')
    expect(await poor.read.sizes()).toEqual({ long: '1', short: '0' })
  })
})
