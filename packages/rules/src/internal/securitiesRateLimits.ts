/**
 * The rate-limit rows of the securities and options (stockplus) endpoints, with the quote of the
 * row each rule comes from. Every rule built from a call is marked pure, so a bundle keeps only
 * the tables it reads.
 */
import type { EndpointId, Rule } from '../RateLimits.js'
import { perSecond } from './rateLimitRule.js'

/** The quoted rows of the stockplus limit tables, so every rule names the sentence it comes from. */
const rowStockplusTrade = `Bitget Stock+ "Place Order" and "History Executions" (https://www.bitget.com/api-doc/uta/stockplus/trade): stockplus place-order, history-executions | 30 per 30 seconds per UID, minimum interval 0.02 seconds`
const rowStockplusOrders = `no published limit: bitget-api 3.2.3's RestClientV3 (placeStockPlusOrder's family: cancel, modify, today-orders, history-orders, order-detail, today-executions) names the paths only; place-order's row assumed: "30 per 30 seconds per UID, minimum interval 0.02 seconds"`
const rowStockplusMarket = `Bitget Stock+ market pages (https://www.bitget.com/api-doc/uta/stockplus/): stockplus market endpoints (depth, trade, intraday, static, option-quote) | 10 per second per UID, up to 5 concurrent requests`
const rowStockplusMoney =
  'stockplus asset/cash-flow and asset/transfer-records: no published limit (bitget-api 3.2.3 RestClientV3 names the paths only); 10 per second per UID assumed, as for the other stockplus asset reads'
const rowTransfer = `Bitget Stock+ "Transfer" (https://www.bitget.com/api-doc/uta/stockplus/account): stockplus transfer | 5 per second per UID`
const rowStockplusAsset = `Bitget Stock+ pages: stockplus asset/account and asset/stock-position rate limit | not shown: a conservative default of 10 per second, marked as an assumption (docs/architecture.md, "Rate limits without a published figure")`

/**
 * stockplus place-order and history-executions: 30 per 30 s plus 20 ms spacing, per endpoint.
 * `assumed`: an order endpoint of the same family without a published limit (cancel, modify, the
 * order reads, today's executions) is given the same figures, marked as an assumption.
 */
function stockplusTrade(key: string, assumed = false): readonly Rule[] {
  const source = assumed ? rowStockplusOrders : rowStockplusTrade
  const mark = assumed ? { assumed: true } : {}
  return [
    { kind: 'window', key, scope: 'uid', limit: 30, windowMs: 30_000, ...mark, source },
    { kind: 'spacing', key: `${key}.spacing`, scope: 'uid', minIntervalMs: 20, source },
  ]
}

/**
 * The concurrency key the five stockplus market endpoints share: the row names them together
 * with "up to 5 concurrent requests", a cap on what is in flight for the group, so 5 across the
 * five endpoints, not 5 each (which would allow 25).
 */
export const stockplusMarketConcurrencyKey = 'securities.market.concurrent'

/**
 * stockplus market endpoints: 10 per second per endpoint (each endpoint its own window, as every
 * other row that names several endpoints is read) plus 5 in flight across the group.
 */
function stockplusMarket(key: string): readonly Rule[] {
  const source = rowStockplusMarket
  return [
    perSecond(key, 10, source),
    { kind: 'concurrency', key: stockplusMarketConcurrencyKey, scope: 'uid', limit: 5, source },
  ]
}

/**
 * A stockplus market endpoint the limits table does not name (option expiries, chain, volume,
 * quote, candles): assumed to be limited like the five it names, 10 per second per UID, and to
 * share their 5 in flight; `assumed: true`, no figure is published for them.
 */
function stockplusMarketAssumed(key: string): readonly Rule[] {
  const source = `${rowStockplusMarket}; not named there, assumed the same`
  return [
    perSecond(key, 10, source, { assumed: true }),
    {
      kind: 'concurrency',
      key: stockplusMarketConcurrencyKey,
      scope: 'uid',
      limit: 5,
      source,
    },
  ]
}

/** The securities and options (stockplus) endpoints. */
export const securitiesTable = {
  'securities.placeOrder': /* @__PURE__ */ stockplusTrade('securities.placeOrder'),
  'securities.getDepth': /* @__PURE__ */ stockplusMarket('securities.getDepth'),
  'securities.getTrades': /* @__PURE__ */ stockplusMarket('securities.getTrades'),
  'securities.getIntraday': /* @__PURE__ */ stockplusMarket('securities.getIntraday'),
  'securities.getStatic': /* @__PURE__ */ stockplusMarket('securities.getStatic'),
  'securities.getOptionQuote': /* @__PURE__ */ stockplusMarket('securities.getOptionQuote'),
  'securities.getAccount': [
    /* @__PURE__ */ perSecond('securities.getAccount', 10, rowStockplusAsset, { assumed: true }),
  ],
  'securities.getStockPositions': [
    /* @__PURE__ */ perSecond('securities.getStockPositions', 10, rowStockplusAsset, {
      assumed: true,
    }),
  ],
  'securities.getHistoryExecutions': /* @__PURE__ */ stockplusTrade(
    'securities.getHistoryExecutions',
  ),
  'securities.transfer': [/* @__PURE__ */ perSecond('securities.transfer', 5, rowTransfer)],
  // Securities money records.
  'securities.getCashFlow': [
    /* @__PURE__ */ perSecond('securities.getCashFlow', 10, rowStockplusMoney, { assumed: true }),
  ],
  'securities.getTransferRecords': [
    /* @__PURE__ */ perSecond('securities.getTransferRecords', 10, rowStockplusMoney, {
      assumed: true,
    }),
  ],
  // securities market data and option discovery
  'securities.getOptionExpiryDates': /* @__PURE__ */ stockplusMarketAssumed(
    'securities.getOptionExpiryDates',
  ),
  'securities.getOptionChain': /* @__PURE__ */ stockplusMarketAssumed('securities.getOptionChain'),
  'securities.getOptionVolume': /* @__PURE__ */ stockplusMarketAssumed(
    'securities.getOptionVolume',
  ),
  'securities.getQuote': /* @__PURE__ */ stockplusMarketAssumed('securities.getQuote'),
  'securities.getCandlestick': /* @__PURE__ */ stockplusMarketAssumed('securities.getCandlestick'),
  'securities.getHistoryCandlestick': /* @__PURE__ */ stockplusMarketAssumed(
    'securities.getHistoryCandlestick',
  ),
  // securities order management (no published limit: place-order's row, assumed)
  'securities.cancelOrder': /* @__PURE__ */ stockplusTrade('securities.cancelOrder', true),
  'securities.modifyOrder': /* @__PURE__ */ stockplusTrade('securities.modifyOrder', true),
  'securities.getOrderDetail': /* @__PURE__ */ stockplusTrade('securities.getOrderDetail', true),
  'securities.getTodayOrders': /* @__PURE__ */ stockplusTrade('securities.getTodayOrders', true),
  'securities.getHistoryOrders': /* @__PURE__ */ stockplusTrade(
    'securities.getHistoryOrders',
    true,
  ),
  'securities.getTodayExecutions': /* @__PURE__ */ stockplusTrade(
    'securities.getTodayExecutions',
    true,
  ),
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>
