/**
 * An order placed elsewhere (the web UI, another tool) may carry a clientOid that this SDK would
 * never generate, such as the exchange's own `BITGET#...` ids: it is read and cancelled by that
 * clientOid through the client, against the sandbox over HTTP.
 */
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from '../test/sandbox.js'
import { cancelOrder } from './cancelOrder.js'
import { getOrderInfo } from './getOrderInfo.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']

beforeAll(async () => {
  ;({ sandbox, client } = await setup())
})
afterAll(async () => {
  await sandbox.close()
})

describe('an order named by a clientOid placed elsewhere', () => {
  test('"BITGET#1": read by clientOid (the `#` percent-encoded in the query) and cancelled by it', async () => {
    const seeded = sandbox.admin.addOrder({ ...restingBuy, clientOid: 'BITGET#1' })
    const c = client()
    expect(await getOrderInfo(c, { clientOid: 'BITGET#1' })).toMatchObject({
      orderId: seeded.orderId,
      clientOid: 'BITGET#1',
      orderStatus: 'live',
    })
    expect(await cancelOrder(c, { category: 'SPOT', clientOid: 'BITGET#1' })).toMatchObject({
      orderId: seeded.orderId,
      clientOid: 'BITGET#1',
    })
    expect(await getOrderInfo(c, { orderId: seeded.orderId })).toMatchObject({
      orderStatus: 'cancelled',
    })
    expect(c.sent).toEqual(['unified.getOrderInfo', 'unified.cancelOrder', 'unified.getOrderInfo'])
  })

  test('the characters a query gives a meaning to (`&`, `=`, `+`, `%`, a space) travel as given', async () => {
    const id = 'a&b=c d+e%20'
    const seeded = sandbox.admin.addOrder({ ...restingBuy, clientOid: id })
    expect(await getOrderInfo(client(), { clientOid: id })).toMatchObject({
      orderId: seeded.orderId,
      clientOid: id,
    })
  })
})
