/**
 * Steps 26 to 31: the securities account (`/api/v3/stockplus`) of the same sandbox key with
 * `@tradeline/securities`, then a savings product with `@tradeline/savings`: an option found
 * through the chain and quoted, a transfer in, an LO order that fills (outside the regular
 * session it rests, and the sandbox's admin fills it), a TSLPPCT order that
 * rests and is cancelled, the positions, a savings lookup.
 */
import { createSavingsClient } from '@tradeline/savings'
import { createSecuritiesClient } from '@tradeline/securities'
import { ensure, type Session, short } from '../context.js'

/**
 * Runs the securities and savings part of the session with clients of the sandbox's key.
 *
 * @example
 * import { securitiesAndSavings } from './steps/securities.js'
 * await securitiesAndSavings(session)
 */
export async function securitiesAndSavings(session: Session): Promise<void> {
  const { sandbox } = session
  const options = { baseUrl: sandbox.url, credentials: sandbox.credentials, hooks: session.hooks }
  const securities = createSecuritiesClient(options)
  const savings = createSavingsClient(options)

  await session.step(
    'securities market.getOptionChain(AAPL.US, nearest expiry) + optionQuote',
    async () => {
      // Contracts expire: the symbol comes from the chain of the sandbox's clock, never written down.
      const [expiry] = await securities.market.getOptionExpiryDates({ symbol: 'AAPL.US' })
      ensure(expiry !== undefined, 'a listed expiry')
      const chain = await securities.market.getOptionChain({
        symbol: 'AAPL.US',
        expiryDate: expiry,
      })
      const strike = chain[Math.floor(chain.length / 2)]
      const call = strike?.callSymbol
      ensure(typeof call === 'string', 'a call in the chain')
      const [quote] = await securities.market.getOptionQuote({ symbol: [call] })
      ensure(quote?.expiryDate === expiry, "the quote of the chain's contract")
      ensure(quote.tradeStatus?.name === 'Normal', 'a live contract')
      return `${chain.length} strikes on ${expiry}; ${call}: last ${quote.lastDone}, ${quote.direction?.name} ${quote.strikePrice}, ${quote.tradeStatus?.name}`
    },
  )

  await session.step('securities transfer(5000 USDC in)', async () => {
    sandbox.admin.setBalance('USDC', '5000')
    const { transferId } = await securities.transfer({
      coin: 'USDC',
      amount: '5000',
      direction: 'in',
    })
    const [funds] = await securities.account.getFunds({ currency: 'USD' })
    return `transfer ${short(transferId)}; cash ${funds?.cashInfos[0]?.availableCash} USD, risk ${funds?.riskLevel?.name}`
  })

  await session.step('securities orders.place(LO buy 3 AAPL.US at the best ask)', async () => {
    const [ask] = (await securities.market.getDepth({ symbol: 'AAPL.US' })).asks
    ensure(ask?.price != null, 'a best ask')
    const { orderId } = await securities.orders.place({
      symbol: 'AAPL.US',
      orderType: 'LO',
      side: 'Buy',
      submittedQuantity: '3',
      submittedPrice: ask.price,
      timeInForce: 'Day',
      outsideRth: 'RTHOnly',
    })
    // An RTHOnly order fills at once in the US regular session only; at other hours of the
    // sandbox clock it rests until the session opens, and the demo fills it with the admin.
    const placed = await securities.orders.get({ orderId })
    if (placed.status === 'FilledStatus')
      return `order ${short(orderId)} marketable at ask ${ask.price}, filled (no clientOid: an unknown outcome is never resent)`
    ensure(placed.status === 'NewStatus', 'a resting order outside the regular session')
    sandbox.admin.fillStockOrder({ orderId })
    return `order ${short(orderId)} marketable at ask ${ask.price}, rests outside the regular session (RTHOnly), filled by admin.fillStockOrder (no clientOid: an unknown outcome is never resent)`
  })

  await session.step(
    'securities orders.place(TSLPPCT sell 1 AAPL.US, 2.5%) + orders.cancel',
    async () => {
      const { orderId } = await securities.orders.place({
        symbol: 'AAPL.US',
        orderType: 'TSLPPCT',
        side: 'Sell',
        submittedQuantity: '1',
        trailingPercent: '2.5',
        limitOffset: '0.1',
        timeInForce: 'GoodTilCanceled',
        outsideRth: 'RTHOnly',
      })
      const resting = await securities.orders.get({ orderId })
      await securities.orders.cancel({ symbol: 'AAPL.US', orderId })
      const after = await securities.orders.get({ orderId })
      ensure(after.status !== resting.status, 'the cancel changed the order')
      return `order ${short(orderId)} rested (${resting.status}, trailing 2.5%), cancelled: ${after.status}`
    },
  )

  await session.step('securities account.getPositions()', async () => {
    const [channel] = await securities.account.getPositions()
    const held = channel?.positions.find((position) => position.symbol === 'AAPL.US')
    ensure(held?.quantity === '3', 'a position of 3 AAPL.US')
    return `AAPL.US ${held.quantity} (available ${held.availableQuantity}) at cost ${held.costPrice}`
  })

  await session.step('savings getSubscribeInfo(1001, flexible)', async () => {
    const info = await savings.getSubscribeInfo({ productId: '1001', periodType: 'flexible' })
    ensure(info.apyList.length > 0, 'step rates')
    const steps = info.apyList.map((step) => `${step.currentApy}% to ${step.maxStepVal ?? '∞'}`)
    return `min ${info.singleMinAmount}, steps ${steps.join(', ')}, redeem D+${info.redeemDelay?.days}`
  })
}
