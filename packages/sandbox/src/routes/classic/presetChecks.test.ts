/**
 * Classic preset take-profit/stop-loss prices and the minimum order value, over raw HTTP: off
 * the price step `41103` naming the field, on the wrong side of the price `40017`, a limit order
 * worth less than `minTradeUSDT` `45110` — on place-order, batch items and modify-order.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, market, order, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
})
afterAll(() => ctx.sandbox.close())
beforeEach(() => ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

/** A batch item: a limit buy of 1 at 60000 (resting below 65000). */
const limitItem = { size: '1', side: 'buy', orderType: 'limit', price: '60000' }

const batch = (orderList: Record<string, unknown>[]) => ({
  ...pair,
  marginCoin: 'USDT',
  marginMode: 'crossed',
  orderList,
})

describe('preset take-profit/stop-loss prices are tick-checked like the price (BTCUSDT step 0.1)', () => {
  test('place-order: a preset or execute price off the step answers 41103 naming the field, and places nothing', async () => {
    const a = classicAccount(ctx)
    for (const field of [
      'presetStopSurplusPrice',
      'presetStopLossPrice',
      'presetStopSurplusExecutePrice',
      'presetStopLossExecutePrice',
    ]) {
      const presets = {
        presetStopSurplusPrice: '70000',
        presetStopLossPrice: '55000',
        [field]: field.includes('Surplus') ? '70000.05' : '55000.05',
      }
      const { body } = await a.api.post(classicPaths.place, order(presets))
      expect([body.code, body.msg]).toEqual(['41103', 'param price scale error'])
    }
    expect(await a.read.pending()).toEqual([])
  })

  test('batch-place-order: the item with a preset off the step fails alone with 41103', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(
      classicPaths.batchPlace,
      batch([
        { ...limitItem, clientOid: 'ok-1', presetStopLossPrice: '55000' },
        { ...limitItem, clientOid: 'off-1', presetStopLossPrice: '55000.01' },
      ]),
    )
    expect(body.data.successList.map((s: { clientOid: string }) => s.clientOid)).toEqual(['ok-1'])
    expect(body.data.failureList).toEqual([
      { orderId: '', clientOid: 'off-1', errorMsg: 'param price scale error', errorCode: '41103' },
    ])
  })

  test('modify-order: a new take-profit/stop-loss off the step answers 41103 and is not stored; 0 still deletes', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post(classicPaths.place, order({ presetStopSurplusPrice: '70000' }))
    const orderId = placed.body.data.orderId as string
    const off = await a.api.post(classicPaths.modify, {
      ...pair,
      orderId,
      newClientOid: 'm-1',
      newPresetStopSurplusPrice: '70000.03',
    })
    expect(off.body.code).toBe('41103')
    expect((await a.read.detail({ orderId })).data.presetStopSurplusPrice).toBe('70000')
    const deleted = await a.api.post(classicPaths.modify, {
      ...pair,
      orderId,
      newClientOid: 'm-2',
      newPresetStopSurplusPrice: '0',
    })
    expect(deleted.body.code).toBe('00000')
    expect((await a.read.detail({ orderId })).data.presetStopSurplusPrice).toBe('')
  })
})

