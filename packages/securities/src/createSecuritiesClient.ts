import {
  bindActions,
  createClientBase,
  extendClient,
  type BoundAction as Fn,
} from '@tradeline/core'
import { assertFactoryOptions, withAliases } from '@tradeline/core/internal'
import { createRateLimiterFor } from '@tradeline/rate-limit'
import { Options, RateLimits } from '@tradeline/rules/shared'
import { cancelOrder } from './actions/cancelOrder.js'
import { getCandlestick } from './actions/getCandlestick.js'
import { getCashFlow } from './actions/getCashFlow.js'
import { getDepth } from './actions/getDepth.js'
import { getExecutions } from './actions/getExecutions.js'
import { getFunds } from './actions/getFunds.js'
import { getHistoryCandlestick } from './actions/getHistoryCandlestick.js'
import { getHistoryOrders } from './actions/getHistoryOrders.js'
import { getIntraday } from './actions/getIntraday.js'
import { getOptionChain } from './actions/getOptionChain.js'
import { getOptionExpiryDates } from './actions/getOptionExpiryDates.js'
import { getOptionQuote } from './actions/getOptionQuote.js'
import { getOptionVolume } from './actions/getOptionVolume.js'
import { getOrderDetail } from './actions/getOrderDetail.js'
import { getPositions } from './actions/getPositions.js'
import { getQuote } from './actions/getQuote.js'
import { getStatic } from './actions/getStatic.js'
import { getTodayExecutions } from './actions/getTodayExecutions.js'
import { getTodayOrders } from './actions/getTodayOrders.js'
import { getTrades } from './actions/getTrades.js'
import { getTransferRecords } from './actions/getTransferRecords.js'
import { iterateExecutions } from './actions/iterateExecutions.js'
import { modifyOrder } from './actions/modifyOrder.js'
import { placeOrder } from './actions/placeOrder.js'
import { transfer } from './actions/transfer.js'
import type { ClientBase, ClientConfig, LotSizes } from './internal/client.js'
import { createLotSizes } from './internal/lotSizes.js'
import { createKnownOrders } from './internal/orderChecks.js'
import { version } from './version.js'

