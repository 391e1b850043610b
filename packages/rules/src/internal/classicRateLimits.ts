/**
 * The rate-limit rows of the classic futures line (/api/v2/mix) and the smaller budgets of
 * copy-trading traders, with the quote of the row each rule comes from. Every rule built from a
 * call is marked pure, so a bundle keeps only the tables it reads.
 */
import type { EndpointId, Rule } from '../RateLimits.js'
import { classicLedgerRows } from './ledgerRateLimits.js'
import { perSecond, publicRead, rowMarket, rowPage } from './rateLimitRule.js'

/** The quoted rows of the classic limit tables, so every rule names the sentence it comes from. */
const rowClassicPlace = `Bitget "Place Order" (https://www.bitget.com/api-doc/contract/trade/Place-Order): classic place-order | 10 per second per UID`
const rowReversal = `Bitget "Reversal" (https://www.bitget.com/api-doc/contract/trade/Reversal): classic reversal | 10 per second per UID; 1 per second for copy-trading traders`
const rowBatchPlace = `Bitget "Batch Order" (https://www.bitget.com/api-doc/contract/trade/Batch-Order): classic batch-place-order | 5 per second per UID; 1 per second for copy-trading traders; orderList at most 50`
const rowClassicModify = `Bitget "Modify Order" and "Batch Cancel Orders" (https://www.bitget.com/api-doc/contract/trade/Modify-Order): classic modify-order, batch-cancel-orders | 10 per second per UID; orderIdList at most 50`
const rowClassicCancel = `Bitget "Cancel Order" (https://www.bitget.com/api-doc/contract/trade/Cancel-Order): classic cancel-order | 10 per second`
const rowClassicDetail = `Bitget "Get Order Detail" (https://www.bitget.com/api-doc/contract/trade/Get-Order-Details): "classic order detail | 10/s"`
const rowClassicPending = `Bitget "Get Pending Orders" (https://www.bitget.com/api-doc/contract/trade/Get-Orders-Pending): "classic pending orders | 10/s"`
const rowClassicCancelAll = `Bitget "Cancel All Orders" (https://www.bitget.com/api-doc/contract/trade/Cancel-All-Orders): "classic cancel all | 10/s"`
const rowFlashClose = `Bitget "Flash Close Position" (https://www.bitget.com/api-doc/contract/trade/Flash-Close-Position): "classic flash close | 1/s"`
const rowClassicHistory = `Bitget "Get History Order" (GET /api/v2/mix/order/orders-history): "Rate limit: 10 req/sec/UID"`
const rowClassicFills = `Bitget "Get Order Fill Details" (GET /api/v2/mix/order/fills): "Speed limit is 10 times/s for average users. Frequency limit imposed according to user ID"`

/** A classic plan endpoint: 10 per second per UID, quoting its page of the exchange docs. */
/* @__NO_SIDE_EFFECTS__ */
function planRow(key: string, page: string, request: string, quote: string): Rule {
  return perSecond(
    key,
    10,
    `Bitget https://www.bitget.com/api-doc/contract/plan/${page} (${request}): "${quote}"`,
  )
}

/** The classic futures endpoints. */
export const classicTable = /* @__PURE__ */ Object.assign(
  // Object.assign, not a spread in the literal: esbuild counts a spread as a side effect and
  // would keep the whole table in every bundle that imports this module.
  {
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
    'classic.closePositions': [
      /* @__PURE__ */ perSecond('classic.closePositions', 1, rowFlashClose),
    ],
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
        /* @__PURE__ */ rowPage(
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
        /* @__PURE__ */ rowPage(
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
        /* @__PURE__ */ rowPage(
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
        /* @__PURE__ */ rowPage(
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
        /* @__PURE__ */ rowPage(
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
        /* @__PURE__ */ rowPage(
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
        /* @__PURE__ */ rowPage(
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
        /* @__PURE__ */ rowPage(
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
        /* @__PURE__ */ rowPage(
          'Get Liquidation Price',
          'GET /api/v2/mix/account/liq-price',
          'Rate limit: 20 req/sec/UID',
        ),
      ),
    ],
    'classic.setAutoMargin': [
      /* @__PURE__ */ perSecond(
        'classic.setAutoMargin',
        5,
        /* @__PURE__ */ rowPage(
          'Set Isolated Position Auto Margin',
          'POST /api/v2/mix/account/set-auto-margin',
          'Frequency limit: 5 times/1s (uid)',
        ),
      ),
    ],
    'classic.getTradeRate': [
      /* @__PURE__ */ perSecond(
        'classic.getTradeRate',
        10,
        /* @__PURE__ */ rowPage(
          'Get Trade Rate',
          'GET /api/v2/common/trade-rate',
          'Frequency limit:10 times/1s (UID)',
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
    'classic.getPlanSubOrder': [
      /* @__PURE__ */ planRow(
        'classic.getPlanSubOrder',
        'Plan-Sub-Orders',
        'GET /api/v2/mix/order/plan-sub-order',
        'Rate limit: 10 req/sec/UID',
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
    'classic.getPositionTier': [
      /* @__PURE__ */ publicRead('classic.getPositionTier', 10, 'Get Position Tier'),
    ],
    // Market analytics: each page states its own limit per IP.
    'classic.getLongShort': [
      /* @__PURE__ */ publicRead(
        'classic.getLongShort',
        1,
        'Get Futures Long and Short Ratio Data',
      ),
    ],
    'classic.getAccountLongShort': [
      /* @__PURE__ */ publicRead(
        'classic.getAccountLongShort',
        1,
        'Get Futures Active Long Short Account Data',
      ),
    ],
    'classic.getPositionLongShort': [
      /* @__PURE__ */ publicRead(
        'classic.getPositionLongShort',
        1,
        'Get Futures Active Long Short Position Data',
      ),
    ],
    'classic.getTakerBuySell': [
      /* @__PURE__ */ publicRead(
        'classic.getTakerBuySell',
        1,
        'Get Futures Active Buy Sell Volume Data',
      ),
    ],
    'classic.getVipFeeRate': [
      /* @__PURE__ */ publicRead('classic.getVipFeeRate', 10, 'VIP Fee Rate'),
    ],
  } as const,
  classicLedgerRows,
) satisfies Partial<Record<EndpointId, readonly Rule[]>>

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
