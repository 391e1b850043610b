import { UnknownOutcomeError } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cancelStrategyOrder } from './actions/cancelStrategyOrder.js'
import { modifyStrategyOrder } from './actions/modifyStrategyOrder.js'
import { placeStrategyOrder } from './actions/placeStrategyOrder.js'
import {
  lookUpStrategyOrder,
  OrderOutcomeUnknownError,
  StrategyLookupIncompleteError,
} from './reconcile.js'
import { setup } from './test/sandbox.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']
const fast = { attempts: 4, baseDelayMs: 10 }
const placePath = '/api/v3/trade/place-strategy-order'
const modifyPath = '/api/v3/trade/modify-strategy-order'
const stopLoss = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', stopLoss: '58000' } as const
const trigger = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  type: 'trigger',
  side: 'buy',
  qty: '0.01',
  triggerPrice: '3500',
  triggerOrderType: 'market',
} as const
const lists = ['strategy.getUnfilledStrategyOrders', 'strategy.getHistoryStrategyOrders']

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

function strategiesWith(clientOid: string): number {
  const { strategies } = sandbox.admin.state() as unknown as {
    strategies: { clientOid: string | null }[]
  }
  return strategies.filter((s) => s.clientOid === clientOid).length
}

describe('placeStrategyOrder (reconciliation)', () => {
  test.each(['40010', '40725', '45001'] as const)(
    '%s ... outcome unknown: query by clientOid — a tpsl applied before the code: found by clientOid in the open strategy orders, its acknowledgement returned',
    async (code) => {
      const c = client({ reconcile: fast })
      sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code })
      const clientOid = `sl-after-${code}`
      const ack = await placeStrategyOrder(c, { ...stopLoss, clientOid })
      const open = await c.strategy.getOpen({ category: 'USDT-FUTURES', type: 'tpsl' })
      expect(ack).toEqual({
        orderId: open.list.find((s) => s.clientOid === clientOid)?.orderId,
        clientOid,
      })
      expect(c.sent.slice(0, 2)).toEqual([
        'strategy.placeStrategyOrder',
        'strategy.getUnfilledStrategyOrders',
      ])
      expect(c.sent.filter((s) => s === 'strategy.placeStrategyOrder')).toHaveLength(1)
      expect(strategiesWith(clientOid)).toBe(1)
    },
  )

  test.each(['40010', '40725', '45001'] as const)(
    '%s ... outcome unknown: query by clientOid — a tpsl not found after both lists were read to their end stays unknown (OrderOutcomeUnknownError), nothing sent twice; its retryWith places it',
    async (code) => {
      const c = client({ reconcile: fast })
      sandbox.admin.injectFault({ path: placePath, kind: 'code-before', code })
      const clientOid = `sl-before-${code}`
      const error = await placeStrategyOrder(c, { ...stopLoss, clientOid }).catch((e: unknown) => e)
      expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({
        endpoint: 'strategy.placeStrategyOrder',
        clientOid,
        attempts: fast.attempts,
        retrySafe: false,
      })
      expect(c.sent.filter((s) => s === 'strategy.placeStrategyOrder')).toHaveLength(1)
      expect(c.sent.slice(1)).toEqual(Array(fast.attempts).fill(lists).flat())
      expect(strategiesWith(clientOid)).toBe(0)
      // Placing again with the same clientOid is safe.
      const again = (error as OrderOutcomeUnknownError).retryWith as never
      expect((await placeStrategyOrder(c, again)).clientOid).toBe(clientOid)
      expect(strategiesWith(clientOid)).toBe(1)
    },
  )

  test.each(['code-before', 'code-after'] as const)(
    'clientOid ... effective only when type=tpsl — another type has nothing to be found by: its UnknownOutcomeError (%s) is thrown unchanged, nothing looked up',
    async (kind) => {
      const c = client({ reconcile: fast })
      sandbox.admin.injectFault({ path: placePath, kind, code: '40725' })
      const error = await placeStrategyOrder(c, trigger).catch((e: unknown) => e)
      expect(UnknownOutcomeError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ reason: 'code', code: '40725' })
      expect(c.sent).toEqual(['strategy.placeStrategyOrder'])
    },
  )

  test('reconcile: false throws the UnknownOutcomeError of a tpsl', async () => {
    const c = client({ reconcile: false })
    sandbox.admin.injectFault({ path: placePath, kind: 'code-after', code: '45001' })
    const error = await placeStrategyOrder(c, stopLoss).catch((e: unknown) => e)
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(c.sent).toEqual(['strategy.placeStrategyOrder'])
  })
})

