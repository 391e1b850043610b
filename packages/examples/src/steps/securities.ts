/**
 * Steps 22 to 27: the securities account (`/api/v3/stockplus`) of the same sandbox key with
 * `@tradeline/securities`, then a savings product with `@tradeline/savings`: an option quote, a
 * transfer in, an LO order that fills, a TSLPPCT order that rests, the positions, a savings
 * lookup.
 */
import { createSavingsClient } from '@tradeline/savings'
import { createSecuritiesClient } from '@tradeline/securities'
import { ensure, type Session, short } from '../context.js'

const option = 'AAPL260918C00230000.US'

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

  await session.step(`securities market.optionQuote(${option})`, async () => {
    const [quote] = await securities.market.optionQuote({ symbol: [option] })
    ensure(quote?.expiryDate === '2026-09-18', 'the expiry date as YYYY-MM-DD')
    return `last ${quote.lastDone}, ${quote.direction?.name} ${quote.strikePrice}, expires ${quote.expiryDate}, ${quote.tradeStatus?.name}`
  })

  await session.step('securities transfer(5000 USDC in)', async () => {
    sandbox.admin.setBalance('USDC', '5000')
    const { transferId } = await securities.transfer({
      coin: 'USDC',
      amount: '5000',
      direction: 'in',
    })
    const [funds] = await securities.account.funds({ currency: 'USD' })
    return `transfer ${short(transferId)}; cash ${funds?.cashInfos[0]?.availableCash} USD, risk ${funds?.riskLevel?.name}`
  })

  await session.step('securities orders.place(LO buy 3 AAPL.US at the best ask)', async () => {
    const [ask] = (await securities.market.depth({ symbol: 'AAPL.US' })).asks
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
    return `order ${short(orderId)} marketable at ask ${ask.price}, filled (no clientOid: an unknown outcome is never resent)`
  })

  await session.step('securities orders.place(TSLPPCT sell 1 AAPL.US, 2.5%)', async () => {
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
    return `order ${short(orderId)} rests (trailing 2.5%)`
  })

  await session.step('securities account.positions()', async () => {
    const [channel] = await securities.account.positions()
    const held = channel?.positions.find((position) => position.symbol === 'AAPL.US')
    ensure(held?.quantity === '3', 'a position of 3 AAPL.US')
    return `AAPL.US ${held.quantity} (available ${held.availableQuantity}) at cost ${held.costPrice}`
  })

  await session.step('savings subscribeInfo(1001, flexible)', async () => {
    const info = await savings.subscribeInfo({ productId: '1001', periodType: 'flexible' })
    ensure(info.apyList.length > 0, 'step rates')
    const steps = info.apyList.map((step) => `${step.currentApy}% to ${step.maxStepVal ?? '∞'}`)
    return `min ${info.singleMinAmount}, steps ${steps.join(', ')}, redeem D+${info.redeemDelay?.days}`
  })
}