/** The securities and options client: actions grouped by resource, over one transport. */
export type SecuritiesClient = ClientBase & {
  /** What the client knows beyond its transport. */
  readonly config: ClientConfig
  /** The lot sizes loaded from market/static (absent with `lotSizes: false`). */
  readonly lotSizes?: LotSizes | undefined
  /** Stock and option orders. */
  readonly orders: {
    /** {@link placeOrder} */ place: Fn<typeof placeOrder>
    // securities order management
    /** {@link cancelOrder} */ cancel: Fn<typeof cancelOrder>
    /** {@link modifyOrder} */ modify: Fn<typeof modifyOrder>
    /** {@link getOrderDetail} */ get: Fn<typeof getOrderDetail>
    /** {@link getTodayOrders} */ getToday: Fn<typeof getTodayOrders>
    /** {@link getHistoryOrders}: one page. */ getHistory: Fn<typeof getHistoryOrders>
    // Deprecated names of the methods above.
    /** @deprecated Use `orders.get` (the same function); `detail` goes in the next minor version. */
    detail: Fn<typeof getOrderDetail>
    /** @deprecated Use `orders.getToday` (the same function); `today` goes in the next minor version. */
    today: Fn<typeof getTodayOrders>
    /** @deprecated Use `orders.getHistory` (the same function); `history` goes in the next minor version. */
    history: Fn<typeof getHistoryOrders>
  }
  /** Market data (one shared budget: 10 per second, 5 in flight). */
  readonly market: {
    /** {@link getDepth} */ getDepth: Fn<typeof getDepth>
    /** {@link getTrades} */ getTrades: Fn<typeof getTrades>
    /** {@link getIntraday} */ getIntraday: Fn<typeof getIntraday>
    /** {@link getStatic}: any number of symbols. */ getStatic: Fn<typeof getStatic>
    /** {@link getOptionQuote}: any number of option symbols. */ getOptionQuote: Fn<
      typeof getOptionQuote
    >
    // securities market data and option discovery
    /** {@link getOptionExpiryDates} */ getOptionExpiryDates: Fn<typeof getOptionExpiryDates>
    /** {@link getOptionChain} */ getOptionChain: Fn<typeof getOptionChain>
    /** {@link getOptionVolume} */ getOptionVolume: Fn<typeof getOptionVolume>
    /** {@link getQuote}: any number of symbols. */ getQuote: Fn<typeof getQuote>
    /** {@link getCandlestick} */ getCandles: Fn<typeof getCandlestick>
    /** {@link getHistoryCandlestick} */ getHistoryCandles: Fn<typeof getHistoryCandlestick>
    // Deprecated names of the methods above.
    /** @deprecated Use `market.getDepth` (the same function); `depth` goes in the next minor version. */
    depth: Fn<typeof getDepth>
    /** @deprecated Use `market.getTrades` (the same function); `trades` goes in the next minor version. */
    trades: Fn<typeof getTrades>
    /** @deprecated Use `market.getIntraday` (the same function); `intraday` goes in the next minor version. */
    intraday: Fn<typeof getIntraday>
    /** @deprecated Use `market.getStatic` (the same function); `static` goes in the next minor version. */
    static: Fn<typeof getStatic>
    /** @deprecated Use `market.getOptionQuote` (the same function); `optionQuote` goes in the next minor version. */
    optionQuote: Fn<typeof getOptionQuote>
    /** @deprecated Use `market.getOptionExpiryDates` (the same function); `optionExpiryDates` goes in the next minor version. */
    optionExpiryDates: Fn<typeof getOptionExpiryDates>
    /** @deprecated Use `market.getOptionChain` (the same function); `optionChain` goes in the next minor version. */
    optionChain: Fn<typeof getOptionChain>
    /** @deprecated Use `market.getOptionVolume` (the same function); `optionVolume` goes in the next minor version. */
    optionVolume: Fn<typeof getOptionVolume>
    /** @deprecated Use `market.getQuote` (the same function); `quote` goes in the next minor version. */
    quote: Fn<typeof getQuote>
    /** @deprecated Use `market.getCandles` (the same function); `candles` goes in the next minor version. */
    candles: Fn<typeof getCandlestick>
    /** @deprecated Use `market.getHistoryCandles` (the same function); `historyCandles` goes in the next minor version. */
    historyCandles: Fn<typeof getHistoryCandlestick>
  }
  /** The securities account. */
  readonly account: {
    /** {@link getFunds} */ getFunds: Fn<typeof getFunds>
    /** {@link getPositions} */ getPositions: Fn<typeof getPositions>
    // Securities money records.
    /** {@link getCashFlow} */ getCashFlow: Fn<typeof getCashFlow>
    /** {@link getTransferRecords} */ getTransfers: Fn<typeof getTransferRecords>
    // Deprecated names of the methods above.
    /** @deprecated Use `account.getFunds` (the same function); `funds` goes in the next minor version. */
    funds: Fn<typeof getFunds>
    /** @deprecated Use `account.getPositions` (the same function); `positions` goes in the next minor version. */
    positions: Fn<typeof getPositions>
    /** @deprecated Use `account.getCashFlow` (the same function); `cashFlow` goes in the next minor version. */
    cashFlow: Fn<typeof getCashFlow>
    /** @deprecated Use `account.getTransfers` (the same function); `transfers` goes in the next minor version. */
    transfers: Fn<typeof getTransferRecords>
  }
  /** Historical executions. */
  readonly executions: {
    /** {@link getExecutions}: one page. */ getHistory: Fn<typeof getExecutions>
    /** {@link iterateExecutions}: any range, each execution once. */ iterate: Fn<
      typeof iterateExecutions
    >
    /** {@link getTodayExecutions} */ getToday: Fn<typeof getTodayExecutions>
    // Deprecated names of the methods above.
    /** @deprecated Use `executions.getHistory` (the same function); `history` goes in the next minor version. */
    history: Fn<typeof getExecutions>
    /** @deprecated Use `executions.getToday` (the same function); `today` goes in the next minor version. */
    today: Fn<typeof getTodayExecutions>
  }
  /** {@link transfer}: between the spot account and the securities account. */
  readonly transfer: Fn<typeof transfer>
}

