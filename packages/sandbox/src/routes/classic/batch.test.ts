import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

const batch = (orderList: Record<string, unknown>[], overrides: Record<string, unknown> = {}) => ({
  ...pair,
  marginCoin: 'USDT',
  marginMode: 'crossed',
  orderList,
  ...overrides,
})
const item = (overrides: Record<string, unknown> = {}) => ({
  size: '1',
  side: 'buy',
  orderType: 'limit',
  price: '60000',
  ...overrides,
})

describe('POST /api/v2/mix/order/batch-place-order', () => {
  test('docs/records.md: { successList: [{ orderId, clientOid }], failureList: [{ orderId, clientOid, errorMsg, errorCode }] } with partial success (decision: "" for an id an item lacks); result true only when all orders succeeded', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(
      classicPaths.batchPlace,
      batch([
        item({ clientOid: 'b-1' }),
        item({ clientOid: 'b-2', price: '60000.05' }),
        item({ clientOid: 'b-3', size: '2' }),
      ]),
    )
    expect(body).toMatchObject({ code: '00000' })
    expect(body.data).toEqual({
      successList: [
        { orderId: expect.any(String), clientOid: 'b-1' },
        { orderId: expect.any(String), clientOid: 'b-3' },
      ],
      failureList: [
        { orderId: '', clientOid: 'b-2', errorMsg: 'param price scale error', errorCode: '41103' },
      ],
      result: false,
    })
    expect((await a.read.pending()).map((o) => o.clientOid)).toEqual(['b-3', 'b-1'])
    const all = await a.api.post(classicPaths.batchPlace, batch([item({ clientOid: 'b-4' })]))
    expect(all.body.data.result).toBe(true)
  })

  test('orderList | at most 50 items: 50 are placed, 51 refuse the whole request (40017)', async () => {
    const a = classicAccount(ctx)
    const fifty = Array.from({ length: 50 }, (_, i) => item({ size: '0.01', clientOid: `f-${i}` }))
    const placed = await a.api.post(classicPaths.batchPlace, batch(fifty))
    expect(placed.body.data.successList).toHaveLength(50)
    const more = [...fifty.map((o, i) => ({ ...o, clientOid: `g-${i}` })), item({ size: '0.01' })]
    const { body } = await a.api.post(classicPaths.batchPlace, batch(more))
    expect(body.code).toBe('40017')
    expect(body.msg).toContain('orderList: expected at most 50 orders')
    expect((await a.read.pending()).length).toBe(50)
  })

  test('tradeSide ignored in one-way mode; rule 1 per item in hedge mode (a missing tradeSide fails that item with 40774)', async () => {
    const a = classicAccount(ctx, 'hedge')
    const { body } = await a.api.post(
      classicPaths.batchPlace,
      batch([item({ tradeSide: 'open', clientOid: 'h-1' }), item({ clientOid: 'h-2' })]),
    )
    expect(body.data.successList.map((o: { clientOid: string }) => o.clientOid)).toEqual(['h-1'])
    expect(body.data.failureList).toMatchObject([{ clientOid: 'h-2', errorCode: '40774' }])
    const lenient = await start({ strict: false })
    try {
      const b = classicAccount(lenient)
      const ignored = await b.api.post(
        classicPaths.batchPlace,
        batch([item({ tradeSide: 'close', orderType: 'market', price: undefined })]),
      )
      expect(ignored.body.data.result).toBe(true)
      expect(await b.read.sizes()).toEqual({ long: '1', short: '0' })
    } finally {
      await lenient.sandbox.close()
    }
  })

  test('decision: a clientOid used twice in one batch places the first and fails the later with 40786', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(
      classicPaths.batchPlace,
      batch([item({ clientOid: 'same' }), item({ clientOid: 'same' })]),
    )
    expect(body.data.successList).toHaveLength(1)
    expect(body.data.failureList).toEqual([
      { orderId: '', clientOid: 'same', errorMsg: 'Duplicate clientOid', errorCode: '40786' },
    ])
  })

  test('If the underlying is not in a position, the preset take-profit/stop-loss is a preset', async () => {
    const a = classicAccount(ctx)
    const presets = { presetStopSurplusPrice: '70000', presetStopLossPrice: '55000' }
    await a.api.post(classicPaths.batchPlace, batch([item({ ...presets, clientOid: 'p-1' })]))
    expect((await a.read.detail({ clientOid: 'p-1' })).data).toMatchObject(presets)
    expect(await a.read.positions()).toEqual({})
  })

  test('if it is, it modifies the existing take-profit/stop-loss', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '2', { takeProfit: '80000', stopLoss: '50000' })
    const presets = { presetStopSurplusPrice: '75000' }
    await a.api.post(classicPaths.batchPlace, batch([item({ ...presets, clientOid: 'p-2' })]))
    expect((await a.read.positions()).long).toMatchObject({
      total: '2',
      takeProfit: '75000',
      stopLoss: '50000',
    })
    expect((await a.read.detail({ clientOid: 'p-2' })).data).toMatchObject({
      presetStopSurplusPrice: '',
    })
  })

  test("hedge mode: the position of the item's side decides (a held short does not make a long's preset a modification)", async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('short', '1')
    const presets = { presetStopSurplusPrice: '70000' }
    await a.api.post(
      classicPaths.batchPlace,
      batch([item({ ...presets, tradeSide: 'open', clientOid: 'p-3' })]),
    )
    expect((await a.read.detail({ clientOid: 'p-3' })).data).toMatchObject(presets)
    expect((await a.read.positions()).short).toMatchObject({ takeProfit: '' })
  })

  test('a symbol the product type does not list fails each item with 40034', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(
      classicPaths.batchPlace,
      batch([item()], { symbol: 'DOGEUSDT' }),
    )
    expect(body.data.failureList).toMatchObject([{ errorCode: '40034' }])
  })

  test("classic order rule 5 and the copy-trader limit: an elite trader's key may batch only listed pairs, one batch per second", async () => {
    const limited = await start({ rateLimits: true, classic: { eliteTraderPairs: ['BTCUSDT'] } })
    try {
      const a = classicAccount(limited, 'one_way', { eliteTrader: true })
      expect((await a.api.post(classicPaths.batchPlace, batch([item()]))).body.code).toBe('00000')
      expect((await a.api.post(classicPaths.batchPlace, batch([item()]))).status).toBe(429)
      limited.clock.set(limited.clock.now() + 1000)
      const eth = batch([item({ price: '3000' })], {
        symbol: 'ETHPERP',
        productType: 'USDC-FUTURES',
        marginCoin: 'USDC',
      })
      const refused = await a.api.post(classicPaths.batchPlace, eth)
      expect(refused.body.code).toBe('40017')
      expect(refused.body.msg).toContain('elite-trader list')
    } finally {
      await limited.sandbox.close()
    }
  })
})