describe('decision: a preset take-profit/stop-loss must lie on the side it waits on (40017 naming it)', () => {
  test('one-way market buy at 65000 with take-profit 60000 and stop-loss 70000: refused, nothing opens, nothing closes at a loss later', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(
      classicPaths.place,
      market({ size: '0.1', presetStopSurplusPrice: '60000', presetStopLossPrice: '70000' }),
    )
    expect(body.code).toBe('40017')
    expect(body.msg).toBe(
      'parameter verification failed: presetStopSurplusPrice: a take-profit of a long position must be above the last price (65000), received "60000"',
    )
    ctx.sandbox.admin.setPrice('BTCUSDT', '64000.0')
    expect(await a.read.sizes()).toEqual({ long: '0', short: '0' })
  })

  test('a stop-loss of a long above the price and the presets of a short the wrong way round are refused; the right sides are placed', async () => {
    const a = classicAccount(ctx)
    const slAbove = await a.api.post(classicPaths.place, market({ presetStopLossPrice: '66000' }))
    expect(slAbove.body.msg).toContain(
      'presetStopLossPrice: a stop-loss of a long position must be below',
    )
    const short = await a.api.post(
      classicPaths.place,
      market({ side: 'sell', presetStopSurplusPrice: '66000' }),
    )
    expect(short.body.msg).toContain('a take-profit of a short position must be below')
    const right = await a.api.post(
      classicPaths.place,
      market({ clientOid: 'right', presetStopSurplusPrice: '70000', presetStopLossPrice: '60000' }),
    )
    expect(right.body.code).toBe('00000')
    const sell = await a.api.post(
      classicPaths.place,
      market({
        side: 'sell',
        size: '2',
        presetStopSurplusPrice: '60000',
        presetStopLossPrice: '70000',
      }),
    )
    expect(sell.body.code).toBe('00000')
  })

  test('a limit order is held to the price it fills at: its own price while it rests, the last price when it crosses', async () => {
    const a = classicAccount(ctx)
    // Resting buy at 60000 (last 65000): a stop-loss at 62000 would fire at once on the fill.
    const resting = await a.api.post(classicPaths.place, order({ presetStopLossPrice: '62000' }))
    expect([resting.body.code, resting.body.msg]).toEqual([
      '40017',
      'parameter verification failed: presetStopLossPrice: a stop-loss of a long position must be below the price the order fills at (its price or the last price, the lower) (60000), received "62000"',
    ])
    const tp = await a.api.post(classicPaths.place, order({ presetStopSurplusPrice: '62000' }))
    expect(tp.body.code).toBe('00000')
    // A buy at 70000 crosses and fills at 65000: a stop-loss at 69000 lies above it.
    const crossing = await a.api.post(
      classicPaths.place,
      order({ price: '70000', presetStopLossPrice: '69000' }),
    )
    expect(crossing.body.msg).toContain('a stop-loss of a long position must be below')
    expect(crossing.body.msg).toContain('(65000)')
  })

  test('hedge mode: an opening order is held by its side; a closing order opens nothing and its presets are not held', async () => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('long', '1')
    const open = await a.api.post(
      classicPaths.place,
      market({ side: 'sell', tradeSide: 'open', presetStopLossPrice: '60000' }),
    )
    expect(open.body.msg).toContain('a stop-loss of a short position must be above')
    const close = await a.api.post(
      classicPaths.place,
      market({ side: 'buy', tradeSide: 'close', size: '0.5', presetStopLossPrice: '70000' }),
    )
    expect(close.body.code).toBe('00000')
  })

  test('batch-place-order: the item fails alone; with a position held its presets modify the position, held to the last price by the position side', async () => {
    const a = classicAccount(ctx)
    const items = [
      {
        size: '1',
        side: 'buy',
        orderType: 'market',
        clientOid: 'b-ok',
        presetStopSurplusPrice: '70000',
      },
      {
        size: '1',
        side: 'buy',
        orderType: 'market',
        clientOid: 'b-wrong',
        presetStopSurplusPrice: '64000',
      },
    ]
    const flat = await a.api.post(classicPaths.batchPlace, batch(items))
    expect(flat.body.data.successList.map((s: { clientOid: string }) => s.clientOid)).toEqual([
      'b-ok',
    ])
    expect(flat.body.data.failureList).toEqual([
      {
        orderId: '',
        clientOid: 'b-wrong',
        errorCode: '40017',
        errorMsg:
          'parameter verification failed: presetStopSurplusPrice: a take-profit of a long position must be above the last price (65000), received "64000"',
      },
    ])
    // Held short 5 (one-way net): an item's take-profit modifies the short's, which waits below.
    const b = classicAccount(ctx)
    b.hold('net', '-5')
    const held = await b.api.post(
      classicPaths.batchPlace,
      batch([{ ...limitItem, clientOid: 'h-1', presetStopSurplusPrice: '66000' }]),
    )
    expect(held.body.data.failureList[0]).toMatchObject({
      clientOid: 'h-1',
      errorCode: '40017',
      errorMsg: expect.stringContaining(
        'a take-profit of a short position must be below the last price (65000)',
      ),
    })
  })

  test('modify-order: a new take-profit/stop-loss of a live limit order is held to its price as at placement', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post(classicPaths.place, order({ presetStopSurplusPrice: '70000' }))
    const orderId = placed.body.data.orderId as string
    const wrong = await a.api.post(classicPaths.modify, {
      ...pair,
      orderId,
      newClientOid: 'm-1',
      newPresetStopLossPrice: '62000',
    })
    expect([wrong.body.code, wrong.body.msg]).toEqual([
      '40017',
      'parameter verification failed: newPresetStopLossPrice: a stop-loss of a long position must be below the price the order fills at (its price or the last price, the lower) (60000), received "62000"',
    ])
    expect((await a.read.detail({ orderId })).data.presetStopLossPrice).toBe('')
    const right = await a.api.post(classicPaths.modify, {
      ...pair,
      orderId,
      newClientOid: 'm-2',
      newPresetStopLossPrice: '58000',
    })
    expect(right.body.code).toBe('00000')
    expect((await a.read.detail({ orderId })).data.presetStopLossPrice).toBe('58000')
  })
  test('modify-order: a new price re-creates the order with its presets, held to the new price; one that passes a kept preset is refused naming newPrice, nothing changed', async () => {
    const a = classicAccount(ctx)
    const placed = await a.api.post(
      classicPaths.place,
      order({ clientOid: 'r-0', presetStopSurplusPrice: '70000', presetStopLossPrice: '58000' }),
    )
    const orderId = placed.body.data.orderId as string
    // A buy moved down to 57000 would fill below its stop-loss 58000, which would fire at once.
    const below = await a.api.post(classicPaths.modify, {
      ...pair,
      orderId,
      newClientOid: 'r-1',
      newSize: '1',
      newPrice: '57000',
    })
    expect([below.body.code, below.body.msg]).toEqual([
      '40017',
      'parameter verification failed: newPrice: the re-created order keeps its presetStopLossPrice "58000", and a stop-loss of a long position must be below the price the order fills at (its price or the last price, the lower) (57000)',
    ])
    expect((await a.read.detail({ orderId })).data).toMatchObject({
      state: 'live',
      price: '60000',
      presetStopSurplusPrice: '70000',
      presetStopLossPrice: '58000',
    })
    expect((await a.read.detail({ clientOid: 'r-1' })).code).toBe('40109')
    const fine = await a.api.post(classicPaths.modify, {
      ...pair,
      orderId,
      newClientOid: 'r-2',
      newSize: '1',
      newPrice: '59000',
    })
    expect(fine.body.code).toBe('00000')
    expect((await a.read.detail({ clientOid: 'r-2' })).data).toMatchObject({
      state: 'live',
      price: '59000',
      presetStopLossPrice: '58000',
    })
  })
})