/** The grouped methods the client adds to its transport and config. */
type Groups = Omit<SecuritiesClient, keyof ClientBase | 'lotSizes' | 'knownOrders'>

/**
 * Creates a client of the securities and options brokerage (`/api/v3/stockplus`):
 * orders, market data, option quotes, funds, positions, executions and transfers.
 *
 * @param options The client's options, each listed below with its default.
 * @example
 * import { createSecuritiesClient } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials: { apiKey, secret, passphrase } })
 * await client.market.getDepth({ symbol: 'AAPL.US' }) // { asks: [...], bids: [...] }
 */
export function createSecuritiesClient(
  options: createSecuritiesClient.Parameters = {},
): createSecuritiesClient.ReturnType {
  // Every numeric option (timeout, retry) before anything is created.
  assertFactoryOptions('createSecuritiesClient', Options.tradingClient, options)
  const { cacheTtlMs, lotSizes: checkLots, ...rest } = options
  const base = createClientBase(rest, {
    name: 'securities',
    version,
    rateLimits: RateLimits.securitiesTable,
    createRateLimiter: createRateLimiterFor,
    config: { clock: options.clock },
  })
  const lotSizes =
    checkLots === false
      ? undefined
      : createLotSizes(base.transport, { ttlMs: cacheTtlMs, clock: options.clock })
  return extendClient(
    { ...base, lotSizes, knownOrders: createKnownOrders() },
    (c): Groups => ({
      orders: withAliases(
        bindActions(c, {
          place: placeOrder,
          cancel: cancelOrder,
          modify: modifyOrder,
          get: getOrderDetail,
          getToday: getTodayOrders,
          getHistory: getHistoryOrders,
        }),
        // Deprecated names (one minor version), the same functions.
        { detail: 'get', today: 'getToday', history: 'getHistory' },
      ),
      market: withAliases(
        bindActions(c, {
          getDepth: getDepth,
          getTrades: getTrades,
          getIntraday: getIntraday,
          getStatic: getStatic,
          getOptionQuote: getOptionQuote,
          // securities market data and option discovery
          getOptionExpiryDates: getOptionExpiryDates,
          getOptionChain: getOptionChain,
          getOptionVolume: getOptionVolume,
          getQuote: getQuote,
          getCandles: getCandlestick,
          getHistoryCandles: getHistoryCandlestick,
        }),
        // Deprecated names (one minor version), the same functions.
        {
          depth: 'getDepth',
          trades: 'getTrades',
          intraday: 'getIntraday',
          static: 'getStatic',
          optionQuote: 'getOptionQuote',
          optionExpiryDates: 'getOptionExpiryDates',
          optionChain: 'getOptionChain',
          optionVolume: 'getOptionVolume',
          quote: 'getQuote',
          candles: 'getCandles',
          historyCandles: 'getHistoryCandles',
        },
      ),
      account: withAliases(
        bindActions(c, {
          getFunds: getFunds,
          getPositions: getPositions,
          // Securities money records.
          getCashFlow: getCashFlow,
          getTransfers: getTransferRecords,
        }),
        // Deprecated names (one minor version), the same functions.
        {
          funds: 'getFunds',
          positions: 'getPositions',
          cashFlow: 'getCashFlow',
          transfers: 'getTransfers',
        },
      ),
      executions: withAliases(
        bindActions(c, {
          getHistory: getExecutions,
          iterate: iterateExecutions,
          getToday: getTodayExecutions,
        }),
        // Deprecated names (one minor version), the same functions.
        { history: 'getHistory', today: 'getToday' },
      ),
      ...bindActions(c, { transfer }),
    }),
  )
}

export declare namespace createSecuritiesClient {
  /**
   * The client's options, each documented here: where it connects and with which key, its
   * transport, limiter and retries, and the checks before an order is sent.
   * @interface
   * @expand
   */
  type Parameters = createClientBase.OrderParameters & {
    /** How long loaded lot sizes are kept, in milliseconds. @default 300000 */
    cacheTtlMs?: number | undefined
    /** `false`: order quantities are not checked against the symbol's `lotSize` (market/static). @default checked */
    lotSizes?: false | undefined
  }
  type ReturnType = SecuritiesClient
  type ErrorType = import('@tradeline/core').BaseError
}
