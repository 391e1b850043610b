import { Unified } from '@tradeline/rules'
import { describe, expectTypeOf, test } from 'vitest'
import { createTransport, type Transport } from './createTransport.js'

describe('createTransport', () => {
  test('takes a rules Endpoint and returns unknown data', () => {
    const transport = createTransport()
    expectTypeOf(transport).toEqualTypeOf<Transport>()
    expectTypeOf(
      transport.request({ endpoint: Unified.cancelOrder, body: { orderId: '1' } }),
    ).toEqualTypeOf<Promise<unknown>>()
  })

  test('options are all optional; the endpoint is required', () => {
    expectTypeOf(createTransport)
      .parameter(0)
      .toEqualTypeOf<createTransport.Parameters | undefined>()
    // @ts-expect-error endpoint is required
    createTransport().request({ query: {} })
  })
})