describe('minTradeUSDT: a limit order worth less than the minimum value answers 45110', () => {
  test('place-order: 0.001 x 100 = 0.1 USDT below BTCUSDT minTradeUSDT 5; 0.001 x 5000 is placed; a market order is not held to it', async () => {
    const a = classicAccount(ctx)
    const low = await a.api.post(classicPaths.place, order({ size: '0.001', price: '100' }))
    expect([low.body.code, low.body.msg]).toEqual(['45110', 'less than the minimum amount 5 USDT'])
    expect(await a.read.pending()).toEqual([])
    const enough = await a.api.post(classicPaths.place, order({ size: '0.001', price: '5000' }))
    expect(enough.body.code).toBe('00000')
    const marketOrder = await a.api.post(classicPaths.place, market({ size: '0.001' }))
    expect(marketOrder.body.code).toBe('00000')
  })

  test('USDC-FUTURES: the minimum value is in USDC and the message says USDC (0.01 ETHPERP x 100 = 1 USDC below 5)', async () => {
    const a = classicAccount(ctx)
    const usdc = { symbol: 'ETHPERP', productType: 'USDC-FUTURES', marginCoin: 'USDC' }
    const low = await a.api.post(classicPaths.place, order({ ...usdc, size: '0.01', price: '100' }))
    expect([low.body.code, low.body.msg]).toEqual(['45110', 'less than the minimum amount 5 USDC'])
    expect(await a.read.pending({ productType: 'USDC-FUTURES' })).toEqual([])
    const enough = await a.api.post(
      classicPaths.place,
      order({ ...usdc, size: '0.01', price: '500' }),
    )
    expect(enough.body.code).toBe('00000')
  })

  test('batch-place-order: the item below the minimum value fails alone with 45110', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(
      classicPaths.batchPlace,
      batch([
        { size: '0.001', side: 'buy', orderType: 'limit', price: '100', clientOid: 'low' },
        { size: '0.001', side: 'buy', orderType: 'limit', price: '60000', clientOid: 'fine' },
      ]),
    )
    expect(body.data.successList.map((s: { clientOid: string }) => s.clientOid)).toEqual(['fine'])
    expect(body.data.failureList).toEqual([
      {
        orderId: '',
        clientOid: 'low',
        errorCode: '45110',
        errorMsg: 'less than the minimum amount 5 USDT',
      },
    ])
  })
})
