/**
 * The classic bot session: a classic futures client of an account of its own, created without
 * the `positionMode` option, reads the account (the position mode comes from `posMode`), sets
 * isolated margin and leverage 5, opens a long with a preset take-profit and stop-loss, sees the
 * take-profit close it when the price crosses, reads the fill and the bill back, and places a
 * trailing stop (`track_plan`) that triggers once the price has risen and fallen back by its
 * callback ratio.
 */
import { createClassicFuturesClient } from '@tradeline/classic-futures'
import { ValidationError } from '@tradeline/core'
import { ensure, type Session, short } from '../context.js'

const coin = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginCoin: 'USDT' } as const
const pair = { symbol: coin.symbol, productType: coin.productType } as const
/** The bot's own account: flat, in hedge mode, as its owner set it up on the website. */
const uid = '5500000001'

/**
 * Runs the classic bot session against the session's sandbox.
 *
 * @example
 * import { classicBot } from './steps/classicBot.js'
 * await classicBot(session)
 */
export async function classicBot(session: Session): Promise<void> {
  const { sandbox, sent } = session
  const credentials = sandbox.admin.addKey({ uid, accountMode: 'classic' })
  sandbox.admin.setBalance('USDT', '10000', uid)
  sandbox.admin.setClassicPositionMode('hedge', { uid })
  sandbox.admin.setPrice(coin.symbol, '65000')
  const client = createClassicFuturesClient({
    baseUrl: sandbox.url,
    credentials,
    hooks: session.hooks,
  })
  /** The bot's BTCUSDT positions as the client reads them, e.g. `long 0.01 (isolated, 5x)`. */
  const positions = async () => {
    const held = await client.account.getPosition(coin)
    const open = held.filter((p) => p.total !== '0')
    return open.length === 0
      ? 'flat'
      : open.map((p) => `${p.holdSide} ${p.total} (${p.marginMode}, ${p.leverage}x)`).join(', ')
  }

  await session.step('classic bot account.get() (no positionMode option)', async () => {
    const account = await client.account.get(coin)
    ensure(account.posMode === 'hedge_mode', 'the account read in hedge mode')
    const before = sent.length
    const unsided = await client.orders
      .place({ ...coin, marginMode: 'crossed', side: 'buy', orderType: 'market', size: '0.01' })
      .catch((e: unknown) => e)
    ensure(ValidationError.isInstance(unsided), 'an order without tradeSide to be refused')
    // (the client loads the contract to check the order against: a read, no order)
    ensure(!sent.slice(before).includes('classic.placeOrder'), 'no order to be sent for it')
    return (
      `posMode ${account.posMode} read from the account: an order without tradeSide is then ` +
      `refused unsent; available ${account.available} USDT, margin ${account.marginMode}`
    )
  })

  await session.step('classic bot account.setMarginMode(isolated), setLeverage(5)', async () => {
    const mode = await client.account.setMarginMode({ ...coin, marginMode: 'isolated' })
    // isolated in hedge mode: one leverage per side
    const leverage = await client.account.setLeverage({
      ...coin,
      longLeverage: '5',
      shortLeverage: '5',
    })
    const account = await client.account.get(coin)
    ensure(mode.marginMode === 'isolated', 'isolated margin set')
    ensure(
      account.marginMode === 'isolated' &&
        String(account.isolatedLongLever) === '5' &&
        String(account.isolatedShortLever) === '5',
      'the account to read isolated, 5x long and short',
    )
    return (
      `set-margin-mode → ${mode.marginMode}; set-leverage → long ${leverage.longLeverage}x, ` +
      `short ${leverage.shortLeverage}x; account.get reads ${account.marginMode} ` +
      `${account.isolatedLongLever}x/${account.isolatedShortLever}x`
    )
  })

  let opened = ''
  await session.step('classic bot orders.place(open long 0.01, TP 66000, SL 63000)', async () => {
    const placed = await client.orders.place({
      ...coin,
      marginMode: 'isolated',
      side: 'buy',
      tradeSide: 'open',
      orderType: 'market',
      size: '0.01',
      presetStopSurplusPrice: '66000',
      presetStopLossPrice: '63000',
    })
    opened = placed.orderId
    const held = await positions()
    const { entrustedList } = await client.plans.getPending({
      ...pair,
      planType: 'profit_loss',
    })
    const presets = (entrustedList ?? []).map((p) => `${p.planType} @ ${p.triggerPrice}`).sort()
    ensure(held === 'long 0.01 (isolated, 5x)', 'a long of 0.01, isolated at 5x')
    ensure(
      presets.join() === 'loss_plan @ 63000,profit_plan @ 66000',
      'the presets pending as a take-profit and a stop-loss plan',
    )
    return `market buy ${short(placed.orderId)} filled: ${held}; pending ${presets.join(', ')}`
  })

  await session.step('classic bot admin price 66100 (crosses the take-profit)', async () => {
    sandbox.admin.setPrice(coin.symbol, '66100')
    const held = await positions()
    const history = await client.plans.getHistory({ ...pair, planType: 'profit_loss' })
    const outcome = (history.entrustedList ?? []).map((p) => `${p.planType} ${p.planStatus}`).sort()
    ensure(held === 'flat', 'the take-profit to close the long')
    ensure(
      outcome.join() === 'loss_plan cancelled,profit_plan executed',
      'the take-profit executed and the stop-loss cancelled with the position',
    )
    return `position ${held}; ${outcome.join(', ')}`
  })

  await session.step('classic bot orders.getFills(), account.getBills()', async () => {
    const { fillList } = await client.orders.getFills({ ...pair })
    const closing = (fillList ?? []).find((f) => f.orderId !== opened)
    const { bills } = await client.account.getBills({
      productType: coin.productType,
      coin: coin.marginCoin,
      businessType: 'close_long',
    })
    const bill = bills?.[0]
    ensure(closing?.price === '66100' && closing.tradeSide === 'close', 'the closing fill @ 66100')
    ensure(bill?.amount === '11', 'the close_long bill to book the profit of 11 USDT')
    return (
      `closing fill ${short(closing.tradeId)} sell ${closing.baseVolume} @ ${closing.price} ` +
      `(profit ${closing.profit}); bill close_long ${bill.amount} USDT, balance ${bill.balance}`
    )
  })

  await session.step(
    'classic bot plans.place(track_plan sell 0.01, trigger 66500, 1%)',
    async () => {
      const trailing = await client.plans.place({
        ...coin,
        planType: 'track_plan',
        marginMode: 'isolated',
        side: 'sell',
        tradeSide: 'open',
        orderType: 'market',
        size: '0.01',
        triggerPrice: '66500',
        triggerType: 'fill_price',
        callbackRatio: '1',
      })
      const path: string[] = []
      const status = async () => {
        const { entrustedList } = await client.plans.getHistory({ ...pair, planType: 'track_plan' })
        return (
          (entrustedList ?? []).find((p) => p.orderId === trailing.orderId)?.planStatus ?? 'live'
        )
      }
      // Up through the trigger to 67000, then back down: 66500 is 0.75% below the best, 66300 1.04%.
      for (const price of ['66600', '67000', '66500', '66300']) {
        sandbox.admin.setPrice(coin.symbol, price)
        path.push(`${price} ${await status()}`)
      }
      const held = await positions()
      ensure(
        path.join() === '66600 live,67000 live,66500 live,66300 executed',
        'the trailing stop to trigger only once 1% below the best price',
      )
      ensure(held === 'short 0.01 (isolated, 5x)', 'the trailing stop to open a short of 0.01')
      await client.orders.closePositions({ ...pair })
      ensure((await positions()) === 'flat', 'flash close to leave no position')
      return `${short(trailing.orderId)}: ${path.join(' → ')}; ${held}, then flash close → flat`
    },
  )
}
