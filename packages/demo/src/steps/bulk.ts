/**
 * Steps 9 and 10: 50 orders through the batch helper with progress, and a trigger order that the
 * exchange fires when the admin API moves the price across it.
 */
import { parse } from '@tradeline/rules/big'
import { ensure, type Session, short } from '../context.js'

/**
 * Places 50 orders in batches (one reuses a spent clientOid), then a trigger order.
 *
 * @example
 * import { batchAndStrategy } from './steps/bulk.js'
 * await batchAndStrategy(session, { usedClientOid })
 */
export async function batchAndStrategy(
  session: Session,
  { usedClientOid }: { usedClientOid: string },
): Promise<void> {
  const { client, sandbox, sent } = session

  await session.step('batch.place(50 orders, { onProgress })', async () => {
    // A ladder of resting buys 10 apart; item 37 reuses the clientOid of step 5, which the
    // exchange refuses on its own (the other items of its batch are placed).
    const orders = Array.from({ length: 50 }, (_, i) => ({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.001',
      price: parse('58000.0')
        .minus(i * 10)
        .toFixed(1),
      ...(i === 37 && { clientOid: usedClientOid }),
    })) as Parameters<typeof client.batch.place>[0]
    const before = sent.length
    const outcomes = await client.batch.place(orders, {
      onProgress: ({ done, total }) => void session.facts.progress.push(`${done}/${total}`),
    })
    const requests = sent.slice(before).filter((id) => id === 'unified.placeBatch').length
    const counts = session.facts.batch
    for (const outcome of outcomes) counts[outcome.status]++
    const rejected = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [`${o.code} ${o.msg}`] : [],
    )
    ensure(session.facts.progress.join() === '20/50,40/50,50/50', 'progress 20/50, 40/50, 50/50')
    ensure(counts.ok === 49 && counts.rejected === 1, '49 placed and 1 refused')
    return (
      `${session.facts.progress.join(', ')} (${requests} requests); ${counts.ok} ok, ` +
      `${counts.rejected} rejected (${rejected.join('; ')})${counts.failed > 0 ? `, ${counts.failed} failed` : ''}`
    )
  })

  await session.step('strategy.place(trigger), admin.setPrice', async () => {
    const { orderId } = await client.strategy.place({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      type: 'trigger',
      side: 'buy',
      qty: '0.001',
      triggerPrice: '66000.0',
      triggerOrderType: 'market',
    })
    const open = await client.strategy.getOpen({ category: 'USDT-FUTURES' })
    const before = open.list.find((s) => s.orderId === orderId)?.status
    ensure(before === 'pending', 'the trigger order to wait (pending)')
    const from = sandbox.admin.state().prices.BTCUSDT
    sandbox.admin.setPrice('BTCUSDT', '66000.0')
    const history = await client.strategy.getHistory({ category: 'USDT-FUTURES' })
    const after = history.list.find((s) => s.orderId === orderId)
    session.facts.strategyStatus = after?.status ?? undefined
    ensure(after?.status === 'success', 'the trigger order to fire (success)')
    // `orderIds` (the orders it placed) is a field the SDK's lenient schema keeps as it comes.
    const { orderIds } = after as { orderIds?: unknown }
    const placed = Array.isArray(orderIds) ? orderIds[0] : undefined
    ensure(typeof placed === 'string', 'the triggered order to name the order it placed')
    const fired = await client.orders.get({ orderId: placed })
    return (
      `${short(orderId)} ${before}; price ${from} → 66000.0: ${after.status}; ` +
      `order ${short(placed)} ${fired.orderStatus} @ ${fired.avgPrice}`
    )
  })
}
