import { ApiError, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { restingBuy, setup, triggerBuy } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
})
afterAll(async () => {
  await made.sandbox.close()
})
beforeEach(() => made.sandbox.admin.setPrice('BTCUSDT', '65000.0'))

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const fast = { reconcile: { attempts: 3, baseDelayMs: 5 } } as const
const count = (sent: readonly string[], endpoint: string) =>
  sent.filter((s) => s === endpoint).length
const plan = (extra: Record<string, unknown> = {}) => ({ ...triggerBuy, ...extra }) as never

describe('client.plans against the sandbox', () => {
  test('place -> getPending lists it; the price crosses -> getHistory shows it executed with the order it placed, which filled', async () => {
    const client = made.client({ positionMode: 'one_way' })
    const placed = await client.plans.place(plan({ clientOid: 'cp-1' }))
    expect(placed).toEqual({ orderId: expect.any(String), clientOid: 'cp-1' })
    const pending = await client.plans.getPending({ ...pair, planType: 'normal_plan' })
    expect(pending.entrustedList.map((p) => [p.clientOid, p.planStatus])).toContainEqual([
      'cp-1',
      'live',
    ])
    made.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const history = await client.plans.getHistory({
      ...pair,
      planType: 'normal_plan',
      planStatus: 'executed',
      clientOid: 'cp-1',
    })
    const [done] = history.entrustedList
    expect(done).toMatchObject({ planStatus: 'executed', baseVolume: '0.01' })
    const order = await client.orders.get({ ...pair, orderId: done?.executeOrderId as string })
    expect(order).toMatchObject({ state: 'filled', size: '0.01' })
    await client.orders.closePositions({ ...pair })
  })

  test('bad input is a ValidationError naming the field and the rule, and nothing is sent', async () => {
    const client = made.client({ positionMode: 'one_way' })
    const error = await client.plans
      .place(plan({ planType: 'track_plan', callbackRatio: '12' }))
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('callbackRatio')
    const tpsl = await client.plans
      .placeTpsl({
        ...pair,
        marginCoin: 'USDT',
        planType: 'profit_plan',
        triggerPrice: '70000',
        holdSide: 'long',
      })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(tpsl)).toBe(true)
    expect((tpsl as Error).message).toContain('holdSide')
    expect(client.sent).toEqual([])
  })

  test('an unknown outcome of a placement (applied, then 40725) is reconciled by clientOid through the plan lists, never sent twice', async () => {
    const client = made.client({ positionMode: 'one_way' })
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/place-plan-order',
      kind: 'code-after',
      code: '40725',
    })
    const placed = await client.plans.place(
      plan({ clientOid: 'cp-unknown', triggerPrice: '80000' }),
      fast,
    )
    expect(placed).toEqual({ orderId: expect.any(String), clientOid: 'cp-unknown' })
    expect(count(client.sent, 'classic.placePlanOrder')).toBe(1)
    expect(count(client.sent, 'classic.getOrdersPlanPending')).toBeGreaterThan(0)
    await client.plans.cancel({ ...pair, orderIdList: [{ orderId: placed.orderId }] })
  })

  test('placePositionTpsl, modifyTpsl, then the take-profit closes the position and the stop-loss is cancelled', async () => {
    const client = made.client({ positionMode: 'one_way' })
    await client.orders.place({ ...restingBuy, orderType: 'market', price: undefined } as never)
    const legs = await client.plans.placePositionTpsl({
      ...pair,
      marginCoin: 'USDT',
      holdSide: 'buy',
      stopSurplusTriggerPrice: '70000',
      stopSurplusTriggerType: 'fill_price',
      stopLossTriggerPrice: '60000',
      stopLossTriggerType: 'fill_price',
      stopSurplusClientOid: 'cp-tp',
    })
    expect(legs).toHaveLength(2)
    expect(legs[0]?.stopSurplusClientOid).toBe('cp-tp')
    const moved = await client.plans.modifyTpsl({
      ...pair,
      marginCoin: 'USDT',
      clientOid: 'cp-tp',
      triggerPrice: '69000',
      size: '',
    })
    expect(moved.clientOid).toBe('cp-tp')
    made.sandbox.admin.setPrice('BTCUSDT', '69000.0')
    const history = await client.plans.getHistory({ ...pair, planType: 'profit_loss' })
    expect(history.entrustedList.map((p) => [p.planType, p.planStatus]).sort()).toEqual([
      ['pos_loss', 'cancelled'],
      ['pos_profit', 'executed'],
    ])
    expect(await client.account.getPositions({ productType: 'USDT-FUTURES' })).toEqual([])
  })

  test('modify changes the trigger of a pending plan; cancel by id moves it to history; a second cancel lists it as a failure', async () => {
    const client = made.client({ positionMode: 'one_way' })
    const placed = await client.plans.place(plan({ triggerPrice: '90000' }))
    await client.plans.modify({
      productType: 'USDT-FUTURES',
      orderId: placed.orderId,
      newTriggerPrice: '91000',
    })
    const [item] = (
      await client.plans.getPending({ ...pair, planType: 'normal_plan', orderId: placed.orderId })
    ).entrustedList
    expect(item?.triggerPrice).toBe('91000')
    const cancelled = await client.plans.cancel({
      ...pair,
      orderIdList: [{ orderId: placed.orderId }],
    })
    expect(cancelled.successList).toEqual([
      { orderId: placed.orderId, clientOid: placed.clientOid },
    ])
    const again = await client.plans.cancel({ ...pair, orderIdList: [{ orderId: placed.orderId }] })
    expect(again.successList).toEqual([])
    expect(again.failureList).toHaveLength(1)
  })

  test('getSubOrders: [] while the plan waits; once triggered, the order it placed, which orders.get reads; an unknown plan is ApiError 40768', async () => {
    const client = made.client({ positionMode: 'one_way' })
    const placed = await client.plans.place(plan({ clientOid: 'cp-sub' }))
    const query = {
      planOrderId: placed.orderId,
      planType: 'normal_plan',
      productType: 'USDT-FUTURES',
    } as const
    expect(await client.plans.getSubOrders(query)).toEqual([])
    made.sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const [sub, ...rest] = await client.plans.getSubOrders(query)
    expect(rest).toEqual([])
    expect(sub).toEqual({
      orderId: expect.stringMatching(/^\d+$/),
      price: '0',
      type: 'market',
      status: 'success',
    })
    const order = await client.orders.get({ ...pair, orderId: sub?.orderId as string })
    expect(order).toMatchObject({ state: 'filled', size: '0.01', orderType: 'market' })
    const unknown = await client.plans
      .getSubOrders({ ...query, planOrderId: '1' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(unknown) && unknown.code).toBe('40768')
    await client.orders.closePositions({ ...pair })
  })

  test('getSubOrders: a query without planType is refused before sending, naming it', async () => {
    const client = made.client({ positionMode: 'one_way' })
    const error = await client.plans
      .getSubOrders({ planOrderId: '1', productType: 'USDT-FUTURES' } as never)
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['missing', ['planType']],
    ])
    expect(client.sent).toEqual([])
  })
})
