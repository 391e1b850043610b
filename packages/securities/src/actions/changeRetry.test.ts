/**
 * The retry (`retryWith`) of a cancel or modification whose first attempt reached the exchange
 * only after the lookups gave up, through a scripted proxy on loopback in front of the sandbox
 * that holds the first attempt.
 */
import { ApiError, OrderOutcomeUnknownError } from '@tradeline/core'
import type { Step, scriptedProxy } from '@tradeline/fuzz/scriptedProxy'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { createSecuritiesClient } from '../createSecuritiesClient.js'
import { order, proxied } from '../test/proxied.js'
import { setup } from '../test/sandbox.js'

let ctx: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  ctx = await setup()
})
afterAll(() => ctx.sandbox.close())
let proxy: Awaited<ReturnType<typeof scriptedProxy>> | undefined
afterEach(() => proxy?.close())

async function open(script: readonly Step[], timeout: number) {
  const made = await proxied(ctx, script, timeout)
  proxy = made.proxy
  return made
}

describe('the retry (retryWith) of a change whose first attempt reached the exchange after the lookups', () => {
  /**
   * Places an order straight, then sends `change` through the proxy, its request held until the
   * client gave up (timeout) and its lookups saw the order unchanged; then lets it reach the
   * exchange, runs `meanwhile`, and sends the error's `retryWith`, as documented.
   */
  async function retried(
    change: 'cancel' | 'modify',
    meanwhile: (orderId: string, direct: ReturnType<typeof createSecuritiesClient>) => unknown,
  ) {
    const { client, direct, proxy } = await open(['holdBefore'], 300)
    const { orderId } = await direct.orders.place(order)
    const first = await (change === 'cancel'
      ? client.orders.cancel({ symbol: 'AAPL.US', orderId })
      : client.orders.modify({ orderId, quantity: '1', price: '45.5' })
    ).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(first)).toBe(true)
    proxy.release(0)
    await proxy.answered(0)
    await meanwhile(orderId, direct)
    const retryWith = (first as OrderOutcomeUnknownError<Record<string, string>>).retryWith
    const again = await (change === 'cancel'
      ? client.orders.cancel(retryWith as { symbol: string; orderId: string })
      : client.orders.modify(retryWith as { orderId: string; quantity: string })
    ).catch((e: unknown) => e)
    return { orderId, again, detail: await direct.orders.get({ orderId }) }
  }

  test('cancel: the retry is refused (43020, the order is closed) while the first attempt cancelled it: the acknowledgement, not the refusal', async () => {
    const { orderId, again, detail } = await retried('cancel', () => undefined)
    expect(detail.status).toBe('CanceledStatus')
    expect(ApiError.isInstance(again)).toBe(false)
    expect(again).toEqual({ orderId, clientOid: null, symbol: 'AAPL.US' })
  })

  test('modify: the first attempt applied, then the order was cancelled; the retry is refused (43020): the acknowledgement, the order shows the modification', async () => {
    const { orderId, again, detail } = await retried('modify', (id, direct) =>
      direct.orders.cancel({ symbol: 'AAPL.US', orderId: id }),
    )
    expect([detail.status, detail.price]).toEqual(['CanceledStatus', '45.5'])
    expect(ApiError.isInstance(again)).toBe(false)
    expect(again).toEqual({ orderId, clientOid: null, symbol: 'AAPL.US' })
  })
})
