import { describe, expectTypeOf, test } from 'vitest'
import {
  type BoundAction,
  bindActions,
  type CallOptions,
  type ClientBase,
  createClientBase,
} from './createClientBase.js'
import type { Transport } from './createTransport.js'
import type { RateLimiter } from './RateLimiter.js'

declare function place(
  client: ClientBase,
  order: { symbol: string; qty: string },
  options?: CallOptions,
): Promise<{ orderId: string }>
declare const createRateLimiter: (rows: object) => RateLimiter

describe('the foundation types', () => {
  test('BoundAction drops the client and keeps the rest of the signature', () => {
    expectTypeOf<BoundAction<typeof place>>().toEqualTypeOf<
      (
        order: { symbol: string; qty: string },
        options?: CallOptions,
      ) => Promise<{ orderId: string }>
    >()
  })

  test('bindActions types every action of the record; an action of another client does not bind', () => {
    const client = createClientBase(
      {},
      { name: 'x', version: '1', rateLimits: {}, createRateLimiter },
    )
    const orders = bindActions(client, { place })
    expectTypeOf(orders.place).toEqualTypeOf<BoundAction<typeof place>>()
    // @ts-expect-error: qty is a string
    void orders.place({ symbol: 'BTCUSDT', qty: 1 })
    const needsMore = (_: ClientBase & { loaded: true }, _p: unknown) => 1
    // @ts-expect-error: the client has no `loaded`
    bindActions(client, { needsMore })
  })

  test("createClientBase: the transport and a config with the line's own entries", () => {
    const base = createClientBase(
      { reconcile: false },
      {
        name: 'x',
        version: '1',
        rateLimits: {},
        createRateLimiter,
        config: { instruments: false as const },
      },
    )
    expectTypeOf(base.transport).toEqualTypeOf<Transport>()
    expectTypeOf(base.config.instruments).toEqualTypeOf<false>()
    expectTypeOf(base.config.signal).toEqualTypeOf<AbortSignal | undefined>()
    expectTypeOf(base).toMatchTypeOf<ClientBase>()
  })
})
