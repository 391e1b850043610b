/**
 * The public market reads (docs/records.md, 5d, 6): unified instruments and tickers, classic
 * futures contracts and ticker, classic spot symbols, margin pairs and coins, from the sandbox's instruments
 * and prices. A `symbol` (or `coin`) the sandbox does not list answers `40034`.
 */
import { unknownSymbol } from '../exchange/codes.js'
import type { Outcome, Route } from '../exchange.js'
import {
  classicTickerRecord,
  coinRecords,
  contractRecord,
  instrumentRecord,
  listedUnder,
  spotSymbolRecord,
  tickerRecord,
} from '../records/market.js'
import { marginCurrencyRecord } from '../records/spot.js'
import type { SandboxInstrument, SandboxState } from '../state.js'

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** The instruments listed under `category`, of `symbol` when given. */
export function listed(
  state: SandboxState,
  category: string,
  symbol: string | undefined,
): SandboxInstrument[] {
  return [...state.instruments.values()].filter(
    (instrument) =>
      listedUnder(instrument, category) && (symbol === undefined || instrument.symbol === symbol),
  )
}

/** `data` of the instruments found, or 40034 when a symbol was asked and none is listed. */
function answer(
  found: readonly SandboxInstrument[],
  symbol: string | undefined,
  toRecord: (instrument: SandboxInstrument) => unknown,
): Outcome {
  if (symbol !== undefined && found.length === 0) return { error: unknownSymbol(symbol) }
  return { data: found.map(toRecord) }
}

/** GET /api/v3/market/instruments: the instruments of a category (MARGIN: the spot pairs but rTokens). */
export const instrumentsRoute: Route = {
  id: 'public.getInstruments',
  method: 'GET',
  path: '/api/v3/market/instruments',
  auth: false,
  handle({ state, params }) {
    const category = String(params.category)
    const symbol = text(params.symbol)
    return answer(listed(state, category, symbol), symbol, (i) => instrumentRecord(i, category))
  },
}

/** GET /api/v3/market/tickers: the tickers of a category's instruments that have a price. */
export const tickersRoute: Route = {
  id: 'public.getTickers',
  method: 'GET',
  path: '/api/v3/market/tickers',
  auth: false,
  handle({ state, params, now }) {
    const symbol = text(params.symbol)
    const priced = listed(state, String(params.category), symbol).filter((i) =>
      state.prices.has(i.symbol),
    )
    return answer(priced, symbol, (i) => tickerRecord(state, i, state.prices.get(i.symbol)!, now))
  },
}

/** GET /api/v2/mix/market/contracts: the futures instruments of a product type. */
export const contractsRoute: Route = {
  id: 'classic.getContracts',
  method: 'GET',
  path: '/api/v2/mix/market/contracts',
  auth: false,
  handle({ state, params }) {
    const symbol = text(params.symbol)
    return answer(listed(state, String(params.productType), symbol), symbol, contractRecord)
  },
}

/** GET /api/v2/mix/market/ticker: an array of one ticker, of a symbol of the product type. */
export const classicTickerRoute: Route = {
  id: 'classic.getTicker',
  method: 'GET',
  path: '/api/v2/mix/market/ticker',
  auth: false,
  handle({ state, params, now }) {
    const symbol = String(params.symbol)
    const priced = listed(state, String(params.productType), symbol).filter((i) =>
      state.prices.has(i.symbol),
    )
    return answer(priced, symbol, (i) =>
      classicTickerRecord(state, i, state.prices.get(i.symbol)!, now),
    )
  },
}

/** GET /api/v2/spot/public/symbols: the spot pairs. */
export const spotSymbolsRoute: Route = {
  id: 'public.getSpotSymbols',
  method: 'GET',
  path: '/api/v2/spot/public/symbols',
  auth: false,
  handle({ state, params }) {
    const symbol = text(params.symbol)
    return answer(listed(state, 'SPOT', symbol), symbol, spotSymbolRecord)
  },
}

/**
 * GET /api/v2/margin/currencies ("Get Support Currencies", public as ccxt calls it): the spot
 * pairs that margin would trade (the MARGIN listing: no rToken), none borrowable. ccxt's default
 * market load reads it beside the spot symbols, so without it a ccxt client can make no call.
 * The rules do not define it (the SDK does not read it).
 */
export const marginCurrenciesRoute: Route = {
  id: 'public.getMarginCurrencies',
  method: 'GET',
  path: '/api/v2/margin/currencies',
  auth: false,
  handle: ({ state }) => ({ data: listed(state, 'MARGIN', undefined).map(marginCurrencyRecord) }),
}

/** GET /api/v2/spot/public/coins: the coins of the sandbox's instruments, or of one coin. */
export const spotCoinsRoute: Route = {
  id: 'public.getSpotCoins',
  method: 'GET',
  path: '/api/v2/spot/public/coins',
  auth: false,
  handle({ state, params }) {
    const coin = text(params.coin)
    const coins = coinRecords(state.instruments.values()).filter(
      (record) => coin === undefined || record.coin === coin,
    )
    if (coin !== undefined && coins.length === 0) return { error: unknownSymbol(coin) }
    return { data: coins }
  },
}

/**
 * The public market routes of the sandbox.
 *
 * @example
 * import { marketRoutes } from '@tradeline/sandbox'
 * marketRoutes.map((route) => route.path).includes('/api/v3/market/instruments') // true
 */
export const marketRoutes: readonly Route[] = [
  instrumentsRoute,
  tickersRoute,
  contractsRoute,
  classicTickerRoute,
  spotSymbolsRoute,
  marginCurrenciesRoute,
  spotCoinsRoute,
]