describe('cancelStrategyOrder and modifyStrategyOrder (reconciliation)', () => {
  const cancelPath = '/api/v3/trade/cancel-strategy-order'

  test('a cancel with its category, applied before 40725: found cancelled in the history, its acknowledgement; not applied: unknown with retryWith, which cancels it', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeStrategyOrder(c, stopLoss)
    const target = { orderId: orderId as string, category: 'USDT-FUTURES' } as const
    sandbox.admin.injectFault({ path: cancelPath, kind: 'code-before', code: '40725' })
    const unknown = await cancelStrategyOrder(c, target).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(unknown)).toBe(true)
    sandbox.admin.injectFault({ path: cancelPath, kind: 'code-after', code: '40725' })
    const retryWith = (unknown as OrderOutcomeUnknownError).retryWith as never
    await expect(cancelStrategyOrder(c, retryWith)).resolves.toMatchObject({ orderId })
    const history = await c.strategy.getHistory({ category: 'USDT-FUTURES', type: 'tpsl' })
    expect(history.list.find((s) => s.orderId === orderId)?.status).toBe('cancelled')
  })

  test('a trigger order (no clientOid) cancelled before 40725 and a modification applied before 45001: found, their acknowledgements with clientOid null, as an answer has it', async () => {
    const c = client({ reconcile: fast })
    const placed = await placeStrategyOrder(c, trigger)
    expect(placed.clientOid).toBeNull()
    const target = { orderId: placed.orderId as string, category: 'SPOT' } as const
    sandbox.admin.injectFault({ path: modifyPath, kind: 'code-after', code: '45001' })
    await expect(
      modifyStrategyOrder(
        c,
        { orderId: target.orderId, triggerPrice: '3600' },
        { category: 'SPOT' },
      ),
    ).resolves.toEqual({ orderId: placed.orderId, clientOid: null })
    sandbox.admin.injectFault({ path: cancelPath, kind: 'code-after', code: '40725' })
    await expect(cancelStrategyOrder(c, target)).resolves.toEqual({
      orderId: placed.orderId,
      clientOid: null,
    })
  })

  test('a cancel without a category cannot be looked up: the UnknownOutcomeError as it came', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeStrategyOrder(c, stopLoss)
    sandbox.admin.injectFault({ path: cancelPath, kind: 'code-after', code: '45001' })
    const error = await cancelStrategyOrder(c, { orderId: orderId as string }).catch(
      (e: unknown) => e,
    )
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(false)
    expect(c.sent.filter((s) => lists.includes(s))).toEqual([])
  })

  test('a modify with options.category, applied before 45001: the acknowledgement once the order shows the new stop-loss', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeStrategyOrder(c, stopLoss)
    sandbox.admin.injectFault({ path: modifyPath, kind: 'code-after', code: '45001' })
    const ack = await modifyStrategyOrder(
      c,
      { orderId: orderId as string, stopLoss: '57500' },
      { category: 'USDT-FUTURES' },
    )
    expect(ack).toMatchObject({ orderId })
    sandbox.admin.injectFault({ path: modifyPath, kind: 'code-before', code: '45001' })
    const error = await modifyStrategyOrder(
      c,
      { orderId: orderId as string, stopLoss: '57000' },
      { category: 'USDT-FUTURES' },
    ).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
  })
})

describe('modifyStrategyOrder of a trigger order (reconciliation)', () => {
  test('a new trigger price and limit, applied before 45001: the acknowledgement once the order shows them; not applied: unknown', async () => {
    const c = client({ reconcile: fast })
    const { orderId } = await placeStrategyOrder(c, trigger)
    sandbox.admin.injectFault({ path: modifyPath, kind: 'code-after', code: '45001' })
    const change = {
      triggerPrice: '3600',
      triggerOrderType: 'limit',
      triggerOrderPrice: '3610',
    } as const
    const ack = await modifyStrategyOrder(
      c,
      { orderId: orderId as string, ...change },
      { category: 'SPOT' },
    )
    expect(ack).toMatchObject({ orderId })
    const open = await c.strategy.getOpen({ category: 'SPOT', type: 'trigger' })
    expect(open.list.find((s) => s.orderId === orderId)).toMatchObject(change)
    sandbox.admin.injectFault({ path: modifyPath, kind: 'code-before', code: '45001' })
    const error = await modifyStrategyOrder(
      c,
      { orderId: orderId as string, triggerPrice: '3700' },
      { category: 'SPOT' },
    ).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
  })
})

describe('lookUpStrategyOrder', () => {
  test('docs/records.md: the open list is one answer (a bare array); the history is followed by its cursor until a short page; absent from both is undefined', async () => {
    const c = client()
    const placed = []
    for (const clientOid of ['page-oldest', 'page-middle', 'page-newest'])
      placed.push(await placeStrategyOrder(c, { ...stopLoss, clientOid }))
    const query = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }
    const open = await lookUpStrategyOrder(
      c,
      { ...query, clientOid: 'page-oldest' },
      { limit: '1' },
    )
    expect(open).toMatchObject({ orderId: placed[0]!.orderId, status: 'pending' })
    expect(c.sent.filter((s) => s === lists[0])).toHaveLength(1)

    for (const { orderId } of placed) await cancelStrategyOrder(c, { orderId: orderId! })
    c.sent.length = 0
    const found = await lookUpStrategyOrder(
      c,
      { ...query, clientOid: 'page-oldest' },
      { limit: '1' },
    )
    expect(found).toMatchObject({ orderId: placed[0]!.orderId, status: 'cancelled' })
    expect(c.sent[0]).toBe(lists[0])
    expect(c.sent.filter((s) => s === lists[1]).length).toBeGreaterThanOrEqual(3)
    expect(await lookUpStrategyOrder(c, { ...query, clientOid: 'never-sent' })).toBeUndefined()
  })

  test('a history longer than `maxPages` pages: StrategyLookupIncompleteError (the outcome stays unknown)', async () => {
    const c = client()
    const error = await lookUpStrategyOrder(
      c,
      { category: 'USDT-FUTURES', symbol: 'BTCUSDT', clientOid: 'never-sent' },
      { limit: '1', maxPages: 2 },
    ).catch((e: unknown) => e)
    expect(StrategyLookupIncompleteError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ endpoint: lists[1], pages: 2, clientOid: 'never-sent' })
    expect(c.sent).toEqual([lists[0], lists[1], lists[1]])
  })
})
