import {
  bindActions,
  createClientBase,
  extendClient,
  type BoundAction as Fn,
} from '@tradeline/core'
import { createRateLimiterFor } from '@tradeline/rate-limit'
import { Options, RateLimits } from '@tradeline/rules'
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
    /** {@link getOrderDetail} */ detail: Fn<typeof getOrderDetail>
    /** {@link getTodayOrders} */ today: Fn<typeof getTodayOrders>
    /** {@link getHistoryOrders}: one page. */ history: Fn<typeof getHistoryOrders>
  }
  /** Market data (one shared budget: 10 per second, 5 in flight). */
  readonly market: {
    /** {@link getDepth} */ depth: Fn<typeof getDepth>
    /** {@link getTrades} */ trades: Fn<typeof getTrades>
    /** {@link getIntraday} */ intraday: Fn<typeof getIntraday>
    /** {@link getStatic}: any number of symbols. */ static: Fn<typeof getStatic>
    /** {@link getOptionQuote}: any number of option symbols. */ optionQuote: Fn<
      typeof getOptionQuote
    >
    // securities market data and option discovery
    /** {@link getOptionExpiryDates} */ optionExpiryDates: Fn<typeof getOptionExpiryDates>
    /** {@link getOptionChain} */ optionChain: Fn<typeof getOptionChain>
    /** {@link getOptionVolume} */ optionVolume: Fn<typeof getOptionVolume>
    /** {@link getQuote}: any number of symbols. */ quote: Fn<typeof getQuote>
    /** {@link getCandlestick} */ candles: Fn<typeof getCandlestick>
    /** {@link getHistoryCandlestick} */ historyCandles: Fn<typeof getHistoryCandlestick>
  }
  /** The securities account. */
  readonly account: {
    /** {@link getFunds} */ funds: Fn<typeof getFunds>
    /** {@link getPositions} */ positions: Fn<typeof getPositions>
    // Securities money records.
    /** {@link getCashFlow} */ cashFlow: Fn<typeof getCashFlow>
    /** {@link getTransferRecords} */ transfers: Fn<typeof getTransferRecords>
  }
  /** Historical executions. */
  readonly executions: {
    /** {@link getExecutions}: one page. */ history: Fn<typeof getExecutions>
    /** {@link iterateExecutions}: any range, each execution once. */ iterate: Fn<
      typeof iterateExecutions
    >
    /** {@link getTodayExecutions} */ today: Fn<typeof getTodayExecutions>
  }
  /** {@link transfer}: between the spot account and the securities account. */
  readonly transfer: Fn<typeof transfer>
}

/** The grouped methods the client adds to its transport and config. */
type Groups = Omit<SecuritiesClient, keyof ClientBase | 'lotSizes'>

/**
 * Creates a client of the securities and options brokerage (`/api/v3/stockplus`):
 * orders, market data, option quotes, funds, positions, executions and transfers.
 *
 * @example
 * import { createSecuritiesClient } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials: { apiKey, secret, passphrase } })
 * await client.market.depth({ symbol: 'AAPL.US' }) // { asks: [...], bids: [...] }
 */
export function createSecuritiesClient(
  options: createSecuritiesClient.Parameters = {},
): createSecuritiesClient.ReturnType {
  // Every numeric option (timeout, retry) before anything is created.
  Options.assert('createSecuritiesClient', Options.tradingClient, options)
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
    { ...base, lotSizes },
    (c): Groups => ({
      orders: bindActions(c, {
        place: placeOrder,
        cancel: cancelOrder,
        modify: modifyOrder,
        detail: getOrderDetail,
        today: getTodayOrders,
        history: getHistoryOrders,
      }),
      market: bindActions(c, {
        depth: getDepth,
        trades: getTrades,
        intraday: getIntraday,
        static: getStatic,
        optionQuote: getOptionQuote,
        // securities market data and option discovery
        optionExpiryDates: getOptionExpiryDates,
        optionChain: getOptionChain,
        optionVolume: getOptionVolume,
        quote: getQuote,
        candles: getCandlestick,
        historyCandles: getHistoryCandlestick,
      }),
      account: bindActions(c, {
        funds: getFunds,
        positions: getPositions,
        // Securities money records.
        cashFlow: getCashFlow,
        transfers: getTransferRecords,
      }),
      executions: bindActions(c, {
        history: getExecutions,
        iterate: iterateExecutions,
        today: getTodayExecutions,
      }),
      ...bindActions(c, { transfer }),
    }),
  )
}

export declare namespace createSecuritiesClient {
  type Parameters = createClientBase.OrderParameters & {
    /** How long loaded lot sizes are kept, in milliseconds. @default 300000 */
    cacheTtlMs?: number | undefined
    /** `false`: order quantities are not checked against the symbol's `lotSize` (market/static). @default checked */
    lotSizes?: false | undefined
  }
  type ReturnType = SecuritiesClient
  type ErrorType = import('@tradeline/core').BaseError
}
