/**
 * The rows of the rate-limit table, one table per product line (see ../RateLimits.ts for how
 * the exchange's limit lines are read), with the quote of the row each rule comes from. Every rule built
 * from a call is marked pure, so a bundle keeps only the tables it reads.
 */
import type { EndpointId, Rule } from '../RateLimits.js'
import { classicLedgerRows, publicLedgerRows, unifiedLedgerRows } from './ledgerRateLimits.js'
import { perSecond } from './rateLimitRule.js'

/** The quoted rows of the limit tables, so every rule names the sentence it comes from. */
const rowUnifiedOrder = `Bitget "Place Order", "Modify Order", "Cancel Order" (https://www.bitget.com/api-doc/uta/trade/Place-Order and its neighbours): place-order, modify-order, cancel-order | 10 per second per UID`
const rowRToken = `Bitget "Place Order" and "Cancel Order", rToken pairs (https://www.bitget.com/api-doc/uta/trade/Place-Order): place-order and cancel-order on rToken pairs | 5 per second per UID, 30 for whitelisted users`
const rowCountdown = `Bitget "CountDown Cancel All" (https://www.bitget.com/api-doc/uta/trade/CountDown-Cancel-All): countdown-cancel-all | 1 per second per UID; countdown 5 to 60 seconds`
const rowPlaceBatch = `Bitget "Batch Place Orders" (https://www.bitget.com/api-doc/uta/trade/Place-Batch): place-batch | 5 per second per UID; 20 orders per batch`
const rowBatchModify = `Bitget "Batch Modify Orders" (https://www.bitget.com/api-doc/uta/trade/Batch-Modify-Orders): batch-modify-order | 10 per second per UID; 20 orders per batch; 5 in-flight requests`
const rowCancelBatch = `Bitget "Cancel Batch" (https://www.bitget.com/api-doc/uta/trade/Cancel-Batch): cancel-batch | 5 per second per UID; 20 orders per batch`
const rowStrategy = `Bitget "Place Strategy Order" (https://www.bitget.com/api-doc/uta/strategy/): place-strategy-order | 10 per second per UID`
const rowMarketStates = `Bitget US market states (GET /api/v3/reality/market/states, https://www.bitget.com/api-doc/uta/): market/states | 1 per second per IP`
const rowRealityFills = `Bitget rToken fills (GET /api/v3/account/reality-fills, https://www.bitget.com/api-doc/uta/): account/reality-fills | 10 per second per UID; limit at most 100; last 3 months`
const rowClassicPlace = `Bitget "Place Order" (https://www.bitget.com/api-doc/contract/trade/Place-Order): classic place-order | 10 per second per UID`
const rowReversal = `Bitget "Reversal" (https://www.bitget.com/api-doc/contract/trade/Reversal): classic reversal | 10 per second per UID; 1 per second for copy-trading traders`
const rowBatchPlace = `Bitget "Batch Order" (https://www.bitget.com/api-doc/contract/trade/Batch-Order): classic batch-place-order | 5 per second per UID; 1 per second for copy-trading traders; orderList at most 50`
const rowClassicModify = `Bitget "Modify Order" and "Batch Cancel Orders" (https://www.bitget.com/api-doc/contract/trade/Modify-Order): classic modify-order, batch-cancel-orders | 10 per second per UID; orderIdList at most 50`
const rowClassicCancel = `Bitget "Cancel Order" (https://www.bitget.com/api-doc/contract/trade/Cancel-Order): classic cancel-order | 10 per second`
const rowStockplusTrade = `Bitget Stock+ "Place Order" and "History Executions" (https://www.bitget.com/api-doc/uta/stockplus/trade): stockplus place-order, history-executions | 30 per 30 seconds per UID, minimum interval 0.02 seconds`
const rowStockplusOrders = `no published limit: bitget-api 3.2.3's RestClientV3 (placeStockPlusOrder's family: cancel, modify, today-orders, history-orders, order-detail, today-executions) names the paths only; place-order's row assumed: "30 per 30 seconds per UID, minimum interval 0.02 seconds"`
const rowStockplusMarket = `Bitget Stock+ market pages (https://www.bitget.com/api-doc/uta/stockplus/): stockplus market endpoints (depth, trade, intraday, static, option-quote) | 10 per second per UID, up to 5 concurrent requests`
const rowStockplusMoney =
  'stockplus asset/cash-flow and asset/transfer-records: no published limit (bitget-api 3.2.3 RestClientV3 names the paths only); 10 per second per UID assumed, as for the other stockplus asset reads'
