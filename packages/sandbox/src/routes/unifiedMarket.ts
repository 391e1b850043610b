/**
 * The unified market data reads (/api/v3/market: candles, history candles, order book, public
 * fills, open interest, risk reserve), from the same tape, books and positions as the classic
 * ones (`marketData.ts`). A symbol the category does not list answers `40034`.
 */
import { maxLeverageOf } from '../exchange/accountSettings.js'
import { coinsOf } from '../exchange/balances.js'
import { unknownSymbol } from '../exchange/codes.js'
import type { Route } from '../exchange.js'
import { tradesIn } from '../instruments.js'
import { listedUnder, openInterest } from '../records/market.js'
import { numericLevel, publicFillRecord, tradesOf } from '../records/marketData.js'
import { day } from '../ws/candles.js'
import { bookStoreOf } from '../ws/marketBook.js'
import { text } from './market.js'
import { candleRows, numberOr, withInstrument } from './marketData.js'

/**
 * The candles of a unified candle read: `MARKET` from prices and fills, `MARK`/`INDEX` from
 * prices, `PREMIUM` flat at 0 (the sandbox's mark and index are one price).
 */
function unifiedCandles(finishedOnly: boolean): Route['handle'] {
  return ({ state, params }) =>
    withInstrument(state, params, params.category, (instrument) => {
      const type = text(params.type) ?? 'MARKET'
      const rows = candleRows(state, instrument, params, {
        interval: String(params.interval),
        kind: type === 'MARKET' ? 'trades' : 'mark',
        finishedOnly,
      })
      return type === 'PREMIUM'
        ? rows.map(([start]) => [start, '0', '0', '0', '0', '0', '0'])
        : rows
    })
}

/** GET /api/v3/market/candles: candles up to the current one. */
export const unifiedCandlesRoute: Route = {
  id: 'unified.getCandles',
  method: 'GET',
  path: '/api/v3/market/candles',
  auth: false,
  handle: unifiedCandles(false),
}

/** GET /api/v3/market/history-candles: finished candles only. */
export const unifiedHistoryCandlesRoute: Route = {
  id: 'unified.getHistoryCandles',
  method: 'GET',
  path: '/api/v3/market/history-candles',
  auth: false,
  handle: unifiedCandles(true),
}

/** GET /api/v3/market/orderbook: `limit` levels a side (5 by default) of the shared book. */
export const orderBookRoute: Route = {
  id: 'unified.getOrderBook',
  method: 'GET',
  path: '/api/v3/market/orderbook',
  auth: false,
  handle({ state, params, now }) {
    return withInstrument(state, params, params.category, (instrument) => {
      const store = bookStoreOf(state)
      const { bids, asks } = store.levelsOf(store.bookOf(instrument))
      const limit = numberOr(params.limit, 5)
      return {
        a: asks.slice(0, limit).map(numericLevel),
        b: bids.slice(0, limit).map(numericLevel),
        ts: String(now),
      }
    })
  },
}

/** GET /api/v3/market/fills: the symbol's newest fills, 100 by default. */
export const publicFillsRoute: Route = {
  id: 'unified.getPublicFills',
  method: 'GET',
  path: '/api/v3/market/fills',
  auth: false,
  handle({ state, params }) {
    return withInstrument(state, params, params.category, (instrument) =>
      tradesOf(state.fills, instrument.symbol, {
        limit: numberOr(params.limit, 100),
        matches: (fill) => tradesIn(state.instruments, instrument, fill),
      }).map(publicFillRecord),
    )
  },
}

/** GET /api/v3/market/open-interest: the category's symbols (or one) and their open positions. */
export const unifiedOpenInterestRoute: Route = {
  id: 'unified.getOpenInterest',
  method: 'GET',
  path: '/api/v3/market/open-interest',
  auth: false,
  handle({ state, params, now }) {
    const category = String(params.category)
    const symbol = text(params.symbol)
    const list = (instruments: { symbol: string }[]) => ({
      list: instruments.map((i) => ({
        symbol: i.symbol,
        openInterest: openInterest(state, i.symbol),
      })),
      ts: String(now),
    })
    if (symbol !== undefined) return withInstrument(state, params, category, (i) => list([i]))
    return { data: list([...state.instruments.values()].filter((i) => listedUnder(i, category))) }
  },
}

/** The sandbox's risk reserve of every settlement coin: it has no liquidations to pay from it. */
const reserveBalance = '1000000'

/**
 * GET /api/v3/market/risk-reserve: the reserve of the symbol's settlement coin, one record a
 * day for the last 7 UTC days on the sandbox clock, newest first (no liquidation ever changes it).
 */
export const riskReserveRoute: Route = {
  id: 'unified.getRiskReserve',
  method: 'GET',
  path: '/api/v3/market/risk-reserve',
  auth: false,
  handle({ state, params, now }) {
    return withInstrument(state, params, params.category, (instrument) => {
      const { base, quote } = coinsOf(instrument)
      const today = Math.floor(now / day) * day
      return {
        totalBalance: '',
        coin: instrument.category.toUpperCase() === 'COIN-FUTURES' ? base : quote,
        riskReserveRecords: Array.from({ length: 7 }, (_, i) => ({
          type: '',
          amount: '0',
          balance: reserveBalance,
          ts: String(today - i * day),
        })),
      }
    })
  },
}

/**
 * GET /api/v3/market/position-tier: one tier with no upper bound and a maintenance margin rate
 * of 0, as the sandbox trades (it has no liquidations), at a futures symbol's `maxLeverage` (the
 * cap set-leverage applies, as the classic tiers' `leverage`) or, for a margin
 * coin or symbol, 1. A `symbol` or
 * `coin` the sandbox does not list answers `40034`.
 */
export const positionTierRoute: Route = {
  id: 'unified.getPositionTier',
  method: 'GET',
  path: '/api/v3/market/position-tier',
  auth: false,
  handle({ state, params }) {
    const category = String(params.category)
    const symbol = text(params.symbol)
    const coin = text(params.coin)
    const listed = [...state.instruments.values()].filter((i) => listedUnder(i, category))
    if (symbol !== undefined && !listed.some((i) => i.symbol === symbol))
      return { error: unknownSymbol(symbol) }
    if (coin !== undefined && !listed.some((i) => Object.values(coinsOf(i)).includes(coin)))
      return { error: unknownSymbol(coin) }
    // A futures symbol's tier allows what set-leverage allows; a margin coin's leverage has no
    // cap in the sandbox, so its tier stays at 1.
    // A MARGIN symbol is 1 as its coins are (its instrument record's maxLeverage is 1).
    const leverage =
      symbol === undefined || category.toUpperCase() === 'MARGIN'
        ? '1'
        : maxLeverageOf(listed.find((i) => i.symbol === symbol))
    return { data: [{ tier: '1', minTierValue: '0', maxTierValue: '', leverage, mmr: '0' }] }
  },
}

/**
 * The unified market data routes of the sandbox.
 *
 * @example
 * import { unifiedMarketDataRoutes } from '@tradeline/sandbox'
 * unifiedMarketDataRoutes.map((route) => route.path).includes('/api/v3/market/orderbook') // true
 */
export const unifiedMarketDataRoutes: readonly Route[] = [
  unifiedCandlesRoute,
  unifiedHistoryCandlesRoute,
  orderBookRoute,
  publicFillsRoute,
  unifiedOpenInterestRoute,
  riskReserveRoute,
  positionTierRoute,
]
