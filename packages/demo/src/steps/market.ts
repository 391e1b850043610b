/**
 * Market data: a live order book of the unified account's public stream, kept from the sandbox's
 * snapshot and updates, verified by the exchange's checksum after every push, and compared with
 * the sandbox's own book at the end.
 */
import type { OrderBookEvent } from '@tradeline/core'
import { createUnifiedMarketStream } from '@tradeline/unified'
import { ensure, type Session } from '../context.js'

/** Updates the sandbox makes to the book while the demo reads it. */
const updates = 200

/**
 * Opens the public stream of the session's sandbox, follows BTCUSDT's `books` through
 * {@link updates} updates and reports the best bid and ask, the top levels and the checksum.
 *
 * @example
 * import { liveOrderBook } from './steps/market.js'
 * await liveOrderBook(session)
 */
export async function liveOrderBook(session: Session): Promise<void> {
  const { client, sandbox } = session
  await session.step("createUnifiedMarketStream(client).orderBook('BTCUSDT')", async () => {
    const market = createUnifiedMarketStream(client, { category: 'usdt-futures' })
    let rebuilds = 0
    market.on('resync', () => rebuilds++)
    let last: OrderBookEvent | undefined
    let applied = 0
    const target = { seq: -1, resolve: () => {} }
    const reached = new Promise<void>((resolve) => {
      target.resolve = resolve
    })
    const stop = market.watchOrderBook('BTCUSDT', (event) => {
      last = event
      if (event.action === 'update') applied++
      if (event.seq === target.seq) target.resolve()
    })
    try {
      await market.ready()
      const { seq } = sandbox.admin.ws.market.step('BTCUSDT', updates)
      target.seq = seq
      if (last?.seq !== seq)
        await Promise.race([
          reached,
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('the book did not follow')), 10_000),
          ),
        ])
      const book = market.book('BTCUSDT')
      const truth = sandbox.admin.ws.market.book('BTCUSDT')
      ensure(book !== undefined, 'a local book')
      ensure(book.checksum() === truth.checksum, 'the local checksum to be the sandbox book’s')
      ensure(
        JSON.stringify(book.bids()) === JSON.stringify(truth.bids),
        'the same bids as the sandbox',
      )
      ensure(
        JSON.stringify(book.asks()) === JSON.stringify(truth.asks),
        'the same asks as the sandbox',
      )
      ensure(rebuilds === 0, 'no rebuild')
      const [bid, ask] = [book.bestBid(), book.bestAsk()]
      const top = (levels: readonly (readonly [string, string])[]) =>
        levels.map(([price, size]) => `${size}@${price}`).join(' ')
      return `snapshot + ${applied} updates, each checksum verified (last ${book.checksum()}); best bid ${bid?.[1]} @ ${bid?.[0]}, best ask ${ask?.[1]} @ ${ask?.[0]}; bids ${top(book.bids(3))}; asks ${top(book.asks(3))}; equal to the sandbox book`
    } finally {
      stop()
      await market.close()
    }
  })
}
