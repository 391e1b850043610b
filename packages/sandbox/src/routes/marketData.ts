/**
 * The classic futures market data reads (/api/v2/mix/market: tickers, candles, history candles,
 * merged depth, recent and history trades, open interest, symbol price, position tiers), served from the
 * sandbox's own state: candles from the market tape (admin prices and fills), trades from its
 * fills, depth from the same books the WebSocket book channels push, open interest from the
 * open positions. A symbol the product type does not list answers `40034`.
 */
import { Big } from '@tradeline/rules/big'
import { maxLeverageOf } from '../exchange/accountSettings.js'
import { candlesOf } from '../exchange/candles.js'
import { unknownSymbol } from '../exchange/codes.js'
import { upcomingFunding } from '../exchange/funding.js'
import type { Outcome, Route } from '../exchange.js'
import { tradesIn } from '../instruments.js'
import { classicTickerRecord, openInterest, priceStepOf } from '../records/market.js'
import {
  candleRow,
  classicTradeRecord,
  mergeLevels,
  numericLevel,
  tradesOf,
} from '../records/marketData.js'
import type { SandboxInstrument, SandboxState } from '../state.js'
import { day } from '../ws/candles.js'
import { bookStoreOf } from '../ws/marketBook.js'
import { listed, text } from './market.js'

/** A number of the query, or `fallback` when absent. */
export const numberOr = (value: unknown, fallback: number): number =>
  text(value) === undefined ? fallback : Number(value)
/** A time of the query, or `undefined` when absent. */
export const timeOf = (value: unknown): number | undefined =>
  text(value) === undefined ? undefined : Number(value)

/**
 * The instrument `symbol` of `category` (a product type or a unified category), or the
 * `40034` failure.
 */
export function instrumentIn(
  state: SandboxState,
  category: unknown,
  symbol: unknown,
): SandboxInstrument | { error: ReturnType<typeof unknownSymbol> } {
  const name = String(symbol)
  return listed(state, String(category), name)[0] ?? { error: unknownSymbol(name) }
}

/** Runs `answer` with the instrument of the query, or answers `40034`. */
export function withInstrument(
  state: SandboxState,
  params: Record<string, unknown>,
  category: unknown,
  answer: (instrument: SandboxInstrument) => unknown,
): Outcome {
  const found = instrumentIn(state, category, params.symbol)
  return 'error' in found ? found : { data: answer(found) }
}

/** The candles of a candle read as rows. */
export function candleRows(
  state: SandboxState,
  instrument: SandboxInstrument,
  params: Record<string, unknown>,
  options: { interval: string; kind: 'trades' | 'mark'; finishedOnly: boolean },
): string[][] {
  return candlesOf(state, instrument.symbol, options.interval, {
    instrument,
    kind: options.kind,
    startTime: timeOf(params.startTime),
    endTime: timeOf(params.endTime),
    limit: numberOr(params.limit, 100),
    finishedOnly: options.finishedOnly,
  }).map(candleRow)
}

/** GET /api/v2/mix/market/tickers: the tickers of the product type's priced symbols. */
export const classicTickersRoute: Route = {
  id: 'classic.getTickers',
  method: 'GET',
  path: '/api/v2/mix/market/tickers',
  auth: false,
  handle({ state, params, now }) {
    const priced = listed(state, String(params.productType), undefined).filter((i) =>
      state.prices.has(i.symbol),
    )
    return {
      data: priced.map((i) => classicTickerRecord(state, i, state.prices.get(i.symbol)!, now)),
    }
  },
}

/** GET /api/v2/mix/market/candles: `MARKET` candles from prices and fills, `MARK`/`INDEX` from prices. */
export const classicCandlesRoute: Route = {
  id: 'classic.getCandles',
  method: 'GET',
  path: '/api/v2/mix/market/candles',
  auth: false,
  handle({ state, params }) {
    return withInstrument(state, params, params.productType, (instrument) =>
      candleRows(state, instrument, params, {
        interval: String(params.granularity),
        kind: (text(params.kLineType) ?? 'MARKET') === 'MARKET' ? 'trades' : 'mark',
        finishedOnly: false,
      }),
    )
  },
}

