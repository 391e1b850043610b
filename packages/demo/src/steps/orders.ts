/**
 * Steps 5 to 8: one order's life (place, modify, cancel) with the client knowing the instruments
 * and the position mode, then a place-order whose answer was lost after it was applied.
 */
import { ValidationError } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import { ensure, type Session, short } from '../context.js'

const futures = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const

/**
 * Places, modifies and cancels a limit order, then places one through a lost answer.
 *
 * @example
 * import { orderLife } from './steps/orders.js'
 * const { usedClientOid } = await orderLife(session)
 */
export async function orderLife(session: Session): Promise<{ usedClientOid: string }> {
  const { client, sandbox, sent } = session
  const order = {
    ...futures,
    side: 'buy',
    orderType: 'limit',
    qty: '0.01',
    price: '60000.0',
  } as const
  let orderId = ''
  let usedClientOid = ''

  await session.step('orders.place(limit buy 0.01 @ 60000.0)', async () => {
    const before = sent.length
    const offTick = await client.orders
      .place({ ...order, price: '60000.05' })
      .catch((e: unknown) => e)
    ensure(ValidationError.isInstance(offTick), 'the off-tick price to be refused by the client')
    ensure(sent.length === before, 'nothing to be sent for the off-tick price')
    const placed = await client.orders.place(order)
    const record = await client.orders.get({ orderId: placed.orderId })
    ensure(record.orderStatus === 'live', 'the order to rest (live)')
    orderId = placed.orderId
    usedClientOid = placed.clientOid ?? ''
    return (
      `${short(orderId)} ${record.orderStatus} ${record.qty} @ ${record.price}, clientOid ` +
      `${short(placed.clientOid)}; off-tick 60000.05 refused unsent`
    )
  })

  await session.step('orders.modify(price 60500.0, qty 0.02)', async () => {
    await client.orders.modify({ ...futures, orderId, price: '60500.0', qty: '0.02' })
    const record = await client.orders.get({ orderId })
    // The rules send decimals normalised: 60500.0 goes out (and is recorded) as 60500.
    ensure(record.price === '60500' && record.qty === '0.02', 'the new price and qty')
    return `${short(orderId)} ${record.orderStatus}: price 60000.0 → ${record.price}, qty 0.01 → ${record.qty}`
  })

  await session.step('orders.cancel({ orderId })', async () => {
    await client.orders.cancel({ orderId, category: futures.category })
    const record = await client.orders.get({ orderId })
    ensure(record.orderStatus === 'cancelled', 'the order to be cancelled')
    const open = await client.orders.getOpen({ category: futures.category })
    return `${short(orderId)} ${record.orderStatus} (cancelReason ${record.cancelReason}); ${open.list.length} open`
  })

  await session.step('orders.place() + fault code-after 40725', async () => {
    sandbox.admin.injectFault({ path: Unified.placeOrder.path, kind: 'code-after', code: '40725' })
    const before = { sent: sent.length, responses: session.responses.length }
    const placed = await client.orders.place({ ...order, price: '59000.0' })
    const codes = session.responses.slice(before.responses).map((r) => r.code)
    ensure(codes[0] === '40725', 'the place-order to be answered 40725')
    const lookups = sent.slice(before.sent).filter((id) => id === 'unified.getOrderInfo').length
    const open = await client.orders.getOpen({ category: futures.category })
    session.facts.openAfterReconcile = open.list.length
    ensure(open.list.length === 1, 'exactly one open order')
    ensure(open.list[0]?.orderId === placed.orderId, 'the open order to be the one returned')
    return (
      `answered 40725; ${lookups} lookup by clientOid ${short(placed.clientOid)} → ` +
      `${short(placed.orderId)} returned; 1 open order`
    )
  })

  return { usedClientOid }
}
