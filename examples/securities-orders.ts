import { startSandbox } from '@tradeline/sandbox'
import { createSecuritiesClient, UnknownOutcomeError } from '@tradeline/securities'

// The sandbox follows the US sessions: its clock starts on a Wednesday at 10:00 New York (the
// regular session, so the RTHOnly order below fills at once) and runs on from there. The client
// signs with the same clock.
const started = Date.now()
const clock = { now: () => Date.UTC(2026, 6, 1, 14) + (Date.now() - started) }
const sandbox = await startSandbox({ port: 0, clock })
// Option quotes need the US option market-data entitlement on the key.
const credentials = sandbox.admin.addKey({ permissions: ['trade_rw', 'optionQuote'] })
const client = createSecuritiesClient({ baseUrl: sandbox.url, credentials, clock })

// Option contracts come from the chain: the listed expiry dates (YYYY-MM-DD, nearest first),
// then the strikes of one expiry, each with its call and put symbol. Contracts expire, so a
// symbol is looked up, never written down.
const [expiry] = await client.market.getOptionExpiryDates({ symbol: 'AAPL.US' })
if (expiry === undefined) throw new Error('no option expiry listed for AAPL.US')
const chain = await client.market.getOptionChain({ symbol: 'AAPL.US', expiryDate: expiry })
const callSymbol = chain[Math.floor(chain.length / 2)]?.callSymbol
if (!callSymbol) throw new Error(`no call listed for ${expiry}`)
// Numbers arrive as strings or numbers and are returned as decimal strings.
const [quote] = await client.market.getOptionQuote({ symbol: [callSymbol] })
console.log(
  'option',
  quote?.expiryDate === expiry,
  quote?.direction?.name,
  quote?.tradeStatus?.name,
)

// Money in: from the spot account to the securities account.
sandbox.admin.setBalance('USDC', '5000')
await client.transfer({ coin: 'USDC', amount: '5000', direction: 'in' })

const [ask] = (await client.market.getDepth({ symbol: 'AAPL.US' })).asks
if (!ask?.price) throw new Error('no ask in the AAPL.US book')
try {
  const { orderId } = await client.orders.place({
    symbol: 'AAPL.US',
    orderType: 'LO',
    side: 'Buy',
    submittedQuantity: '3',
    submittedPrice: ask.price,
    timeInForce: 'Day',
    outsideRth: 'RTHOnly',
  })
  console.log('order', orderId)
} catch (error) {
  // Stockplus orders carry no clientOid, so an unknown outcome cannot be looked up exactly: the
  // client never sends it again. Look at the account (executions, positions) before placing again.
  if (!UnknownOutcomeError.isInstance(error)) throw error
  console.warn('placement outcome unknown')
}

// A trailing stop by percent: each order type takes its own fields, checked before sending.
const trailing = await client.orders.place({
  symbol: 'AAPL.US',
  orderType: 'TSLPPCT',
  side: 'Sell',
  submittedQuantity: '1',
  trailingPercent: '2.5',
  limitOffset: '0.1',
  timeInForce: 'GoodTilCanceled',
  outsideRth: 'RTHOnly',
})
console.log('trailing stop', trailing.orderId)

const [channel] = await client.account.getPositions()
for (const { symbol, quantity, costPrice } of channel?.positions ?? [])
  console.log('position', symbol, quantity, costPrice)

// Every execution of a range, however long: walked in windows of at most 90 days, a window with
// more than an answer holds split in halves, each execution yielded once.
sandbox.admin.seedExecutions({
  count: 2500,
  from: Date.UTC(2025, 0, 1),
  to: Date.UTC(2025, 11, 31),
})
let executions = 0
for await (const _ of client.executions.iterate({ startAt: 1735689600, endAt: 1767225600 }))
  executions++
console.log('executions in 2025:', executions)
await sandbox.close()
