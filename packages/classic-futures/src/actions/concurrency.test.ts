/**
 * Regression tests of the safe-change engine on the classic account (one test per defect of the
 * concurrent campaign): each reported outcome is the sandbox's truth.
 */
import {
  ApiError,
  OrderClosedOutcomeUnknownError,
  OrderOutcomeUnknownError,
  OrderReplacedError,
  retryOf,
} from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
})
afterAll(async () => {
  await made.sandbox.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const detailPath = '/api/v2/mix/order/detail'
/** Reconciled quickly; a failed read is not retried by the transport. */
const quick = { reconcile: { attempts: 3, baseDelayMs: 5 }, retry: { limit: 0 } }

type SandboxOrder = { orderId: string; clientOid: string | null; status: string }
function orders(): SandboxOrder[] {
  return (made.sandbox.admin.state() as unknown as { orders: SandboxOrder[] }).orders
}
const withOid = (clientOid: string) => orders().filter((o) => o.clientOid === clientOid)

describe('A: a retry refused as a duplicate whose recovery lookups fail is unknown, never the refusal', () => {
  test('classic placeOrder: 40786 with every order-detail lookup failing is OrderOutcomeUnknownError (was ApiError 40786); then the order itself', async () => {
    const client = made.client(quick)
    const clientOid = 'ca-place-1'
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/place-order',
      kind: 'code-after',
      code: '40725',
    })
    made.sandbox.admin.injectFault({ path: detailPath, kind: 'http500', times: 1000 })
    const unknown = await client.orders.place({ ...restingBuy, clientOid }).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(unknown)).toBe(true)
    const retryWith = (unknown as OrderOutcomeUnknownError).retryWith as never
    const error = await client.orders.place(retryWith).catch((e: unknown) => e)
    made.sandbox.admin.clearFaults(detailPath)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(ApiError.isInstance(error)).toBe(false)
    expect(withOid(clientOid)).toHaveLength(1)
    await expect(client.orders.place(retryWith)).resolves.toEqual({
      orderId: withOid(clientOid)[0]?.orderId,
      clientOid,
    })
  })
})

describe('E: a cancel of an order that a modification replaced', () => {
  test('cancelOrder: OrderReplacedError naming the live successor (was a plain success)', async () => {
    const client = made.client(quick)
    const ack = await client.orders.place(restingBuy)
    const modified = await client.orders.modify(
      { ...pair, orderId: ack.orderId, newSize: '0.02', newPrice: '30100' },
      { waitForNew: true },
    )
    const error = await client.orders
      .cancel({ ...pair, orderId: ack.orderId })
      .catch((e: unknown) => e)
    expect(OrderReplacedError.isInstance(error)).toBe(true)
    expect((error as OrderReplacedError).successor).toMatchObject({
      orderId: modified.orderId,
      clientOid: modified.newClientOid,
      status: 'live',
    })
    expect(withOid(modified.newClientOid)[0]?.status).toBe('live')
  })
})

describe('F: a modify refused 40786 returns no other order as the modified one', () => {
  test("newClientOid equal to the order's own clientOid: the refusal (was the order itself, unchanged)", async () => {
    const client = made.client(quick)
    const ack = await client.orders.place({ ...restingBuy, clientOid: 'f-own-1' })
    const error = await client.orders
      .modify({
        ...pair,
        orderId: ack.orderId,
        newClientOid: 'f-own-1',
        newSize: '0.02',
        newPrice: '30100',
      })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('40786')
    expect(withOid('f-own-1')).toMatchObject([{ orderId: ack.orderId, status: 'live' }])
  })

  test('newClientOid carried by another (filled) order: the refusal (was that other order)', async () => {
    const client = made.client(quick)
    const filled = await client.orders.place({ ...restingBuy, clientOid: 'f-other-1' })
    made.sandbox.admin.fill(filled.orderId)
    const ack = await client.orders.place(restingBuy)
    const error = await client.orders
      .modify({
        ...pair,
        orderId: ack.orderId,
        newClientOid: 'f-other-1',
        newSize: '0.02',
        newPrice: '30100',
      })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('40786')
  })

  test('the retry (retryWith) of a replacement that applied returns the successor', async () => {
    const client = made.client(quick)
    const ack = await client.orders.place(restingBuy)
    const change = {
      ...pair,
      orderId: ack.orderId,
      newClientOid: 'f-retry-1',
      newSize: '0.02',
      newPrice: '30200',
    }
    await client.orders.modify(change)
    await expect(client.orders.modify(retryOf(change))).resolves.toMatchObject({
      orderId: withOid('f-retry-1')[0]?.orderId,
      newClientOid: 'f-retry-1',
    })
  })
})