/** A classic history candle read: finished candles of `kind` prints. */
function historyRoute(id: string, path: string, kind: 'trades' | 'mark'): Route {
  return {
    id,
    method: 'GET',
    path,
    auth: false,
    handle({ state, params }) {
      return withInstrument(state, params, params.productType, (instrument) =>
        candleRows(state, instrument, params, {
          interval: String(params.granularity),
          kind,
          finishedOnly: true,
        }),
      )
    },
  }
}

/** GET /api/v2/mix/market/history-candles: finished `MARKET` candles only. */
export const classicHistoryCandlesRoute = historyRoute(
  'classic.getHistoryCandles',
  '/api/v2/mix/market/history-candles',
  'trades',
)

/** The merge steps of `scale0`..`scale3`: the tick times 1, 10, 100, 1000. */
const scales = ['scale0', 'scale1', 'scale2', 'scale3'] as const

/**
 * GET /api/v2/mix/market/merge-depth: the book's levels merged at the precision's step
 * (`scale0`: the book as it is), `limit` levels a side (100 by default, `max` every level).
 */
export const mergeDepthRoute: Route = {
  id: 'classic.getMergeDepth',
  method: 'GET',
  path: '/api/v2/mix/market/merge-depth',
  auth: false,
  handle({ state, params, now }) {
    return withInstrument(state, params, params.productType, (instrument) => {
      const precision = text(params.precision) ?? 'scale0'
      const factor = scales.indexOf(precision as (typeof scales)[number])
      const store = bookStoreOf(state)
      const { bids, asks } = store.levelsOf(store.bookOf(instrument))
      const step = mergeStep(priceStepOf(instrument), factor)
      const limit = text(params.limit) === 'max' ? Infinity : numberOr(params.limit, 100)
      const side = (levels: [string, string][], name: 'bids' | 'asks') =>
        (factor === 0 ? levels : mergeLevels(levels, step, name)).slice(0, limit).map(numericLevel)
      return {
        asks: side(asks, 'asks'),
        bids: side(bids, 'bids'),
        ts: String(now),
        scale: step,
        precision,
        isMaxPrecision: factor === scales.length - 1 ? 'YES' : 'NO',
      }
    })
  },
}

/** The tick times 10^`factor`, as a decimal string. */
function mergeStep(tick: string, factor: number): string {
  return new Big(tick).times(new Big(10).pow(factor)).toFixed()
}

/** GET /api/v2/mix/market/fills: the symbol's newest fills, 100 by default. */
export const recentTradesRoute: Route = {
  id: 'classic.getRecentTrades',
  method: 'GET',
  path: '/api/v2/mix/market/fills',
  auth: false,
  handle({ state, params }) {
    return withInstrument(state, params, params.productType, (instrument) =>
      tradesOf(state.fills, instrument.symbol, {
        limit: numberOr(params.limit, 100),
        matches: (fill) => tradesIn(state.instruments, instrument, fill),
      }).map(classicTradeRecord),
    )
  },
}

/**
 * GET /api/v2/mix/market/fills-history: the symbol's fills newest first (500 by default) in a
 * window of a week (a missing end is a week after the start; a missing start a week before the
 * end), of the last 90 days without either, before the trade `idLessThan`.
 */
export const historyTradesRoute: Route = {
  id: 'classic.getHistoryTrades',
  method: 'GET',
  path: '/api/v2/mix/market/fills-history',
  auth: false,
  handle({ state, params, now }) {
    let startTime = timeOf(params.startTime)
    let endTime = timeOf(params.endTime)
    if (startTime !== undefined && endTime === undefined) endTime = startTime + 7 * day
    else if (startTime === undefined && endTime !== undefined) startTime = endTime - 7 * day
    else startTime ??= now - 90 * day
    return withInstrument(state, params, params.productType, (instrument) =>
      tradesOf(state.fills, instrument.symbol, {
        matches: (fill) => tradesIn(state.instruments, instrument, fill),
        limit: numberOr(params.limit, 500),
        idLessThan: text(params.idLessThan),
        startTime,
        endTime,
      }).map(classicTradeRecord),
    )
  },
}

