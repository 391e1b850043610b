import { ResponseError, ValidationError } from '@tradeline/core'
import { type Route, routes } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUnifiedClient } from '../createUnifiedClient.js'
import { OrderOutcomeUnknownError } from '../reconcile.js'
import { restingBuy, setup } from '../test/sandbox.js'

/** The built-in route of `id`, answering `data` in place of its own data when it succeeds. */
function answering(id: string, data: unknown): Route {
  const own = routes.find((route) => route.id === id)!
  return {
    ...own,
    handle: async (call) => {
      const outcome = await own.handle(call)
      return 'error' in outcome ? outcome : { data }
    },
  }
}

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({
    routes: [answering('unified.placeOrder', 'accepted'), answering('unified.getFills', 'x')],
  })
})
afterAll(async () => {
  await made.sandbox.close()
})

describe('send', () => {
  test('a success envelope whose data does not parse on an order-changing call is an unknown outcome, reconciled to the real order', async () => {
    const c = made.client({ reconcile: { attempts: 3, baseDelayMs: 5 } })
    const ack = await c.orders.place({ ...restingBuy, clientOid: 'odd-data' })
    const { orders } = made.sandbox.admin.state() as unknown as {
      orders: { clientOid: string; orderId: string }[]
    }
    expect(orders.filter((o) => o.clientOid === 'odd-data').map((o) => o.orderId)).toEqual([
      ack.orderId,
    ])
    expect(c.sent).toEqual(['unified.placeOrder', 'unified.getOrderInfo'])
  })

  test('without reconciliation the caller sees the unknown outcome, not a failure', async () => {
    const c = made.client({ reconcile: false })
    const error = await c.orders.place(restingBuy).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error) || error instanceof Error).toBe(true)
    expect(error).toMatchObject({ name: 'UnknownOutcomeError', reason: 'malformed', code: '00000' })
    expect(ResponseError.isInstance((error as Error).cause)).toBe(true)
  })

  test('a read whose data does not parse says so, not "not an envelope"', async () => {
    const error = await made
      .client()
      .orders.getFills({})
      .catch((e: unknown) => e)
    expect(ResponseError.isInstance(error)).toBe(true)
    expect((error as Error).message).toMatch(
      /^The data of the response of unified\.getFills does not have the expected shape: data: /,
    )
    expect((error as Error).message).not.toMatch(/not an envelope/)
  })
})

describe('requireArgument', () => {
  const client = createUnifiedClient({ baseUrl: 'http://127.0.0.1:9', rateLimiter: false })
  const objects = {
    'orders.place': client.orders.place,
    'orders.modify': client.orders.modify,
    'orders.cancel': client.orders.cancel,
    'orders.cancelAll': client.orders.cancelAll,
    'orders.get': client.orders.get,
    'orders.getOpen': client.orders.getOpen,
    'orders.getHistory': client.orders.getHistory,
    'orders.getFills': client.orders.getFills,
    'strategy.place': client.strategy.place,
    'strategy.modify': client.strategy.modify,
    'strategy.cancel': client.strategy.cancel,
    'strategy.getOpen': client.strategy.getOpen,
    'strategy.getHistory': client.strategy.getHistory,
    'countdown.set': client.countdown.set,
    'account.getRealityFills': client.account.getRealityFills,
  } as Record<string, (p: unknown) => Promise<unknown>>
  const arrays = {
    'batch.place': client.batch.place,
    'batch.modify': client.batch.modify,
    'batch.cancel': client.batch.cancel,
    'batch.placeOne': client.batch.placeOne,
    'batch.modifyOne': client.batch.modifyOne,
    'batch.cancelOne': client.batch.cancelOne,
  } as Record<string, (p: unknown) => Promise<unknown>>
  const optional = new Set(['orders.getOpen', 'orders.getFills', 'account.getRealityFills'])
  const cases = [
    ...Object.entries(objects).flatMap(([name, fn]) =>
      [null, 42, 'x', [], ...(optional.has(name) ? [] : [undefined])].map(
        (value) => [name, fn, value, 'an object'] as const,
      ),
    ),
    ...Object.entries(arrays).flatMap(([name, fn]) =>
      [null, undefined, 42, 'x', {}].map((value) => [name, fn, value, 'an array'] as const),
    ),
  ]

  test.each(cases)(
    '%s(%o) throws a ValidationError naming the argument, not a TypeError, and sends nothing',
    async (_, fn, value, expected) => {
      const error = await fn(value).catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues[0]).toMatchObject({
        type: 'type',
        path: [],
        expected,
      })
    },
  )
})