describe('POST /api/v2/mix/order/batch-cancel-orders', () => {
  test('cancels the listed orders; unknown ids and orders of another symbol fail with 40768, closed ones with 45055', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post(
      classicPaths.batchPlace,
      batch([item({ clientOid: 'c-1' }), item({ clientOid: 'c-2' }), item({ clientOid: 'c-3' })]),
    )
    const [one, two, three] = placed.body.data.successList as { orderId: string }[]
    await a.api.post(classicPaths.cancel, { ...pair, orderId: three?.orderId })
    const { body } = await a.api.post(classicPaths.batchCancel, {
      ...pair,
      orderIdList: [
        { orderId: one?.orderId },
        { orderId: '999' },
        { orderId: two?.orderId, clientOid: 'c-2' },
        { orderId: three?.orderId },
      ],
    })
    expect(body.data).toEqual({
      successList: [
        { orderId: one?.orderId, clientOid: 'c-1' },
        { orderId: two?.orderId, clientOid: 'c-2' },
      ],
      failureList: [
        { orderId: '999', clientOid: '', errorMsg: 'Order does not exist', errorCode: '40768' },
        {
          orderId: three?.orderId,
          clientOid: 'c-3',
          errorMsg: 'The current order status cannot be cancelled',
          errorCode: '45055',
        },
      ],
    })
    const other = await a.api.post(classicPaths.batchCancel, {
      productType: 'USDT-FUTURES',
      symbol: 'ETHPERP',
      orderIdList: [{ orderId: one?.orderId }],
    })
    expect(other.body.data.failureList).toMatchObject([{ errorCode: '40768' }])
  })

  test('">orderId ... Either orderId or clientOid is required. If both are entered, orderId prevails.": items by clientOid alone are found, answered with the order\'s ids', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post(
      classicPaths.batchPlace,
      batch([item({ clientOid: 'k-1' }), item({ clientOid: 'k-2' })]),
    )
    const [one, two] = placed.body.data.successList as { orderId: string }[]
    const { body } = await a.api.post(classicPaths.batchCancel, {
      ...pair,
      orderIdList: [
        { clientOid: 'k-1' },
        { clientOid: 'k-404' },
        { orderId: two?.orderId, clientOid: 'k-1' },
      ],
    })
    expect(body.data).toEqual({
      successList: [
        { orderId: one?.orderId, clientOid: 'k-1' },
        { orderId: two?.orderId, clientOid: 'k-2' },
      ],
      failureList: [
        { orderId: '', clientOid: 'k-404', errorMsg: 'Order does not exist', errorCode: '40768' },
      ],
    })
    expect(await a.read.pending()).toEqual([])
  })

  test('symbol (string; required when orderIdList is set ...) and "orderIdList (array, at most 50 items)"', async () => {
    const a = classicAccount(ctx)
    const noSymbol = await a.api.post(classicPaths.batchCancel, {
      productType: 'USDT-FUTURES',
      orderIdList: [{ orderId: '1' }],
    })
    expect(noSymbol.body.code).toBe('40017')
    const ids = Array.from({ length: 51 }, (_, i) => ({ orderId: String(i + 1) }))
    const tooMany = await a.api.post(classicPaths.batchCancel, { ...pair, orderIdList: ids })
    expect(tooMany.body.code).toBe('40017')
    expect(tooMany.body.msg).toContain('orderIdList')
  })

  test('without orderIdList: every open order of the product type (and symbol)', async () => {
    const a = classicAccount(ctx)
    await a.api.post(classicPaths.batchPlace, batch([item(), item()]))
    const { body } = await a.api.post(classicPaths.batchCancel, { productType: 'USDT-FUTURES' })
    expect(body.data.successList).toHaveLength(2)
    expect(body.data.failureList).toEqual([])
    expect(await a.read.pending()).toEqual([])
  })
})