const rowTransfer = `Bitget Stock+ "Transfer" (https://www.bitget.com/api-doc/uta/stockplus/account): stockplus transfer | 5 per second per UID`
const rowSavings = `Bitget savings pages (https://www.bitget.com/api-doc/earn/savings/Savings-Subscribe): savings endpoints | 10 per second per UID`
const rowStockplusAsset = `Bitget Stock+ pages: stockplus asset/account and asset/stock-position rate limit | not shown: a conservative default of 10 per second, marked as an assumption (docs/architecture.md, "Rate limits without a published figure")`
const rowOrderInfo = `Bitget "Get Order Details" (https://www.bitget.com/api-doc/uta/trade/Get-Order-Details): "unified order details | 20/s per UID"`
const rowUnfilled = `Bitget "Get Open Orders" (https://www.bitget.com/api-doc/uta/trade/Get-Order-Pending): "unified open orders | 20/s"`
const rowHistory = `Bitget "Get Order History" (https://www.bitget.com/api-doc/uta/trade/Get-Order-History): "unified order history | 20/s"`
const rowFills = `Bitget "Get Fill History" (https://www.bitget.com/api-doc/uta/trade/Get-Order-Fills): "unified fills | 20/s"`
const rowCancelAll = `Bitget "Cancel All Orders" (https://www.bitget.com/api-doc/uta/trade/Cancel-All-Order): "unified cancel all | 5/s"`
const rowStrategyChange = `Bitget "Modify Strategy Order", "Cancel Strategy Order" (https://www.bitget.com/api-doc/uta/strategy/): "strategy modify / cancel | 10/s"`
const rowStrategyLists = `Bitget "Get Unfilled Strategy Orders", "Get History Strategy Orders" (https://www.bitget.com/api-doc/uta/strategy/Get-Unfilled-Strategy-Orders): "strategy lists | 20/s"`
const rowClassicDetail = `Bitget "Get Order Detail" (https://www.bitget.com/api-doc/contract/trade/Get-Order-Details): "classic order detail | 10/s"`
const rowClassicPending = `Bitget "Get Pending Orders" (https://www.bitget.com/api-doc/contract/trade/Get-Orders-Pending): "classic pending orders | 10/s"`
const rowClassicCancelAll = `Bitget "Cancel All Orders" (https://www.bitget.com/api-doc/contract/trade/Cancel-All-Orders): "classic cancel all | 10/s"`
const rowFlashClose = `Bitget "Flash Close Position" (https://www.bitget.com/api-doc/contract/trade/Flash-Close-Position): "classic flash close | 1/s"`
const rowClassicHistory = `Bitget "Get History Order" (GET /api/v2/mix/order/orders-history): "Rate limit: 10 req/sec/UID"`
const rowClassicFills = `Bitget "Get Order Fill Details" (GET /api/v2/mix/order/fills): "Speed limit is 10 times/s for average users. Frequency limit imposed according to user ID"`
const rowTime =
  'Bitget "Get Server Time" (https://www.bitget.com/api-doc/common/public/Get-Server-Time): 20 per second per IP'
const rowMarket = (what: string) => `the exchange market pages (docs/records.md): "${what}"`
/** A row of the exchange's account pages: the page's title, its endpoint and its limit sentence. */
const rowAccount = (page: string, endpoint: string, limit: string) =>
  `Bitget "${page}" (${endpoint}): "${limit}"`

/** A savings endpoint: 10 per second per UID, quoting its page of the exchange docs. */
/* @__NO_SIDE_EFFECTS__ */
function savingsRow(key: string, page: string): Rule {
  return perSecond(
    key,
    10,
    `Bitget https://www.bitget.com/api-doc/earn/savings/${page}: "Frequency limit: 10c/1s (Uid)"`,
  )
}

/** A classic plan endpoint: 10 per second per UID, quoting its page of the exchange docs. */
/* @__NO_SIDE_EFFECTS__ */
function planRow(key: string, page: string, request: string, quote: string): Rule {
  return perSecond(
    key,
    10,
    `Bitget https://www.bitget.com/api-doc/contract/plan/${page} (${request}): "${quote}"`,
  )
}

