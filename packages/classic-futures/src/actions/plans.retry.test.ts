import { OrderOutcomeUnknownError } from '@tradeline/core'
import { createTimerGate } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setup, triggerBuy } from '../test/sandbox.js'

/** Holds the delayed first attempt until the test lets it land (not 300 ms against the lookups). */
const gate = createTimerGate()
let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({ timers: gate })
})
afterAll(async () => {
  gate.release()
  await made.sandbox.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
/** A turn of the event loop: a released request runs to its outcome without I/O. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('client.plans.cancel under faults', () => {
  test("a retry whose first attempt landed late and cancelled the plan order reports it cancelled, not the exchange's failure for the retry", async () => {
    // The held first attempt times out whatever the timeout; the placement and the retry get
    // 250 ms, which a loaded machine keeps.
    const client = made.client({ positionMode: 'one_way', timeout: 250 })
    const placed = await client.plans.place({ ...triggerBuy, triggerPrice: '99000' } as never)
    // The first attempt is held past the timeout and every lookup: the outcome stays unknown.
    gate.hold()
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
    expect(gate.waiting()).toBe(1)
    gate.release()
    await turn()
    await turn()
    expect(made.sandbox.sandbox.state.plans.get(placed.orderId)?.status).toBe('cancelled')
    const retried = await client.plans.cancel(
      (error as OrderOutcomeUnknownError).retryWith as never,
    )
    expect(retried).toEqual({
      successList: [{ orderId: placed.orderId, clientOid: placed.clientOid }],
      failureList: [],
    })
  })
})
