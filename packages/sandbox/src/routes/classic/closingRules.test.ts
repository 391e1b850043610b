// The position rules 2-4 hold for every way a close order comes to exist: a modification that
// changes size or price is a cancel and a new order, so the new order meets the same arrival
// checks as a placement, and a reversal's closing half is a new close order.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, order, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => {
  ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0')
  ctx.sandbox.admin.holdModifications(false)
  ctx.sandbox.admin.setModificationDelay(0)
})

const reduceOnly = (clientOid: string, size: string) =>
  order({ side: 'sell', reduceOnly: 'YES', price: '70000', size, clientOid })
const hedgeClose = (clientOid: string, size: string) =>
  order({ side: 'buy', tradeSide: 'close', price: '70000', size, clientOid })

describe('classic order rules 2 ("if new reduce-only size plus existing reduce-only orders exceeds the position, existing reduce-only orders are cancelled in order of creation until the total fits") and 3-4 apply to the new order of a modification (a cancel and a new order)', () => {
  test('one-way long 10, reduce-only A 4 and B 4; B modified to 8: A is cancelled (rule 2), 8 reduce-only remain, never 12', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '10')
    await a.api.post(classicPaths.place, reduceOnly('ro-a', '4'))
    ctx.clock.set(ctx.clock.now() + 1)
    const b = (await a.api.post(classicPaths.place, reduceOnly('ro-b', '4'))).body.data.orderId
    const change = { ...pair, orderId: b, newClientOid: 'ro-b2', newSize: '8', newPrice: '70000' }
    expect((await a.api.post(classicPaths.modify, change)).body.code).toBe('00000')
    expect((await a.read.detail({ clientOid: 'ro-a' })).data).toMatchObject({
      state: 'canceled',
      cancelReason: 'reduceOnlyReplaced',
    })
    const pending = await a.read.pending()
    expect(pending.map((o) => [o.clientOid, o.size])).toEqual([['ro-b2', '8']])
  })

  test('hedge long 10 with a limit close of 5 modified to 15: refused 40757 like a new limit close of 15, the close of 5 stays', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('long', '10')
    const fresh = await a.api.post(classicPaths.place, hedgeClose('hc-new', '15'))
    expect(fresh.body.code).toBe('40757')
    const id = (await a.api.post(classicPaths.place, hedgeClose('hc-5', '5'))).body.data.orderId
    const change = { ...pair, orderId: id, newClientOid: 'hc-15', newSize: '15', newPrice: '70000' }
    expect((await a.api.post(classicPaths.modify, change)).body).toMatchObject({
      code: '40757',
      msg: 'Not enough position is available',
    })
    expect((await a.read.detail({ orderId: id })).data.state).toBe('live')
    expect((await a.read.detail({ clientOid: 'hc-15' })).code).toBe('40109')
  })

  test('hedge long 10 with limit closes of 5 and 5: one modified to 6 is refused 40757 (the other occupies 5)', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('long', '10')
    await a.api.post(classicPaths.place, hedgeClose('hc-a', '5'))
    const id = (await a.api.post(classicPaths.place, hedgeClose('hc-b', '5'))).body.data.orderId
    const change = { ...pair, orderId: id, newClientOid: 'hc-b6', newSize: '6', newPrice: '70000' }
    expect((await a.api.post(classicPaths.modify, change)).body.code).toBe('40757')
    const within = { ...change, newClientOid: 'hc-b4', newSize: '4' }
    expect((await a.api.post(classicPaths.modify, within)).body.code).toBe('00000')
    expect((await a.read.pending()).map((o) => [o.clientOid, o.size])).toEqual([
      ['hc-b4', '4'],
      ['hc-a', '5'],
    ])
  })

  test('a held modification meets the rules when it is applied: the position shrank meanwhile, the new order is not created', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('long', '10')
    const id = (await a.api.post(classicPaths.place, hedgeClose('hc-h', '5'))).body.data.orderId
    ctx.sandbox.admin.holdModifications(true)
    const change = { ...pair, orderId: id, newClientOid: 'hc-h8', newSize: '8', newPrice: '70000' }
    expect((await a.api.post(classicPaths.modify, change)).body.code).toBe('00000')
    a.hold('long', '6')
    ctx.sandbox.admin.holdModifications(false)
    expect((await a.read.detail({ clientOid: 'hc-h8' })).code).toBe('40109')
    expect((await a.read.detail({ orderId: id })).data.state).toBe('live')
  })
})

describe('classic order rule 4 ("when the limit close order already equals the held position, a newly added close order cancels that limit order") and rule 2 apply to a reversal\'s closing half', () => {
  test('hedge long 20 with a limit close of 20 pending, reversal size 3: the close of 20 is cancelled (rule 4); long 17, short 3', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('long', '20')
    await a.api.post(classicPaths.place, hedgeClose('rv-l20', '20'))
    const body = { ...pair, marginCoin: 'USDT', side: 'buy', tradeSide: 'open', size: '3' }
    expect((await a.api.post(classicPaths.reverse, body)).body.code).toBe('00000')
    expect(await a.read.sizes()).toEqual({ long: '17', short: '3' })
    expect((await a.read.detail({ clientOid: 'rv-l20' })).data).toMatchObject({
      state: 'canceled',
      cancelReason: 'closeReplaced',
    })
    ctx.sandbox.admin.setPrice('BTCUSDT', '70000.0')
    expect(await a.read.sizes()).toEqual({ long: '17', short: '3' })
  })

  test('one-way long 10 with a reduce-only sell of 4: the whole reversal cancels it (it would add to the short)', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '10')
    await a.api.post(classicPaths.place, reduceOnly('rv-ro', '4'))
    const body = { ...pair, marginCoin: 'USDT', side: 'buy' }
    expect((await a.api.post(classicPaths.reverse, body)).body.code).toBe('00000')
    expect(await a.read.sizes()).toEqual({ long: '0', short: '10' })
    expect((await a.read.detail({ clientOid: 'rv-ro' })).data).toMatchObject({
      state: 'canceled',
      cancelReason: 'reduceOnlyReplaced',
    })
  })
})