/** GET /api/v2/mix/market/open-interest: the sizes of the symbol's open positions. */
export const classicOpenInterestRoute: Route = {
  id: 'classic.getOpenInterest',
  method: 'GET',
  path: '/api/v2/mix/market/open-interest',
  auth: false,
  handle({ state, params, now }) {
    return withInstrument(state, params, params.productType, ({ symbol }) => ({
      openInterestList: [{ symbol, size: openInterest(state, symbol) }],
      ts: String(now),
    }))
  },
}

/** GET /api/v2/mix/market/symbol-price: last, index and mark are the sandbox price. */
export const symbolPriceRoute: Route = {
  id: 'classic.getSymbolPrice',
  method: 'GET',
  path: '/api/v2/mix/market/symbol-price',
  auth: false,
  handle({ state, params, now }) {
    return withInstrument(state, params, params.productType, ({ symbol }) => {
      const price = state.prices.get(symbol) ?? ''
      return [{ symbol, price, indexPrice: price, markPrice: price, ts: String(now) }]
    })
  },
}

/** GET /api/v2/mix/market/history-mark-candles: finished candles of the admin prices. */
export const historyMarkCandlesRoute = historyRoute(
  'classic.getHistoryMarkCandles',
  '/api/v2/mix/market/history-mark-candles',
  'mark',
)

/** GET /api/v2/mix/market/history-index-candles: finished candles of the admin prices. */
export const historyIndexCandlesRoute = historyRoute(
  'classic.getHistoryIndexCandles',
  '/api/v2/mix/market/history-index-candles',
  'mark',
)

/**
 * GET /api/v2/mix/market/funding-time: the symbol's next funding time on the sandbox clock and
 * its funding interval in hours (`ratePeriod`), 8 unless the admin set another.
 */
export const fundingTimeRoute: Route = {
  id: 'classic.getFundingTime',
  method: 'GET',
  path: '/api/v2/mix/market/funding-time',
  auth: false,
  handle({ state, params, now }) {
    return withInstrument(state, params, params.productType, ({ symbol }) => {
      // Every contract of a futures product type has its funding.
      const upcoming = upcomingFunding(state, symbol, now)
      if (!upcoming) return []
      return [
        {
          symbol,
          nextFundingTime: String(upcoming.time),
          ratePeriod: String(upcoming.intervalHours),
        },
      ]
    })
  },
}

/**
 * GET /api/v2/mix/market/query-position-lever: the tiers the sandbox's margin and liquidation
 * use: one tier from `0` with no upper bound (`endUnit` `""`), up to the contract's largest
 * leverage (`maxLever` of the contracts read), with a maintenance margin rate of `0`, as the
 * sandbox keeps no maintenance margin (positions show `keepMarginRate` `"0"`; liq-price is where
 * the loss equals the margin). A symbol the product type does not list answers `40034`.
 */
export const classicPositionTierRoute: Route = {
  id: 'classic.getPositionTier',
  method: 'GET',
  path: '/api/v2/mix/market/query-position-lever',
  auth: false,
  handle({ state, params }) {
    return withInstrument(state, params, params.productType, (instrument) => [
      {
        symbol: instrument.symbol,
        level: '1',
        startUnit: '0',
        endUnit: '',
        leverage: maxLeverageOf(instrument),
        keepMarginRate: '0',
      },
    ])
  },
}

/**
 * The classic market data routes of the sandbox.
 *
 * @example
 * import { classicMarketDataRoutes } from '@tradeline/sandbox'
 * classicMarketDataRoutes.map((route) => route.path).includes('/api/v2/mix/market/candles') // true
 */
export const classicMarketDataRoutes: readonly Route[] = [
  classicTickersRoute,
  classicCandlesRoute,
  classicHistoryCandlesRoute,
  mergeDepthRoute,
  recentTradesRoute,
  historyTradesRoute,
  classicOpenInterestRoute,
  symbolPriceRoute,
  historyMarkCandlesRoute,
  historyIndexCandlesRoute,
  fundingTimeRoute,
  classicPositionTierRoute,
]
