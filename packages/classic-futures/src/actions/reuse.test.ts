/**
 * A classic placement whose `clientOid` an earlier (closed) order carries, met by an unknown
 * outcome: the exchange refuses a second order with the id (40786), so nothing was placed, and
 * core's placement reading tells the old order found by `clientOid` from the placement's own by
 * its creation time, on the clock synchronised during the reconciliation.
 */
import { OrderNotPlacedError } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']
const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const placePath = '/api/v2/mix/order/place-order'

beforeAll(async () => {
  ;({ sandbox, client } = await setup({ timestampWindowMs: 50_000 }))
  sandbox.admin.setPrice('BTCUSDT', '65000')
})
afterAll(async () => {
  await sandbox.close()
})

/** A client whose local clock is the sandbox's, `skewMs` ahead of it. */
const skewed = (skewMs = 0) =>
  client({
    reconcile: { attempts: 3, baseDelayMs: 5 },
    retry: { limit: 0 },
    clock: { now: () => sandbox.admin.now() + skewMs },
  })

/** The ids of the orders the sandbox holds with `clientOid` (one entry per order). */
const ordersWith = (clientOid: string) =>
  new Set(
    sandbox.admin
      .orderHistory({})
      .entries.flatMap((e) => ('order' in e && e.order.clientOid === clientOid ? [e.order] : []))
      .map((order) => order.orderId),
  )

describe('review P1: classic placeOrder reusing the clientOid of a cancelled order', () => {
  test('45001 before (nothing applied), the old order cancelled 2 s before: OrderNotPlacedError, not the old order', async () => {
    const c = skewed()
    const old = await c.orders.place({ ...restingBuy, clientOid: 'cru-p1' })
    await c.orders.cancel({ ...pair, orderId: old.orderId })
    sandbox.admin.advanceClock(2_000)
    sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code: '45001' })
    const result = await c.orders.place({ ...restingBuy, clientOid: 'cru-p1' }).catch((e) => e)
    expect(OrderNotPlacedError.isInstance(result)).toBe(true)
    expect(ordersWith('cru-p1')).toEqual(new Set([old.orderId]))
  })

  test('no fault: ApiError 40786, never that order', async () => {
    const c = skewed()
    const old = await c.orders.place({ ...restingBuy, clientOid: 'cru-p1b' })
    await c.orders.cancel({ ...pair, orderId: old.orderId })
    const result = await c.orders.place({ ...restingBuy, clientOid: 'cru-p1b' }).catch((e) => e)
    expect(result).toMatchObject({ name: 'ApiError', code: '40786' })
  })

  test('batch.place, 40010 before: the item failed OrderNotPlacedError', async () => {
    const c = skewed()
    const old = await c.orders.place({ ...restingBuy, clientOid: 'cru-batch' })
    await c.orders.cancel({ ...pair, orderId: old.orderId })
    sandbox.admin.advanceClock(2_000)
    sandbox.admin.injectFault({
      path: '/api/v2/mix/order/batch-place-order',
      kind: 'code-before',
      code: '40010',
    })
    const [outcome] = await c.batch.place([{ ...restingBuy, clientOid: 'cru-batch' }])
    expect(outcome?.status).toBe('failed')
    expect(OrderNotPlacedError.isInstance((outcome as { error?: unknown }).error)).toBe(true)
    expect(ordersWith('cru-batch')).toEqual(new Set([old.orderId]))
  })

  test('its own order, found with a clock 30 s ahead never synchronised: still its own', async () => {
    const c = skewed(30_000)
    sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    const result = await c.orders.place({ ...restingBuy, clientOid: 'cru-own' })
    expect(ordersWith('cru-own')).toEqual(new Set([result.orderId]))
    expect(c.sent.filter((id) => id === 'public.getTime')).toHaveLength(1)
  })
})
