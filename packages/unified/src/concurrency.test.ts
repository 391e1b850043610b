/**
 * Regression tests of the safe-change engine on the unified account (one test per defect of the
 * concurrent campaign): each reported outcome is the sandbox's truth.
 */
import {
  ApiError,
  OrderClosedOutcomeUnknownError,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
  retryOf,
  UnknownOutcomeError,
} from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cancelOrder } from './actions/cancelOrder.js'
import { modifyOrder } from './actions/modifyOrder.js'
import { placeOrder } from './actions/placeOrder.js'
import { placeStrategyOrder } from './actions/placeStrategyOrder.js'
import { restingBuy, setup } from './test/sandbox.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']
const fast = { attempts: 3, baseDelayMs: 5 }
/** Reconciled quickly; a failed read is not retried by the transport. */
const quick = { reconcile: fast, retry: { limit: 0 } }
const placePath = '/api/v3/trade/place-order'
const infoPath = '/api/v3/trade/order-info'

beforeAll(async () => {
  ;({ sandbox, client } = await setup())
  sandbox.admin.setPosition({
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'net',
    size: '0.05',
  })
})
afterAll(async () => {
  await sandbox.close()
})

type SandboxOrder = { orderId: string; clientOid: string | null; status: string; price?: string }
function orders(): SandboxOrder[] {
  return (sandbox.admin.state() as unknown as { orders: SandboxOrder[] }).orders
}
/** Every lookup of `path` fails (HTTP 500, also the transport's own read retries) until cleared. */
const failLookups = (path: string) =>
  sandbox.admin.injectFault({ path, kind: 'http500', times: 1000 })

/** An unknown outcome whose change applied and whose lookups all failed: its retryWith. */
async function appliedButUnknown<value>(
  path: string,
  call: () => Promise<value>,
  lookupPath = infoPath,
): Promise<Readonly<Record<string, unknown>>> {
  sandbox.admin.injectFault({ path, kind: 'code-after', code: '40725' })
  failLookups(lookupPath)
  const error = await call().catch((e: unknown) => e)
  sandbox.admin.clearFaults(lookupPath)
  expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
  return (error as OrderOutcomeUnknownError).retryWith
}

describe('A: a retry refused as a duplicate (or closed) whose recovery lookups fail is unknown, never the refusal', () => {
  test('unified placeOrder: 43118 and every lookup failing is OrderOutcomeUnknownError (was ApiError 43118 with retrySafe); then the order itself', async () => {
    const c = client(quick)
    const clientOid = 'a-place-1'
    const retryWith = await appliedButUnknown(placePath, () =>
      placeOrder(c, { ...restingBuy, clientOid }),
    )
    failLookups(infoPath)
    const error = await placeOrder(c, retryWith as never).catch((e: unknown) => e)
    sandbox.admin.clearFaults(infoPath)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(ApiError.isInstance(error)).toBe(false)
    const placed = orders().filter((o) => o.clientOid === clientOid)
    expect(placed).toHaveLength(1)
    await expect(
      placeOrder(c, (error as OrderOutcomeUnknownError).retryWith as never),
    ).resolves.toEqual({ orderId: placed[0]?.orderId, clientOid })
  })

  test('unified cancelOrder: the retry refused for the cancelled order with failing lookups is unknown (was ApiError)', async () => {
    const c = client(quick)
    const { orderId } = await placeOrder(c, restingBuy)
    const retryWith = await appliedButUnknown('/api/v3/trade/cancel-order', () =>
      cancelOrder(c, { orderId, category: 'SPOT' }),
    )
    failLookups(infoPath)
    const error = await cancelOrder(c, retryWith as never).catch((e: unknown) => e)
    sandbox.admin.clearFaults(infoPath)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    await expect(
      cancelOrder(c, (error as OrderOutcomeUnknownError).retryWith as never),
    ).resolves.toMatchObject({ orderId })
  })
})

describe('B: a tpsl retry refused 43118 while the tpsl exists returns it', () => {
  test('placeStrategyOrder: the retryWith of a late first attempt returns the tpsl (was ApiError 43118, retrySafe)', async () => {
    const c = client(quick)
    const clientOid = 'b-tpsl-1'
    const tpsl = {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      stopLoss: '58000',
      clientOid,
    } as const
    const retryWith = await appliedButUnknown(
      '/api/v3/trade/place-strategy-order',
      () => placeStrategyOrder(c, tpsl),
      '/api/v3/trade/unfilled-strategy-orders',
    )
    const ack = await placeStrategyOrder(c, retryWith as never)
    const { strategies } = sandbox.admin.state() as unknown as {
      strategies: { orderId: string; clientOid: string | null }[]
    }
    const placed = strategies.filter((s) => s.clientOid === clientOid)
    expect(placed).toHaveLength(1)
    expect(ack).toEqual({ orderId: placed[0]?.orderId, clientOid })
  })

  test('a new call (not a retry) with a clientOid another tpsl carries is refused 43118', async () => {
    const c = client(quick)
    const tpsl = {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      stopLoss: '58000',
      clientOid: 'b-2',
    } as const
    await placeStrategyOrder(c, tpsl)
    const error = await placeStrategyOrder(c, tpsl).catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('43118')
  })
})