/**
 * A public market read limited per IP, as its Bitget page states it ("Frequency limit: 20
 * times/1s (IP)", "Rate limit: 20/sec/IP").
 */
function publicRead(key: string, limit: number, page: string): Rule {
  return perSecond(key, limit, `Bitget "${page}": ${limit} per second per IP`, {
    scope: 'ip',
  })
}

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

/** The public endpoints every client calls (server time, instruments, tickers, spot symbols and coins). */
export const publicTable = {
  'public.getTime': [
    /* @__PURE__ */ perSecond('public.getTime', 20, rowTime, { scope: 'ip', assumed: true }),
  ],
  'public.getTimeV3': [
    /* @__PURE__ */ perSecond('public.getTimeV3', 20, rowTime, { scope: 'ip', assumed: true }),
  ],
  'public.getInstruments': [
    /* @__PURE__ */ perSecond(
      'public.getInstruments',
      20,
      /* @__PURE__ */ rowMarket('GET /api/v3/market/instruments | Public; 20/s/IP'),
      { scope: 'ip' },
    ),
  ],
  'public.getTickers': [
    /* @__PURE__ */ perSecond(
      'public.getTickers',
      20,
      /* @__PURE__ */ rowMarket('GET /api/v3/market/tickers: 20/s/IP'),
      {
        scope: 'ip',
      },
    ),
  ],
  'public.getSpotSymbols': [
    /* @__PURE__ */ perSecond(
      'public.getSpotSymbols',
      20,
      /* @__PURE__ */ rowMarket('GET /api/v2/spot/public/symbols | Public; 20/s/IP'),
      { scope: 'ip' },
    ),
  ],
  'public.getSpotCoins': [
    /* @__PURE__ */ perSecond(
      'public.getSpotCoins',
      3,
      /* @__PURE__ */ rowMarket(
        'GET /api/v2/spot/public/coins (rate limit not listed; 3/s assumed)',
      ),
      { scope: 'ip', assumed: true },
    ),
  ],
  ...publicLedgerRows,
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>

/** The unified account's endpoints and strategy orders. */
export const unifiedTable = {
  'unified.placeOrder': [/* @__PURE__ */ perSecond('unified.placeOrder', 10, rowUnifiedOrder)],
  'unified.modifyOrder': [/* @__PURE__ */ perSecond('unified.modifyOrder', 10, rowUnifiedOrder)],
  'unified.cancelOrder': [/* @__PURE__ */ perSecond('unified.cancelOrder', 10, rowUnifiedOrder)],
  'unified.countdownCancelAll': [
    /* @__PURE__ */ perSecond('unified.countdownCancelAll', 1, rowCountdown),
  ],
  'unified.placeBatch': [/* @__PURE__ */ perSecond('unified.placeBatch', 5, rowPlaceBatch)],
  'unified.batchModifyOrder': [
    /* @__PURE__ */ perSecond('unified.batchModifyOrder', 10, rowBatchModify),
    {
      kind: 'concurrency',
      key: 'unified.batchModifyOrder.inFlight',
      scope: 'uid',
      limit: 5,
      source: rowBatchModify,
    },
  ],
  'unified.cancelBatch': [/* @__PURE__ */ perSecond('unified.cancelBatch', 5, rowCancelBatch)],
  'unified.cancelSymbolOrder': [
    /* @__PURE__ */ perSecond('unified.cancelSymbolOrder', 5, rowCancelAll),
  ],
  'unified.getOrderInfo': [/* @__PURE__ */ perSecond('unified.getOrderInfo', 20, rowOrderInfo)],
  'unified.getUnfilledOrders': [
    /* @__PURE__ */ perSecond('unified.getUnfilledOrders', 20, rowUnfilled),
  ],
  'unified.getHistoryOrders': [
    /* @__PURE__ */ perSecond('unified.getHistoryOrders', 20, rowHistory),
  ],
  'unified.getFills': [/* @__PURE__ */ perSecond('unified.getFills', 20, rowFills)],
  'unified.getMarketStates': [
    /* @__PURE__ */ perSecond('unified.getMarketStates', 1, rowMarketStates, { scope: 'ip' }),
  ],
  'unified.getRealityFills': [
    /* @__PURE__ */ perSecond('unified.getRealityFills', 10, rowRealityFills),
  ],
  'strategy.placeStrategyOrder': [
    /* @__PURE__ */ perSecond('strategy.placeStrategyOrder', 10, rowStrategy),
  ],
  'strategy.modifyStrategyOrder': [
    /* @__PURE__ */ perSecond('strategy.modifyStrategyOrder', 10, rowStrategyChange),
  ],
  'strategy.cancelStrategyOrder': [
    /* @__PURE__ */ perSecond('strategy.cancelStrategyOrder', 10, rowStrategyChange),
  ],
  'strategy.getUnfilledStrategyOrders': [
    /* @__PURE__ */ perSecond('strategy.getUnfilledStrategyOrders', 20, rowStrategyLists),
  ],
  'strategy.getHistoryStrategyOrders': [
    /* @__PURE__ */ perSecond('strategy.getHistoryStrategyOrders', 20, rowStrategyLists),
  ],
  'unified.getAccountAssets': [
    /* @__PURE__ */ perSecond(
      'unified.getAccountAssets',
      20,
      /* @__PURE__ */ rowMarket('UTA "Get Account Assets", 20/s/UID (ccxt fetchBalance reads it)'),
      { assumed: true },
    ),
  ],
  'unified.getAccountSettings': [
    /* @__PURE__ */ perSecond(
      'unified.getAccountSettings',
      20,
      /* @__PURE__ */ rowMarket('GET /api/v3/account/settings | UTA mgt (read); 20/s per UID'),
    ),
  ],
  'unified.getCurrentPosition': [
    /* @__PURE__ */ perSecond(
      'unified.getCurrentPosition',
      20,
      /* @__PURE__ */ rowMarket(
        'GET /api/v3/position/current-position | UTA trade (read); 20/s/UID',
      ),
    ),
  ],
  // account settings and margin
  'unified.setLeverage': [
    /* @__PURE__ */ perSecond(
      'unified.setLeverage',
      10,
      /* @__PURE__ */ rowAccount(
        'Set Leverage',
        'POST /api/v3/account/set-leverage',
        'Rate limit: 10/sec/UID',
      ),
    ),
  ],
  'unified.setHoldMode': [
    /* @__PURE__ */ perSecond(
      'unified.setHoldMode',
      10,
      /* @__PURE__ */ rowAccount(
        'Set Holding Mode',
        'POST /api/v3/account/set-hold-mode',
        'Rate limit: 10/sec/UID',
      ),
    ),
  ],
  'unified.getMaxOpenAvailable': [
    /* @__PURE__ */ perSecond(
      'unified.getMaxOpenAvailable',
      5,
      /* @__PURE__ */ rowAccount(
        'Get Max Open Available',
        'POST /api/v3/account/max-open-available',
        'Rate limit: 5/sec/UID',
      ),
    ),
  ],
  // Market data reads.
  'unified.getCandles': [
    /* @__PURE__ */ publicRead('unified.getCandles', 20, 'Get Kline/Candlestick'),
  ],
  'unified.getHistoryCandles': [
    /* @__PURE__ */ publicRead('unified.getHistoryCandles', 20, 'Get Kline/Candlestick History'),
  ],
  'unified.getOrderBook': [/* @__PURE__ */ publicRead('unified.getOrderBook', 20, 'Get OrderBook')],
  'unified.getPublicFills': [
    /* @__PURE__ */ publicRead('unified.getPublicFills', 20, 'Get Recent Public Fills'),
  ],
  'unified.getOpenInterest': [
    /* @__PURE__ */ publicRead('unified.getOpenInterest', 20, 'Get Open Interest'),
  ],
  'unified.getRiskReserve': [
    /* @__PURE__ */ publicRead('unified.getRiskReserve', 20, 'Get Risk Reserve'),
  ],
  'unified.getPositionTier': [
    /* @__PURE__ */ publicRead('unified.getPositionTier', 20, 'Get Position Tier'),
  ],
  ...unifiedLedgerRows,
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>

/** The classic futures endpoints. */
export const classicTable = {
  'classic.placeOrder': [/* @__PURE__ */ perSecond('classic.placeOrder', 10, rowClassicPlace)],
  'classic.clickBackhand': [/* @__PURE__ */ perSecond('classic.clickBackhand', 10, rowReversal)],
  'classic.batchPlaceOrder': [
    /* @__PURE__ */ perSecond('classic.batchPlaceOrder', 5, rowBatchPlace),
  ],
  'classic.modifyOrder': [/* @__PURE__ */ perSecond('classic.modifyOrder', 10, rowClassicModify)],
  'classic.cancelOrder': [/* @__PURE__ */ perSecond('classic.cancelOrder', 10, rowClassicCancel)],
  'classic.batchCancelOrders': [
    /* @__PURE__ */ perSecond('classic.batchCancelOrders', 10, rowClassicModify),
  ],
  'classic.getOrderDetail': [
    /* @__PURE__ */ perSecond('classic.getOrderDetail', 10, rowClassicDetail),
  ],
  'classic.getOrdersPending': [
    /* @__PURE__ */ perSecond('classic.getOrdersPending', 10, rowClassicPending),
  ],
  'classic.cancelAllOrders': [
    /* @__PURE__ */ perSecond('classic.cancelAllOrders', 10, rowClassicCancelAll),
  ],
  'classic.closePositions': [/* @__PURE__ */ perSecond('classic.closePositions', 1, rowFlashClose)],
  'classic.getContracts': [
    /* @__PURE__ */ perSecond(
      'classic.getContracts',
      20,
      /* @__PURE__ */ rowMarket('GET /api/v2/mix/market/contracts | Public; 20/s/IP'),
      { scope: 'ip' },
    ),
  ],
  'classic.getTicker': [
    /* @__PURE__ */ perSecond(
      'classic.getTicker',
      20,
      /* @__PURE__ */ rowMarket('GET /api/v2/mix/market/ticker: 20/s per IP'),
      {
        scope: 'ip',
      },
    ),
  ],
  'classic.getAllPositions': [
    /* @__PURE__ */ perSecond(
      'classic.getAllPositions',
      5,
      /* @__PURE__ */ rowMarket('GET /api/v2/mix/position/all-position: 5/s/UID'),
    ),
  ],
  'classic.getOrdersHistory': [
    /* @__PURE__ */ perSecond('classic.getOrdersHistory', 10, rowClassicHistory),
  ],
  'classic.getFills': [/* @__PURE__ */ perSecond('classic.getFills', 10, rowClassicFills)],
  // account settings and margin
  'classic.getAccount': [
    /* @__PURE__ */ perSecond(
      'classic.getAccount',
      10,
      /* @__PURE__ */ rowAccount(
        'Get Single Account',
        'GET /api/v2/mix/account/account',
        'Frequency limit: 10 times/1s (uid)',
      ),
    ),
  ],
  'classic.getAccounts': [
    /* @__PURE__ */ perSecond(
      'classic.getAccounts',
      10,
      /* @__PURE__ */ rowAccount(
        'Get Account List',
        'GET /api/v2/mix/account/accounts',
        'Frequency limit: 10 times/1s (uid)',
      ),
    ),
  ],
  'classic.setLeverage': [
    /* @__PURE__ */ perSecond(
      'classic.setLeverage',
      5,
      /* @__PURE__ */ rowAccount(
        'Change Leverage',
        'POST /api/v2/mix/account/set-leverage',
        'Frequency limit: 5 times/1s (uid)',
      ),
    ),
  ],
  'classic.setMarginMode': [
    /* @__PURE__ */ perSecond(
      'classic.setMarginMode',
      5,
      /* @__PURE__ */ rowAccount(
        'Change Margin Mode',
        'POST /api/v2/mix/account/set-margin-mode',
        'Frequency limit: 5 times/1s (uid)',
      ),
    ),
  ],
  'classic.setPositionMode': [
    /* @__PURE__ */ perSecond(
      'classic.setPositionMode',
      5,
      /* @__PURE__ */ rowAccount(
        'Change Position Mode',
        'POST /api/v2/mix/account/set-position-mode',
        'Frequency limit: 5 times/1s (uid)',
      ),
    ),
  ],
  'classic.getMaxOpen': [
    /* @__PURE__ */ perSecond(
      'classic.getMaxOpen',
      20,
      /* @__PURE__ */ rowAccount(
        'Get Max Openable Quantity',
        'GET /api/v2/mix/account/max-open',
        'Rate limit: 20 req/sec/UID',
      ),
    ),
  ],
  'classic.getOpenCount': [
    /* @__PURE__ */ perSecond(
      'classic.getOpenCount',
      10,
      /* @__PURE__ */ rowAccount(
        'My Estimated Open Count',
        'GET /api/v2/mix/account/open-count',
        'Frequency limit: 10 times/1s (uid)',
      ),
    ),
  ],
  'classic.setMargin': [
    /* @__PURE__ */ perSecond(
      'classic.setMargin',
      5,
      /* @__PURE__ */ rowAccount(
        'Adjust Position Margin',
        'POST /api/v2/mix/account/set-margin',
        'Rate limit: 5 req/sec/UID',
      ),
    ),
  ],
  'classic.getLiquidationPrice': [
    /* @__PURE__ */ perSecond(
      'classic.getLiquidationPrice',
      20,
      /* @__PURE__ */ rowAccount(
        'Get Liquidation Price',
        'GET /api/v2/mix/account/liq-price',
        'Rate limit: 20 req/sec/UID',
      ),
    ),
  ],
  // classic plan (trigger) and take-profit/stop-loss orders
  'classic.placePlanOrder': [
    /* @__PURE__ */ planRow(
      'classic.placePlanOrder',
      'Place-Plan-Order',
      'POST /api/v2/mix/order/place-plan-order',
      'Rate limit: 10 req/sec/UID',
    ),
  ],
  'classic.placeTpslOrder': [
    /* @__PURE__ */ planRow(
      'classic.placeTpslOrder',
      'Place-Tpsl-Order',
      'POST /api/v2/mix/order/place-tpsl-order',
      'Speed limit is 10 times/s (UID)',
    ),
  ],
  'classic.placePosTpsl': [
    /* @__PURE__ */ planRow(
      'classic.placePosTpsl',
      'Place-Pos-Tpsl-Order',
      'POST /api/v2/mix/order/place-pos-tpsl',
      'Speed limit is 10 times/s (UID)',
    ),
  ],
  'classic.modifyPlanOrder': [
    /* @__PURE__ */ planRow(
      'classic.modifyPlanOrder',
      'Modify-Plan-Order',
      'POST /api/v2/mix/order/modify-plan-order',
      'Speed limit is 10 times/s (UID)',
    ),
  ],
  'classic.modifyTpslOrder': [
    /* @__PURE__ */ planRow(
      'classic.modifyTpslOrder',
      'Modify-Tpsl-Order',
      'POST /api/v2/mix/order/modify-tpsl-order',
      'Speed limit is 10 times/s (UID)',
    ),
  ],
  'classic.cancelPlanOrder': [
    /* @__PURE__ */ planRow(
      'classic.cancelPlanOrder',
      'Cancel-Plan-Order',
      'POST /api/v2/mix/order/cancel-plan-order',
      'Speed limit is 10 times/s (UID)',
    ),
  ],
  'classic.getOrdersPlanPending': [
    /* @__PURE__ */ planRow(
      'classic.getOrdersPlanPending',
      'get-orders-plan-pending',
      'GET /api/v2/mix/order/orders-plan-pending',
      'Rate limit: 10 req/sec/UID',
    ),
  ],
  'classic.getOrdersPlanHistory': [
    /* @__PURE__ */ planRow(
      'classic.getOrdersPlanHistory',
      'orders-plan-history',
      'GET /api/v2/mix/order/orders-plan-history',
      'Speed limit is 10 times/s (UID)',
    ),
  ],
  // Market data reads.
  'classic.getTickers': [/* @__PURE__ */ publicRead('classic.getTickers', 20, 'Get All Tickers')],
  'classic.getCandles': [
    /* @__PURE__ */ publicRead('classic.getCandles', 20, 'Get Candlestick Data'),
  ],
  'classic.getHistoryCandles': [
    /* @__PURE__ */ publicRead('classic.getHistoryCandles', 20, 'Get Historical Candlestick'),
  ],
  'classic.getMergeDepth': [
    /* @__PURE__ */ publicRead('classic.getMergeDepth', 20, 'Get Merge Market Depth'),
  ],
  'classic.getRecentTrades': [
    /* @__PURE__ */ publicRead('classic.getRecentTrades', 20, 'Get Recent Transactions'),
  ],
  'classic.getHistoryTrades': [
    /* @__PURE__ */ publicRead('classic.getHistoryTrades', 10, 'Get History Transactions'),
  ],
  'classic.getOpenInterest': [
    /* @__PURE__ */ publicRead('classic.getOpenInterest', 20, 'Get Open Interest'),
  ],
  'classic.getSymbolPrice': [
    /* @__PURE__ */ perSecond(
      'classic.getSymbolPrice',
      20,
      'Bitget "Get Mark/Index/Market Prices" (GET /api/v2/mix/market/symbol-price): "20 times/s, frequency is limited according to user ID"',
    ),
  ],
  'classic.getHistoryMarkCandles': [
    /* @__PURE__ */ publicRead(
      'classic.getHistoryMarkCandles',
      20,
      'Get Historical Mark Price Candlestick',
    ),
  ],
  'classic.getHistoryIndexCandles': [
    /* @__PURE__ */ publicRead(
      'classic.getHistoryIndexCandles',
      20,
      'Get Historical Index Price Candlestick',
    ),
  ],
  'classic.getFundingTime': [
    /* @__PURE__ */ publicRead('classic.getFundingTime', 20, 'Get Next Funding Time'),
  ],
  ...classicLedgerRows,
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>

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

/** The savings endpoints. */
export const savingsTable = {
  'savings.getSubscribeInfo': [
    /* @__PURE__ */ perSecond('savings.getSubscribeInfo', 10, rowSavings),
  ],
  'savings.getSubscribeResult': [
    /* @__PURE__ */ perSecond('savings.getSubscribeResult', 10, rowSavings),
  ],
  'savings.getProducts': [
    /* @__PURE__ */ perSecond(
      'savings.getProducts',
      10,
      /* @__PURE__ */ rowMarket(
        'Savings (v2 earn): All 10/s/UID. GET /api/v2/earn/savings/product',
      ),
    ),
  ],
  // savings account, holdings, records and the subscribe/redeem writes
  'savings.subscribe': [/* @__PURE__ */ savingsRow('savings.subscribe', 'Savings-Subscribe')],
  'savings.redeem': [/* @__PURE__ */ savingsRow('savings.redeem', 'Savings-Redeem')],
  'savings.getRedeemResult': [
    /* @__PURE__ */ savingsRow('savings.getRedeemResult', 'Savings-Redeem-Result'),
  ],
  'savings.getAssets': [/* @__PURE__ */ savingsRow('savings.getAssets', 'Savings-Assets')],
  'savings.getRecords': [/* @__PURE__ */ savingsRow('savings.getRecords', 'Savings-Records')],
  'savings.getAccount': [/* @__PURE__ */ savingsRow('savings.getAccount', 'Savings-Account')],
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>

/**
 * The budget shared by place-order and cancel-order on rToken pairs: 5 per second per UID,
 * 30 for whitelisted users (one key, two sizes).
 *
 * @example
 * import { RateLimits } from '@tradeline/rules'
 * const { whitelisted } = RateLimits.rToken
 * whitelisted.kind === 'window' && whitelisted.limit // 30
 */
export const rToken = {
  standard: /* @__PURE__ */ perSecond('unified.rToken', 5, rowRToken),
  whitelisted: /* @__PURE__ */ perSecond('unified.rToken', 30, rowRToken),
} as const satisfies Record<string, Rule>

/**
 * The rules that replace an endpoint's own rules for copy-trading traders: reversal and
 * batch-place-order at 1 per second (same key: it is the same budget, only smaller).
 *
 * @example
 * import { RateLimits } from '@tradeline/rules'
 * const [rule] = RateLimits.copyTrader['classic.clickBackhand'] ?? []
 * rule?.kind === 'window' && rule.limit // 1
 */
export const copyTrader: Readonly<Partial<Record<EndpointId, readonly Rule[]>>> = {
  'classic.clickBackhand': [/* @__PURE__ */ perSecond('classic.clickBackhand', 1, rowReversal)],
  'classic.batchPlaceOrder': [
    /* @__PURE__ */ perSecond('classic.batchPlaceOrder', 1, rowBatchPlace),
  ],
}
