/**
 * The classic public market stream (`/v2/ws/public`, args `instType` + `channel` + `instId`):
 * tickers, trades, candles (`candle1m`...) and verified local order books (`books`, `books1`,
 * `books5`, `books15`) of one product type, over core's market stream machinery. No credentials.
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
import { bookChannels, candleIntervals } from '@tradeline/rules/shared'

/** The futures product types of the classic public channels, as the stream writes `instType`. */
export const marketProductTypes = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const

/** The classic candle channel suffixes (`candle1m`...; `utc` ones close on UTC days). */
export { candleIntervals }

/** The line of one product type. Classic updates carry `seq` but no `pseq`: the checksum alone verifies them. */
function classicLine(productType: string): MarketLine {
  return {
    name: 'classicFutures.marketStream',
    bookChannels: bookChannels.v2,
    defaultBookChannel: 'books',
    intervals: candleIntervals,
    sequenced: false,
    arg(kind, symbol, detail) {
      const channel =
        kind === 'ticker'
          ? 'ticker'
          : kind === 'trades'
            ? 'trade'
            : kind === 'candles'
              ? `candle${detail}`
              : detail
      return { instType: productType, channel, instId: symbol }
    },
  }
}

export declare namespace createClassicMarketStream {
  /** The connection's own options, documented on `createStreamConnection` of `@tradeline/core`. */
  type ConnectionOptions = StreamConnectionOptions
  type Parameters = LineStreamOptions & {
    /** The product type of every channel (either case; sent upper-case). @default 'USDT-FUTURES' */
    productType?: string | undefined
  }
  type ReturnType = MarketStream
}

/**
 * Opens (on first use) the classic public market stream of one product type.
 *
 * @example
 * import { createClassicMarketStream } from '@tradeline/classic-futures'
 * const market = createClassicMarketStream(undefined, { productType: 'USDT-FUTURES' })
 * for await (const ticker of market.tickers('BTCUSDT')) {
 *   console.log(ticker.lastPrice) // '65000.0'
 *   break
 * }
 * await market.close()
 */
export function createClassicMarketStream(
  client?: { readonly transport: { readonly baseUrl: string } } | undefined,
  parameters: createClassicMarketStream.Parameters = {},
): MarketStream {
  const given = parameters.productType ?? 'USDT-FUTURES'
  const productType = typeof given === 'string' ? given.toUpperCase() : given
  if (!(marketProductTypes as readonly unknown[]).includes(productType)) {
    const expected = `one of ${marketProductTypes.join(', ')}`
    throw streamOptionError('classicFutures.marketStream', 'productType', expected, given, 'one_of')
  }
  const url =
    parameters.url ??
    classicMarketStreamUrl(
      client?.transport.baseUrl ?? 'https://api.bitget.com',
      parameters.demoTrading === true,
    )
  // The options first: a bad `limits.marginMs` is a ValidationError naming it, before the gate.
  assertStreamOptions('classicFutures.marketStream', parameters)
  const limits = parameters.limits === false ? undefined : createStreamGate(parameters.limits)
  const stream = createMarketStream({
    url,
    line: classicLine(productType as string),
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
 * The classic public stream endpoint for a REST base URL: the exchange's stream host for
 * `api.bitget.com` (the demo host with demo trading), else the same host with `ws(s)://`.
 *
 * @example
 * import { classicMarketStreamUrl } from '@tradeline/classic-futures'
 * classicMarketStreamUrl('https://api.bitget.com', false) // 'wss://ws.bitget.com/v2/ws/public'
 * classicMarketStreamUrl('http://127.0.0.1:8080', false) // 'ws://127.0.0.1:8080/v2/ws/public'
 */
export function classicMarketStreamUrl(baseUrl: string, demoTrading: boolean): string {
  return streamEndpoint(baseUrl, demoTrading, '/v2/ws/public')
}