describe('C: a modification of an order that another caller changed and that then closed is not "proven not changed"', () => {
  test('modifyOrder: applied (45001 after), another caller changes the price and cancels before the lookup: OrderClosedOutcomeUnknownError (was OrderNotChangedError)', async () => {
    const other = client()
    const { orderId } = await placeOrder(other, restingBuy)
    let raced = false
    const c = client({
      ...quick,
      hooks: {
        // Before this call's first lookup, another caller changes the price and cancels.
        request: async (view) => {
          if (view.endpoint !== 'unified.getOrderInfo' || raced) return
          raced = true
          await modifyOrder(other, { orderId, price: '3005' })
          await cancelOrder(other, { orderId })
        },
      },
    })
    sandbox.admin.injectFault({
      path: '/api/v3/trade/modify-order',
      kind: 'code-after',
      code: '45001',
    })
    const error = await modifyOrder(c, { orderId, price: '3004' }).catch((e: unknown) => e)
    expect(raced).toBe(true)
    expect(OrderClosedOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(orders().find((o) => o.orderId === orderId)).toMatchObject({
      status: 'cancelled',
      price: '3005',
    })
  })
})

describe('D: a modify retry refused 43020 after its first attempt applied and the order closed', () => {
  test('modifyOrder: the retryWith meets a filled order showing its price: the acknowledgement (was ApiError 43020)', async () => {
    const c = client(quick)
    const { orderId } = await placeOrder(c, restingBuy)
    const retryWith = await appliedButUnknown('/api/v3/trade/modify-order', () =>
      modifyOrder(c, { orderId, price: '3006' }),
    )
    sandbox.admin.fill(orderId)
    await expect(modifyOrder(c, retryWith as never)).resolves.toMatchObject({ orderId })
  })

  test('a new modify (not a retry) of a filled order is the refusal 43020', async () => {
    const c = client(quick)
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.fill(orderId)
    const error = await modifyOrder(c, { orderId, price: '3007' }).catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('43020')
  })
})

describe('H (unified): a new placement with a clientOid of a filled or cancelled order', () => {
  test('is refused 43118 (the id is taken), not returned as newly placed; a retryOf of it returns the order', async () => {
    const c = client(quick)
    const first = await placeOrder(c, { ...restingBuy, clientOid: 'h-u-1' })
    await cancelOrder(c, { orderId: first.orderId })
    const error = await placeOrder(c, { ...restingBuy, clientOid: 'h-u-1' }).catch(
      (e: unknown) => e,
    )
    expect(ApiError.isInstance(error) && error.code).toBe('43118')
    await expect(placeOrder(c, retryOf({ ...restingBuy, clientOid: 'h-u-1' }))).resolves.toEqual(
      first,
    )
    expect(orders().filter((o) => o.clientOid === 'h-u-1')).toHaveLength(1)
  })
})

describe('review: a retried placement refused for another reason, a 43021 of a retry without reconciliation', () => {
  test('the retry of an applied placement refused 40762 (a check before the duplicate one) returns the order, not the refusal', async () => {
    const c = client(quick)
    const clientOid = 'rv-place-1'
    const retryWith = await appliedButUnknown(placePath, () =>
      placeOrder(c, { ...restingBuy, clientOid }),
    )
    sandbox.admin.injectFault({
      path: placePath,
      kind: 'echo',
      echo: { code: '40762', status: 400 },
    })
    const placed = orders().filter((o) => o.clientOid === clientOid)
    await expect(placeOrder(c, retryWith as never)).resolves.toEqual({
      orderId: placed[0]?.orderId,
      clientOid,
    })
  })

  test('reconcile: false — the retry of a modification refused 43021 while its first attempt awaits its result is an UnknownOutcomeError, not the refusal', async () => {
    const c = client({ ...quick, reconcile: false })
    const { orderId } = await placeOrder(c, restingBuy)
    sandbox.admin.holdModifications(true)
    try {
      sandbox.admin.injectFault({
        path: '/api/v3/trade/modify-order',
        kind: 'code-after',
        code: '40725',
      })
      const change = { orderId, price: '3011' }
      const first = await modifyOrder(c, change).catch((e: unknown) => e)
      expect(UnknownOutcomeError.isInstance(first)).toBe(true)
      const second = await modifyOrder(c, retryOf(change)).catch((e: unknown) => e)
      expect(ApiError.isInstance(second)).toBe(false)
      expect(UnknownOutcomeError.isInstance(second)).toBe(true)
      expect(second).toMatchObject({ code: '43021' })
    } finally {
      sandbox.admin.holdModifications(false)
    }
  })
})

describe('review: an unknown placement whose clientOid an order of long ago carries', () => {
  test('is not that order: OrderNotPlacedError once the found order was created well before the first attempt (beyond the clock tolerance), never the old order as newly placed', async () => {
    const c = client({ ...quick, syncClock: true })
    const first = await placeOrder(c, { ...restingBuy, clientOid: 'rv-reuse-1' })
    await cancelOrder(c, { orderId: first.orderId })
    // Two minutes later on the exchange's clock (the client's clock follows it after a 40008).
    sandbox.admin.advanceClock(120_000)
    await c.orders.getOpen({ category: 'SPOT' })
    sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code: '40725' })
    const result = await placeOrder(c, { ...restingBuy, clientOid: 'rv-reuse-1' }).catch(
      (e: unknown) => e,
    )
    expect(OrderNotPlacedError.isInstance(result)).toBe(true)
    expect(orders().filter((o) => o.clientOid === 'rv-reuse-1')).toHaveLength(1)
  })
})