describe('G: a reversal whose clientOid another live order carries', () => {
  test('is refused 40786 and the position is unchanged (was that other order, reported as the reversal)', async () => {
    const client = made.client(quick)
    await client.orders.place({ ...restingBuy, clientOid: 'g-live-1' })
    const error = await client.orders
      .reverse({ ...pair, marginCoin: 'USDT', side: 'buy', clientOid: 'g-live-1' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('40786')
    expect(withOid('g-live-1')).toHaveLength(1)
  })
})

describe('H: a new placement with the clientOid of a cancelled order', () => {
  test('is refused 40786, not returned as newly placed', async () => {
    const client = made.client(quick)
    const first = await client.orders.place({ ...restingBuy, clientOid: 'h-c-1' })
    await client.orders.cancel({ ...pair, orderId: first.orderId })
    const error = await client.orders
      .place({ ...restingBuy, clientOid: 'h-c-1' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('40786')
    expect(withOid('h-c-1')).toHaveLength(1)
  })
})

describe('review: replacements seen by every client, closed tp/sl changes, presets as decimals', () => {
  test('a cancel through another client of the process, after an unknown outcome, of an order a modification replaced: OrderReplacedError (was a success)', async () => {
    const a = made.client(quick)
    const b = made.client(quick)
    const ack = await a.orders.place(restingBuy)
    const modified = await a.orders.modify(
      { ...pair, orderId: ack.orderId, newSize: '0.02', newPrice: '30100' },
      { waitForNew: true },
    )
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/cancel-order',
      kind: 'code-before',
      code: '40725',
    })
    const result = await b.orders.cancel({ ...pair, orderId: ack.orderId }).catch((e: unknown) => e)
    expect(OrderReplacedError.isInstance(result)).toBe(true)
    expect((result as OrderReplacedError).successor.orderId).toBe(modified.orderId)
  })

  test('a tp/sl-only change applied, then another caller changes the preset and cancels before the lookup: OrderClosedOutcomeUnknownError (was OrderNotChangedError)', async () => {
    const other = made.client(quick)
    const { orderId } = await other.orders.place(restingBuy)
    let raced = false
    const c = made.client({
      ...quick,
      hooks: {
        request: async (view) => {
          if (view.endpoint !== 'classic.getOrderDetail' || raced) return
          raced = true
          await other.orders.modify({ ...pair, orderId, newPresetStopLossPrice: '28000' })
          await other.orders.cancel({ ...pair, orderId })
        },
      },
    })
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/modify-order',
      kind: 'code-after',
      code: '40725',
    })
    const error = await c.orders
      .modify({ ...pair, orderId, newPresetStopLossPrice: '29000' })
      .catch((e: unknown) => e)
    expect(raced).toBe(true)
    expect(OrderClosedOutcomeUnknownError.isInstance(error)).toBe(true)
  })

  test('a tp/sl-only change of 29000.0 applied before 40725 is found applied (the order shows 29000)', async () => {
    const c = made.client(quick)
    const { orderId } = await c.orders.place(restingBuy)
    made.sandbox.admin.injectFault({
      path: '/api/v2/mix/order/modify-order',
      kind: 'code-after',
      code: '40725',
    })
    await expect(
      c.orders.modify({ ...pair, orderId, newPresetStopLossPrice: '29000.0' }),
    ).resolves.toMatchObject({ orderId })
  })
})

describe('replacements are remembered per exchange', () => {
  test('a second sandbox of the process (order ids from the same numbers again): a cancel after an unknown outcome of an order only the first sandbox saw replaced is a success (was OrderReplacedError naming an unrelated order)', async () => {
    const first = await setup()
    const second = await setup()
    try {
      // First sandbox: an order replaced by a modification under newClientOid `rx-2`.
      const a = first.client(quick)
      const placed = await a.orders.place({ ...restingBuy, clientOid: 'rx-1' })
      await a.orders.modify(
        {
          ...pair,
          orderId: placed.orderId,
          newClientOid: 'rx-2',
          newSize: '0.02',
          newPrice: '30100',
        },
        { waitForNew: true },
      )
      // Second sandbox: the same first order id, and an order of its own under `rx-2`.
      const b = second.client(quick)
      const own = await b.orders.place({ ...restingBuy, clientOid: 'rx-1' })
      expect(own.orderId).toBe(placed.orderId)
      await b.orders.place({ ...restingBuy, clientOid: 'rx-2' })
      second.sandbox.admin.injectFault({
        path: '/api/v2/mix/order/cancel-order',
        kind: 'code-after',
        code: '40725',
      })
      await expect(b.orders.cancel({ ...pair, orderId: own.orderId })).resolves.toMatchObject({
        orderId: own.orderId,
      })
    } finally {
      await first.sandbox.close()
      await second.sandbox.close()
    }
  })
})
