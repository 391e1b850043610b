import { startSandbox } from '@tradeline/sandbox'
import { createUnifiedClient, createUnifiedMarketStream } from '@tradeline/unified'

const sandbox = await startSandbox({ port: 0, seed: 1 })
const client = createUnifiedClient({ baseUrl: sandbox.url }) // public: no credentials
const market = createUnifiedMarketStream(client, { category: 'usdt-futures' })
market.on('resync', ({ symbol, reason }) => console.log('rebuilding', symbol, reason))

// A local book: the snapshot, then each update applied and its checksum verified (a mismatch
// resubscribes and rebuilds); prices and sizes stay the exchange's decimal strings.
let updates = 0
for await (const { book, action } of market.orderBook('BTCUSDT')) {
  if (action === 'snapshot')
    sandbox.admin.ws.market.step('BTCUSDT', 20) // the sandbox moves it
  else updates++
  if (updates === 20) {
    const same =
      JSON.stringify(book.bids(5)) ===
      JSON.stringify(sandbox.admin.ws.market.book('BTCUSDT').bids.slice(0, 5))
    console.log('20 updates verified; top 5 bids equal the sandbox book:', same)
    console.log('best bid and ask are decimal strings:', typeof book.bestBid()?.[0] === 'string')
    break
  }
}

for await (const ticker of market.tickers('BTCUSDT')) {
  console.log('last price is a decimal string:', /^\d+(\.\d+)?$/.test(ticker.lastPrice))
  break
}
await market.close()
await sandbox.close()
