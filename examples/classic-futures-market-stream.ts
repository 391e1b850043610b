import { createClassicFuturesClient, createClassicMarketStream } from '@tradeline/classic-futures'
import { startSandbox } from '@tradeline/sandbox'

const sandbox = await startSandbox({ port: 0, seed: 1 })
const client = createClassicFuturesClient({ baseUrl: sandbox.url }) // public: no credentials
const market = createClassicMarketStream(client, { productType: 'USDT-FUTURES' })

// `books`: the snapshot, then updates verified by the exchange's checksum; one corrupted
// checksum makes the stream resubscribe and rebuild the book from a new snapshot.
market.on('resync', ({ reason }) => console.log('rebuilt after', reason))
let seen = 0
for await (const { book, action } of market.orderBook('BTCUSDT')) {
  if (action === 'snapshot' && seen === 0) {
    sandbox.admin.ws.market.corruptChecksum('BTCUSDT') // the next update's checksum is wrong
    sandbox.admin.ws.market.step('BTCUSDT', 1)
  }
  if (++seen === 2) {
    const same =
      JSON.stringify(book.asks(3)) ===
      JSON.stringify(sandbox.admin.ws.market.book('BTCUSDT').asks.slice(0, 3))
    console.log('book rebuilt; top 3 asks equal the sandbox book:', same)
    break
  }
}

for await (const candle of market.candles('BTCUSDT', '1H')) {
  console.log('a 1H candle, close a decimal string:', /^\d+(\.\d+)?$/.test(candle.close))
  break
}
await market.close()
await sandbox.close()
