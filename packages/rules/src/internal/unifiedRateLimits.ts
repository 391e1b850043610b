/**
 * The rate-limit rows of the unified account (/api/v3) and its strategy orders, and the rToken
 * budget place-order and cancel-order share, with the quote of the row each rule comes from.
 * Every rule built from a call is marked pure, so a bundle keeps only the tables it reads.
 */
import type { EndpointId, Rule } from '../RateLimits.js'
import { unifiedLedgerRows } from './ledgerRateLimits.js'
import { perSecond, publicRead, rowMarket, rowPage } from './rateLimitRule.js'

/** The quoted rows of the unified limit tables, so every rule names the sentence it comes from. */
const rowUnifiedOrder = `Bitget "Place Order", "Modify Order", "Cancel Order" (https://www.bitget.com/api-doc/uta/trade/Place-Order and its neighbours): place-order, modify-order, cancel-order | 10 per second per UID`
const rowRToken = `Bitget "Place Order" and "Cancel Order", rToken pairs (https://www.bitget.com/api-doc/uta/trade/Place-Order): place-order and cancel-order on rToken pairs | 5 per second per UID, 30 for whitelisted users`
const rowCountdown = `Bitget "CountDown Cancel All" (https://www.bitget.com/api-doc/uta/trade/CountDown-Cancel-All): countdown-cancel-all | 1 per second per UID; countdown 5 to 60 seconds`
const rowPlaceBatch = `Bitget "Batch Place Orders" (https://www.bitget.com/api-doc/uta/trade/Place-Batch): place-batch | 5 per second per UID; 20 orders per batch`
const rowBatchModify = `Bitget "Batch Modify Orders" (https://www.bitget.com/api-doc/uta/trade/Batch-Modify-Orders): batch-modify-order | 10 per second per UID; 20 orders per batch; 5 in-flight requests`
const rowCancelBatch = `Bitget "Cancel Batch" (https://www.bitget.com/api-doc/uta/trade/Cancel-Batch): cancel-batch | 5 per second per UID; 20 orders per batch`
const rowStrategy = `Bitget "Place Strategy Order" (https://www.bitget.com/api-doc/uta/strategy/): place-strategy-order | 10 per second per UID`
const rowMarketStates = `Bitget US market states (GET /api/v3/reality/market/states, https://www.bitget.com/api-doc/uta/): market/states | 1 per second per IP`
const rowRealityFills = `Bitget rToken fills (GET /api/v3/account/reality-fills, https://www.bitget.com/api-doc/uta/): account/reality-fills | 10 per second per UID; limit at most 100; last 3 months`
const rowOrderInfo = `Bitget "Get Order Details" (https://www.bitget.com/api-doc/uta/trade/Get-Order-Details): "unified order details | 20/s per UID"`
const rowUnfilled = `Bitget "Get Open Orders" (https://www.bitget.com/api-doc/uta/trade/Get-Order-Pending): "unified open orders | 20/s"`
const rowHistory = `Bitget "Get Order History" (https://www.bitget.com/api-doc/uta/trade/Get-Order-History): "unified order history | 20/s"`
const rowFills = `Bitget "Get Fill History" (https://www.bitget.com/api-doc/uta/trade/Get-Order-Fills): "unified fills | 20/s"`
const rowCancelAll = `Bitget "Cancel All Orders" (https://www.bitget.com/api-doc/uta/trade/Cancel-All-Order): "unified cancel all | 5/s"`
const rowStrategyChange = `Bitget "Modify Strategy Order", "Cancel Strategy Order" (https://www.bitget.com/api-doc/uta/strategy/): "strategy modify / cancel | 10/s"`
const rowStrategyLists = `Bitget "Get Unfilled Strategy Orders", "Get History Strategy Orders" (https://www.bitget.com/api-doc/uta/strategy/Get-Unfilled-Strategy-Orders): "strategy lists | 20/s"`

/** The unified account's endpoints and strategy orders. */
export const unifiedTable = /* @__PURE__ */ Object.assign(
  // Object.assign, not a spread in the literal: esbuild counts a spread as a side effect and
  // would keep the whole table in every bundle that imports this module.
  {
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
        /* @__PURE__ */ rowMarket(
          'UTA "Get Account Assets", 20/s/UID (ccxt fetchBalance reads it)',
        ),
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
    'unified.getAdlRank': [
      /* @__PURE__ */ perSecond(
        'unified.getAdlRank',
        1,
        /* @__PURE__ */ rowPage(
          'Get Position ADL Rank',
          'GET /api/v3/position/adlRank',
          'Rate limit: 1/sec/UID',
        ),
      ),
    ],
    // account settings and margin
    'unified.setLeverage': [
      /* @__PURE__ */ perSecond(
        'unified.setLeverage',
        10,
        /* @__PURE__ */ rowPage(
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
        /* @__PURE__ */ rowPage(
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
        /* @__PURE__ */ rowPage(
          'Get Max Open Available',
          'POST /api/v3/account/max-open-available',
          'Rate limit: 5/sec/UID',
        ),
      ),
    ],
    'unified.setMargin': [
      /* @__PURE__ */ perSecond(
        'unified.setMargin',
        10,
        /* @__PURE__ */ rowPage(
          'Set Margin',
          'POST /api/v3/account/set-margin',
          'Rate limit: 10/sec/UID',
        ),
      ),
    ],
    'unified.getFeeRate': [
      /* @__PURE__ */ perSecond(
        'unified.getFeeRate',
        3,
        /* @__PURE__ */ rowPage(
          'Get Account Fee Rate',
          'GET /api/v3/account/fee-rate',
          'Rate limit: 3/sec/UID',
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
    'unified.getOrderBook': [
      /* @__PURE__ */ publicRead('unified.getOrderBook', 20, 'Get OrderBook'),
    ],
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
  } as const,
  unifiedLedgerRows,
) satisfies Partial<Record<EndpointId, readonly Rule[]>>

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
