/**
 * Securities market data and option discovery routes: option expiry dates, option chains and
 * volumes generated from the sandbox clock, real-time quotes with their extended-session
 * sub-quotes, and candles from the sandbox seed and clock.
 */
import { Securities } from '@tradeline/rules'
import { instrumentOf, stocks } from '../../exchange/stockplus.js'
import { stockplusOf } from '../../exchange/stockplusBook.js'
import { type CandleQuery, candlesOf } from '../../exchange/stockplusCandles.js'
import { chainOf, expiryDatesAt, optionVolumeOf, quoteOf } from '../../exchange/stockplusMarket.js'
import type { Outcome, Route } from '../../exchange.js'
import { known, stockplusFailures, symbolsOf, withNumbers } from './common.js'

/** The candles a request without `count` is answered with. */
export const defaultCandleCount = 100

/** The stock a symbol names (an underlying), or the unknown-symbol failure. */
function underlying(symbol: unknown, then: (symbol: string) => unknown): Outcome {
  if (!stocks.some((stock) => stock.symbol === symbol))
    return { error: stockplusFailures.unknownSymbol }
  return { data: then(String(symbol)) }
}

/** GET /api/v3/stockplus/market/option-expiry-date: `{ expiryDate }`, the listed dates, nearest first. */
export const optionExpiryDateRoute: Route = {
  id: Securities.getOptionExpiryDates.id,
  method: 'GET',
  path: Securities.getOptionExpiryDates.path,
  auth: true,
  handle({ params, now }) {
    return underlying(params.symbol, () => ({ expiryDate: expiryDatesAt(now) }))
  },
}

/** GET /api/v3/stockplus/market/option-chain-info: `{ strikePriceInfo }` of one listed expiry. */
export const optionChainRoute: Route = {
  id: Securities.getOptionChain.id,
  method: 'GET',
  path: Securities.getOptionChain.path,
  auth: true,
  handle({ state, params, now }) {
    return underlying(params.symbol, (symbol) => ({
      strikePriceInfo: chainOf(state, symbol, String(params.expiryDate), now),
    }))
  },
}

/** GET /api/v3/stockplus/market/option-volume: `{ c, p }`, today's call and put volume. */
export const optionVolumeRoute: Route = {
  id: Securities.getOptionVolume.id,
  method: 'GET',
  path: Securities.getOptionVolume.path,
  auth: true,
  handle({ state, params, now }) {
    return underlying(params.symbol, (symbol) => optionVolumeOf(state, symbol, now))
  },
}

const quoteNumbers = ['lastDone', 'prevClose', 'open', 'high', 'low', 'volume', 'turnover'] as const

/** GET /api/v3/stockplus/market/quote: `{ list }`, one quote per known symbol asked. */
export const quoteRoute: Route = {
  id: Securities.getQuote.id,
  method: 'GET',
  path: Securities.getQuote.path,
  auth: true,
  handle({ state, params, now }) {
    const as = stockplusOf(state).numbersAs
    const sub = (q: Record<string, unknown> | null) =>
      q === null ? null : withNumbers(q, [...quoteNumbers], as)
    const list = symbolsOf(params.symbol)
      .filter((symbol) => instrumentOf(symbol) !== undefined)
      .map((symbol) => {
        const quote = quoteOf(state, symbol, now)
        return {
          ...withNumbers(quote, [...quoteNumbers], as),
          preMarketQuote: sub(quote.preMarketQuote),
          postMarketQuote: sub(quote.postMarketQuote),
          overnightQuote: sub(quote.overnightQuote),
        }
      })
    return { data: { list } }
  },
}

function candleQuery(params: Record<string, unknown>): CandleQuery {
  return {
    period: params.period as Securities.CandlePeriod,
    count: params.count === undefined ? defaultCandleCount : Number(params.count),
    sessions: params.tradeSessions === '100' ? '100' : '0',
  }
}

const candleNumbers = ['open', 'close', 'high', 'low', 'volume', 'turnover'] as const

/**
 * A candle route: `{ list }`, `count` candles from the instant `where` gives (the one holding
 * it included), earlier or later up to now, oldest first.
 */
function candleRoute(
  endpoint: typeof Securities.getCandlestick | typeof Securities.getHistoryCandlestick,
  where: (params: Record<string, unknown>, now: number) => { from: number; forward: boolean },
): Route {
  return {
    id: endpoint.id,
    method: 'GET',
    path: endpoint.path,
    auth: true,
    handle({ state, params, now }) {
      const as = stockplusOf(state).numbersAs
      const { from, forward } = where(params, now)
      return known(params.symbol, (symbol) => ({
        list: candlesOf(state, symbol, candleQuery(params), from, forward, now).map((c) =>
          withNumbers(c, [...candleNumbers], as),
        ),
      }))
    },
  }
}

/** GET /api/v3/stockplus/market/candlestick: the latest `count` candles. */
export const candlestickRoute: Route = candleRoute(Securities.getCandlestick, (_, now) => ({
  from: now,
  forward: false,
}))

/**
 * GET /api/v3/stockplus/market/history-candlestick: `count` candles from the one holding `time`
 * (default now), earlier (`forward` false, the default) or later up to now.
 */
export const historyCandlestickRoute: Route = candleRoute(
  Securities.getHistoryCandlestick,
  (params, now) => ({
    from: params.time === undefined ? now : Number(params.time),
    forward: params.forward === 'true',
  }),
)

/** The routes of this file, in the order of the rules' rate-limit table. */
export const discoveryRoutes: readonly Route[] = [
  optionExpiryDateRoute,
  optionChainRoute,
  optionVolumeRoute,
  quoteRoute,
  candlestickRoute,
  historyCandlestickRoute,
]
