import {
  bindActions,
  createClientBase,
  extendClient,
  type BoundAction as Fn,
} from '@tradeline/core'
import { createRateLimiterFor } from '@tradeline/rate-limit'
import { Options, RateLimits } from '@tradeline/rules'
import { getCandlestick } from './actions/getCandlestick.js'
import { getCashFlow } from './actions/getCashFlow.js'
import { getDepth } from './actions/getDepth.js'
import { getExecutions } from './actions/getExecutions.js'
import { getFunds } from './actions/getFunds.js'
import { getHistoryCandlestick } from './actions/getHistoryCandlestick.js'
import { getIntraday } from './actions/getIntraday.js'
import { getOptionChain } from './actions/getOptionChain.js'
import { getOptionExpiryDates } from './actions/getOptionExpiryDates.js'
import { getOptionQuote } from './actions/getOptionQuote.js'
import { getOptionVolume } from './actions/getOptionVolume.js'
import { getPositions } from './actions/getPositions.js'
import { getQuote } from './actions/getQuote.js'
import { getStatic } from './actions/getStatic.js'
import { getTrades } from './actions/getTrades.js'
import { getTransferRecords } from './actions/getTransferRecords.js'
import { iterateExecutions } from './actions/iterateExecutions.js'
import { placeOrder } from './actions/placeOrder.js'
import { transfer } from './actions/transfer.js'
import type { ClientBase, ClientConfig } from './internal/client.js'
import { version } from './version.js'

/** The securities and options client: actions grouped by resource, over one transport. */
export type SecuritiesClient = ClientBase & {
  /** What the client knows beyond its transport. */
  readonly config: ClientConfig
  /** Stock and option orders. */
  readonly orders: {
    /** {@link placeOrder} */ place: Fn<typeof placeOrder>
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
  }
  /** {@link transfer}: between the spot account and the securities account. */
  readonly transfer: Fn<typeof transfer>
}

/** The grouped methods the client adds to its transport and config. */
type Groups = Omit<SecuritiesClient, keyof ClientBase>

/**
 * Creates a client of the securities and options brokerage (spec Part B, `/api/v3/stockplus`):
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
  Options.assert('createSecuritiesClient', Options.transport, options)
  const base = createClientBase(options, {
    name: 'securities',
    version,
    rateLimits: RateLimits.securitiesTable,
    createRateLimiter: createRateLimiterFor,
    config: { clock: options.clock },
  })
  return extendClient(
    base,
    (c): Groups => ({
      orders: bindActions(c, { place: placeOrder }),
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
      executions: bindActions(c, { history: getExecutions, iterate: iterateExecutions }),
      ...bindActions(c, { transfer }),
    }),
  )
}

export declare namespace createSecuritiesClient {
  type Parameters = createClientBase.Parameters
  type ReturnType = SecuritiesClient
  type ErrorType = import('@tradeline/core').BaseError
}
