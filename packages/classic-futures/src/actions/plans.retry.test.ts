import { OrderOutcomeUnknownError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setup, triggerBuy } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
})
afterAll(async () => {
  await made.sandbox.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

describe('client.plans.cancel under faults', () => {
  test("a retry whose first attempt landed late and cancelled the plan order reports it cancelled, not the exchange's failure for the retry", async () => {
    const client = made.client({ positionMode: 'one_way', timeout: 50 })
    const placed = await client.plans.place({ ...triggerBuy, triggerPrice: '99000' } as never)
    // The first attempt is held past the timeout and every lookup: the outcome stays unknown.
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/cancel-plan-order',
      kind: 'delay',
      delayMs: 300,
    })
    const request = { ...pair, orderIdList: [{ orderId: placed.orderId }] }
    const error = await client.plans
      .cancel(request, { reconcile: { attempts: 2, baseDelayMs: 10 } })
      .catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    // The late first attempt lands and cancels it; then the user sends the retry offered.
    await sleep(350)
    const retried = await client.plans.cancel(
      (error as OrderOutcomeUnknownError).retryWith as never,
    )
    expect(retried).toEqual({
      successList: [{ orderId: placed.orderId, clientOid: placed.clientOid }],
      failureList: [],
    })
  })
})
