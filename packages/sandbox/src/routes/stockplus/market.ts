/** Securities market data routes: depth, trades, intraday minutes, static data and option quotes, seeded from the sandbox seed. */
import { Securities } from '@tradeline/rules'
import {
  depthOf,
  fixed,
  instrumentOf,
  intradayOf,
  options,
  priceOf,
  seeded as seededOf,
  stocks,
  tradesOf,
} from '../../exchange/stockplus.js'
import { stockplusOf } from '../../exchange/stockplusBook.js'
import { tradeStatusAt } from '../../exchange/stockplusMarket.js'
import type { Route } from '../../exchange.js'
import { known, symbolsOf, withNumbers } from './common.js'

/** GET /api/v3/stockplus/market/depth: `{ asks, bids }` of five seeded levels. */
export const depthRoute: Route = {
  id: Securities.getDepth.id,
  method: 'GET',
  path: Securities.getDepth.path,
  auth: true,
  handle({ state, params }) {
    const as = stockplusOf(state).numbersAs
    return known(params.symbol, (symbol) => {
      const { asks, bids } = depthOf(state, symbol)
      const level = (l: (typeof asks)[number]) => withNumbers(l, ['price', 'volume'], as)
      return { asks: asks.map(level), bids: bids.map(level) }
    })
  },
}

/** GET /api/v3/stockplus/market/trade: the last `count` trades, newest first. */
export const tradeRoute: Route = {
  id: Securities.getTrades.id,
  method: 'GET',
  path: Securities.getTrades.path,
  auth: true,
  handle({ state, params, now }) {
    const as = stockplusOf(state).numbersAs
    return known(params.symbol, (symbol) =>
      tradesOf(state, symbol, Number(params.count), now).map((t) =>
        withNumbers(t, ['price', 'volume'], as),
      ),
    )
  },
}

/** GET /api/v3/stockplus/market/intraday: `{ list }` of the session's minutes so far. */
export const intradayRoute: Route = {
  id: Securities.getIntraday.id,
  method: 'GET',
  path: Securities.getIntraday.path,
  auth: true,
  handle({ state, params, now }) {
    const as = stockplusOf(state).numbersAs
    return known(params.symbol, (symbol) => ({
      list: intradayOf(state, symbol, now).map((m) =>
        withNumbers(m, ['price', 'volume', 'turnover', 'avgPrice'], as),
      ),
    }))
  },
}

/** GET /api/v3/stockplus/market/static: `{ list }`, one record per known symbol asked. */
export const staticRoute: Route = {
  id: Securities.getStatic.id,
  method: 'GET',
  path: Securities.getStatic.path,
  auth: true,
  handle({ state, params }) {
    const as = stockplusOf(state).numbersAs
    const list = symbolsOf(params.symbol).flatMap((symbol): Record<string, unknown>[] => {
      const instrument = instrumentOf(symbol)
      if (!instrument) return []
      if (instrument.kind === 'option') {
        const underlying = stocks.find((s) => s.symbol === instrument.underlying)
        return [
          withNumbers(
            {
              symbol,
              nameCn: `${underlying?.nameCn ?? ''} 期权`,
              nameEn: `${underlying?.nameEn ?? ''} option`,
              exchange: 'OPRA',
              currency: 'USD',
              lotSize: 1,
              totalShares: '0',
              circulatingShares: '0',
              eps: '0',
              epsTtm: '0',
              bps: '0',
              dividendYield: '0',
              stockDerivatives: [] as string[],
              board: 'USOption',
            },
            ['totalShares', 'circulatingShares', 'eps', 'epsTtm', 'bps', 'dividendYield'],
            as,
          ),
        ]
      }
      return [
        withNumbers(
          {
            symbol,
            nameCn: instrument.nameCn,
            nameEn: instrument.nameEn,
            exchange: instrument.exchange,
            currency: 'USD',
            lotSize: 1,
            totalShares: instrument.totalShares,
            circulatingShares: instrument.totalShares,
            eps: instrument.eps,
            epsTtm: instrument.eps,
            bps: instrument.bps,
            dividendYield: instrument.dividendYield,
            stockDerivatives: options.some((o) => o.underlying === symbol) ? ['Option'] : [],
            board: 'USMain',
          },
          ['totalShares', 'circulatingShares', 'eps', 'epsTtm', 'bps', 'dividendYield'],
          as,
        ),
      ]
    })
    return { data: { list } }
  },
}

/**
 * GET /api/v3/stockplus/market/option-quote: `{ secuQuote }`, one quote per known option asked;
 * the key needs the `optionQuote` permission (else `40014`, checked by authentication).
 */
export const optionQuoteRoute: Route = {
  id: Securities.getOptionQuote.id,
  method: 'GET',
  path: Securities.getOptionQuote.path,
  auth: true,
  handle({ state, params, now }) {
    const as = stockplusOf(state).numbersAs
    const seed = state.ids.seed
    const secuQuote = symbolsOf(params.symbol).flatMap((symbol) => {
      const option = instrumentOf(symbol)
      if (option?.kind !== 'option') return []
      const last = Number(priceOf(state, symbol))
      const prevClose = Number(fixed(last * 0.98))
      const [trade] = tradesOf(state, symbol, 1, now)
      return [
        withNumbers(
          {
            symbol,
            lastDone: fixed(last),
            prevClose: fixed(prevClose),
            open: fixed(prevClose * 1.005),
            high: fixed(last * 1.03),
            low: fixed(prevClose * 0.97),
            timestamp: String(trade ? Date.parse(trade.timestamp) : now),
            volume: String(100 + Math.floor(5000 * seededOf(seed, symbol, 'vol'))),
            turnover: fixed(last * 100 * 1000),
            tradeStatus: tradeStatusAt(symbol, now),
            impliedVolatility: fixed(0.2 + 0.3 * seededOf(seed, symbol, 'iv'), 4),
            openInterest: String(1000 + Math.floor(20000 * seededOf(seed, symbol, 'oi'))),
            expiryDate: option.expiryDate,
            strikePrice: fixed(option.strike),
            contractMultipier: String(option.multiplier),
            contractType: option.contractType,
            contractSize: String(option.multiplier),
            direction: option.direction,
            historicalVolatility: fixed(0.25 + 0.2 * seededOf(seed, option.underlying, 'hv'), 4),
            underlyingSymbol: option.underlying,
          },
          [
            'lastDone',
            'prevClose',
            'open',
            'high',
            'low',
            'volume',
            'turnover',
            'impliedVolatility',
            'openInterest',
            'strikePrice',
            'contractMultipier',
            'contractSize',
            'historicalVolatility',
          ],
          as,
        ),
      ]
    })
    return { data: { secuQuote } }
  },
}

/** Whether a limit order is marketable at `price`. */
