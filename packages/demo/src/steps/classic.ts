/**
 * Steps 17 to 21: the classic futures account (`/api/v2/mix`) of the session's classic key with
 * `@tradeline/classic-futures`: an order filled in one-way mode, hedge mode (switched through
 * the sandbox admin) with a long and a short, a reversal, a modify that recreates the order, and
 * 120 orders in batches.
 */
import { createClassicFuturesClient } from '@tradeline/classic-futures'
import { ValidationError } from '@tradeline/core'
import { parse } from '@tradeline/rules/big'
import { ensure, type Session, short } from '../context.js'

const btc = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  marginMode: 'crossed',
  marginCoin: 'USDT',
} as const
const pair = { symbol: btc.symbol, productType: btc.productType } as const

/**
 * Runs the classic-futures part of the session with a classic client of the session's classic
 * account (its key: `session.classicCredentials`).
 *
 * @example
 * import { classicFutures } from './steps/classic.js'
 * await classicFutures(session)
 */
export async function classicFutures(session: Session): Promise<void> {
  const { sandbox, sent, facts } = session
  // The client reads the classic position mode from the account (posMode) on the first order,
  // and knows the new one at once when its own account.setPositionMode succeeds.
  const client = createClassicFuturesClient({
    baseUrl: sandbox.url,
    credentials: session.classicCredentials,
    hooks: session.hooks,
  })
  /** The classic BTCUSDT positions of USDT-FUTURES as the sandbox holds them. */
  const positions = () => positionsOf(session)

  await session.step('classic orders.place(0.01 @ 60000), fill', async () => {
    const placed = await client.orders.place({
      ...btc,
      side: 'buy',
      orderType: 'limit',
      size: '0.01',
      price: '60000',
    })
    const resting = await client.orders.get({ ...pair, orderId: placed.orderId })
    ensure(resting.state === 'live', 'the order to rest (live)')
    sandbox.admin.fill(placed.orderId)
    const filled = await client.orders.get({ ...pair, orderId: placed.orderId })
    const held = positions()
    facts.classic.oneWay = { state: filled.state ?? undefined, position: held }
    ensure(filled.state === 'filled', 'the order to be filled')
    ensure(held === 'net 0.01', 'a one-way (net) position of 0.01')
    // Flat again, so that the position mode can change.
    await client.orders.closePositions({ ...pair })
    ensure(positions() === 'flat', 'flash close to leave no position')
    return (
      `one-way: limit buy ${short(placed.orderId)} ${resting.state}, admin.fill → ${filled.state} ` +
      `@ ${filled.priceAvg} (${filled.tradeSide}); position ${held}; flash close → flat`
    )
  })

  await session.step('classic account.setPositionMode(hedge_mode)', async () => {
    await client.account.setPositionMode({ productType: btc.productType, posMode: 'hedge_mode' })
    const market = { ...btc, orderType: 'market' } as const
    const before = sent.length
    const unsided = await client.orders
      .place({ ...market, side: 'buy', size: '0.02' })
      .catch((e: unknown) => e)
    ensure(ValidationError.isInstance(unsided), 'a hedge order without tradeSide to be refused')
    ensure(sent.length === before, 'nothing to be sent for it')
    const long = await client.orders.place({
      ...market,
      side: 'buy',
      tradeSide: 'open',
      size: '0.02',
    })
    const shortOrder = await client.orders.place({
      ...market,
      side: 'sell',
      tradeSide: 'open',
      size: '0.01',
    })
    const held = positions()
    facts.classic.hedge = held
    ensure(held === 'long 0.02, short 0.01', 'long 0.02 and short 0.01')
    return (
      `market open long ${short(long.orderId)} 0.02 + open short ${short(shortOrder.orderId)} ` +
      `0.01: ${held}; an order without tradeSide refused unsent`
    )
  })

  await session.step('classic orders.reverse(buy, size 0.01)', async () => {
    const before = positions()
    const reversed = await client.orders.reverse({
      symbol: btc.symbol,
      marginCoin: btc.marginCoin,
      productType: btc.productType,
      side: 'buy',
      tradeSide: 'open',
      size: '0.01',
    })
    const after = positions()
    facts.classic.reversal = { before, after }
    ensure(after === 'long 0.01, short 0.02', 'long 0.01 and short 0.02 after the reversal')
    const opened = await client.orders.get({ ...pair, orderId: reversed.orderId })
    return (
      `click-backhand, hedge: ${before} → ${after} ` +
      `(opening order ${short(reversed.orderId)} ${opened.state}, orderSource ${opened.orderSource})`
    )
  })

  await session.step('classic orders.modify(…, { waitForNew })', async () => {
    const placed = await client.orders.place({
      ...btc,
      side: 'buy',
      tradeSide: 'open',
      orderType: 'limit',
      size: '0.01',
      price: '58000',
    })
    const modified = await client.orders.modify(
      { ...pair, orderId: placed.orderId, newSize: '0.02', newPrice: '58500' },
      { waitForNew: true },
    )
    ensure(modified.orderId !== null, 'the new order to be found by newClientOid')
    const old = await client.orders.get({ ...pair, orderId: placed.orderId })
    const renewed = await client.orders.get({ ...pair, orderId: modified.orderId })
    facts.classic.modify = {
      oldOrderId: placed.orderId,
      newOrderId: modified.orderId,
      oldState: old.state ?? undefined,
      newState: renewed.state ?? undefined,
    }
    ensure(modified.orderId !== placed.orderId, 'a new orderId')
    ensure(renewed.clientOid === modified.newClientOid, 'the new order to carry newClientOid')
    ensure(old.state === 'canceled' && renewed.state === 'live', 'old canceled, new live')
    return (
      `0.01 @ 58000 → 0.02 @ 58500: ${short(placed.orderId)} ${old.state} (${old.cancelReason}), ` +
      `new ${short(modified.orderId)} ${renewed.state} ${renewed.size} @ ${renewed.price} under ` +
      `newClientOid ${short(modified.newClientOid)}`
    )
  })

  await session.step('classic batch.place(120, { onProgress })', async () => {
    // A ladder of resting buys 10 apart, opening longs.
    const orders = Array.from({ length: 120 }, (_, i) => ({
      ...btc,
      side: 'buy',
      tradeSide: 'open',
      orderType: 'limit',
      size: '0.001',
      price: parse('57000')
        .minus(i * 10)
        .toFixed(0),
    })) as Parameters<typeof client.batch.place>[0]
    const before = sent.length
    const { progress, batch } = facts.classic
    const outcomes = await client.batch.place(orders, {
      onProgress: ({ done, total }) => void progress.push(`${done}/${total}`),
    })
    batch.requests = sent.slice(before).filter((id) => id === 'classic.batchPlaceOrder').length
    for (const outcome of outcomes) batch[outcome.status]++
    ensure(progress.join() === '50/120,100/120,120/120', 'progress 50/120, 100/120, 120/120')
    ensure(batch.ok === 120, '120 placed')
    return (
      `${progress.join(', ')} (${batch.requests} requests); ${batch.ok} ok, ${batch.rejected} rejected` +
      `${batch.failed > 0 ? `, ${batch.failed} failed` : ''} (limit buys 57000 down to 55810)`
    )
  })
}

/** The classic BTCUSDT positions of the sandbox account, e.g. `long 0.02, short 0.01`. */
function positionsOf(session: Session): string {
  const held = session.sandbox.admin
    .state()
    .positions.filter(
      (p) =>
        p.line === 'classic' &&
        p.symbol === btc.symbol &&
        p.category.toUpperCase() === btc.productType &&
        !parse(p.size).isZero(),
    )
    .sort((a, b) => a.side.localeCompare(b.side))
    .map((p) => `${p.side} ${p.size}`)
  return held.length === 0 ? 'flat' : held.join(', ')
}
