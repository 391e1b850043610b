/**
 * Steps 1 to 4: the US market states, a signed read, and the rules engine checking an order
 * before anything is sent.
 */
import { Endpoint, Session as MarketSession, TickSize, Unified } from '@tradeline/rules'
import { ensure, type Session } from '../context.js'

/**
 * Market states, a signed read, an off-tick order refused and the same order rounded.
 *
 * @example
 * import { readsAndChecks } from './steps/reads.js'
 * await readsAndChecks(session)
 */
export async function readsAndChecks(session: Session): Promise<void> {
  const { client, sandbox } = session

  await session.step('market.getStates()', async () => {
    const [us] = await client.market.getStates()
    const now = MarketSession.at(sandbox.admin.now())
    return `US ${us?.daylightType}, ${us?.stateList.length} sessions; now ${now.et.time} ET: ${now.state}`
  })

  await session.step("orders.getOpen({ category: 'SPOT' })", async () => {
    const page = await client.orders.getOpen({ category: 'SPOT' })
    return `${page.list.length} open orders (signed read accepted)`
  })

  const btc = session.instruments.BTCUSDT
  ensure(btc !== undefined, 'the sandbox to list BTCUSDT')
  const order = {
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    qty: '0.0125',
    price: '64000.35',
    posSide: 'long',
  }
  await session.step('Endpoint.check(placeOrder), one-way mode', () => {
    const result = Endpoint.check(Unified.placeOrder, order, {
      instrument: btc,
      positionMode: 'one_way',
    })
    ensure(!result.success, 'an off-tick order in one-way mode with posSide to be refused')
    const issues = result.issues.map((i) => `${i.path.join('.')} ${i.type}`).join(', ')
    return `refused before sending: ${issues}`
  })

  await session.step('TickSize.round*, then check, hedge mode', () => {
    const fixed = {
      ...order,
      price: TickSize.roundPrice(order.price, btc, 'down'),
      qty: TickSize.roundQty(order.qty, btc),
    }
    const result = Endpoint.check(Unified.placeOrder, fixed, {
      instrument: btc,
      positionMode: 'hedge',
    })
    if (!result.success) throw new Error(result.issues[0].message)
    return `valid: price ${fixed.price}, qty ${fixed.qty} (tick ${btc.priceMultiplier}, lot ${btc.sizeMultiplier})`
  })
}
