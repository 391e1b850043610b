/**
 * The unified account's public market stream (`/v3/ws/public`): tickers, public trades, candles
 * (`kline`) and verified local order books (`books`, `books1`, `books5`, `books50`) of one
 * category, over core's market stream machinery. No credentials: nothing is signed.
 */
import {
  connectionOptions,
  createMarketStream,
  type LineStreamOptions,
  type MarketLine,
  type MarketStream,
  type StreamConnectionOptions,
  streamEndpoint,
} from '@tradeline/core'
import { assertStreamOptions, streamOptionError } from '@tradeline/core/internal'
import { createStreamGate } from '@tradeline/rate-limit'
import { bookChannels, klineIntervals } from '@tradeline/rules/shared'

/** The categories of the public channels, as the stream writes `instType`. */
export const marketStreamCategories = [
  'usdt-futures',
  'coin-futures',
  'usdc-futures',
  'spot',
] as const
/** One of {@link marketStreamCategories}. */
export type MarketStreamCategory = (typeof marketStreamCategories)[number]

/** The `kline` intervals of the unified public channel. */
export { klineIntervals }

/** The unified depth topics and their levels (`books`: every level, incremental). */
const bookTopics = bookChannels.v3

/** The line of one category: `topic` + `symbol` (+ `interval`) args, `pseq` on every update. */
function unifiedLine(category: MarketStreamCategory): MarketLine {
  return {
    name: 'unified.marketStream',
    bookChannels: bookTopics,
    defaultBookChannel: 'books',
    intervals: klineIntervals,
    sequenced: true,
    arg(kind, symbol, detail) {
      if (kind === 'candles')
        return { instType: category, topic: 'kline', symbol, interval: detail }
      const topic = kind === 'ticker' ? 'ticker' : kind === 'trades' ? 'publicTrade' : detail
      return { instType: category, topic, symbol }
    },
  }
}

export declare namespace createUnifiedMarketStream {
  /** The connection's own options, documented on `createStreamConnection` of `@tradeline/core`. */
  type ConnectionOptions = StreamConnectionOptions
  type Parameters = LineStreamOptions & {
    /** The category of every channel of this stream (either case; sent lower-case). @default 'usdt-futures' */
    category?: string | undefined
  }
  type ReturnType = MarketStream
}

/**
 * Opens (on first use) the unified account's public market stream of one category.
 *
 * @example
 * import { createUnifiedMarketStream } from '@tradeline/unified'
 * const market = createUnifiedMarketStream(undefined, { category: 'usdt-futures' })
 * for await (const { book } of market.orderBook('BTCUSDT')) {
 *   console.log(book.bestBid(), book.bestAsk()) // ['65000.0', '0.120'] ['65000.1', '0.305']
 *   break
 * }
 * await market.close()
 */
export function createUnifiedMarketStream(
  client?: { readonly transport: { readonly baseUrl: string } } | undefined,
  parameters: createUnifiedMarketStream.Parameters = {},
): MarketStream {
  const given = parameters.category ?? 'usdt-futures'
  const category = typeof given === 'string' ? given.toLowerCase() : given
  if (!(marketStreamCategories as readonly unknown[]).includes(category)) {
    const expected = `one of ${marketStreamCategories.join(', ')}`
    throw streamOptionError('unified.marketStream', 'category', expected, given, 'one_of')
  }
  const url =
    parameters.url ??
    marketStreamUrl(
      client?.transport.baseUrl ?? 'https://api.bitget.com',
      parameters.demoTrading === true,
    )
  // The options first: a bad `limits.marginMs` is a ValidationError naming it, before the gate.
  assertStreamOptions('unified.marketStream', parameters)
  const limits = parameters.limits === false ? undefined : createStreamGate(parameters.limits)
  const stream = createMarketStream({
    url,
    line: unifiedLine(category as MarketStreamCategory),
    ...connectionOptions(parameters),
    gate: limits?.gate,
  })
  const close = stream.close
  return Object.assign(stream, {
    async close() {
      await close()
      limits?.close()
    },
  })
}

/**
 * The public stream endpoint for a REST base URL: the exchange's stream host for
 * `api.bitget.com` (the demo host with demo trading), else the same host with `ws(s)://`.
 *
 * @example
 * import { marketStreamUrl } from '@tradeline/unified'
 * marketStreamUrl('https://api.bitget.com', true) // 'wss://wspap.bitget.com/v3/ws/public'
 * marketStreamUrl('http://127.0.0.1:8080', false) // 'ws://127.0.0.1:8080/v3/ws/public'
 */
export function marketStreamUrl(baseUrl: string, demoTrading: boolean): string {
  return streamEndpoint(baseUrl, demoTrading, '/v3/ws/public')
}
