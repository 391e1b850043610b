/**
 * Classic futures account endpoints: every `ClassicFutures.*` order endpoint of the rules
 * (place, reversal, batch place, modify, cancel, batch cancel, detail, pending, history, fills,
 * cancel all, flash close), the positions read `all-position` and their ADL ranks, the account settings and margin
 * (set-auto-margin among them), the account's fee rates (trade-rate), the wallet transfer and
 * the spot wallet's assets and bills.
 */
import type { Route } from '../exchange.js'
import { classicAccountRoutes } from './classic/account.js'
import { batchCancelOrdersRoute, batchPlaceOrderRoute } from './classic/batch.js'
import { fillsRoute, ordersHistoryRoute } from './classic/history.js'
import {
  accountBillRoute,
  currentFundRateRoute,
  fillHistoryRoute,
  historyFundRateRoute,
  historyPositionRoute,
  singlePositionRoute,
} from './classic/ledger.js'
import { liquidationPriceRoute, setAutoMarginRoute, setMarginRoute } from './classic/margin.js'
import { modifyOrderRoute } from './classic/modify.js'
import {
  cancelAllOrdersRoute,
  cancelOrderRoute,
  clickBackhandRoute,
  closePositionsRoute,
  placeOrderRoute,
} from './classic/orders.js'
import {
  ordersPlanHistoryRoute,
  ordersPlanPendingRoute,
  planSubOrderRoute,
} from './classic/planQueries.js'
import {
  cancelPlanOrderRoute,
  modifyPlanOrderRoute,
  modifyTpslOrderRoute,
  placePlanOrderRoute,
  placePosTpslRoute,
  placeTpslOrderRoute,
} from './classic/plans.js'
import {
  allPositionRoute,
  classicAdlRankRoute,
  orderDetailRoute,
  ordersPendingRoute,
} from './classic/queries.js'
import { spotAssetsRoute, spotBillsRoute } from './classic/spotAccount.js'
import { tradeRateRoute } from './classic/tradeRate.js'
import { transferRecordsRoute, transferRoute } from './classic/transfer.js'

/**
 * The classic-account routes of the sandbox.
 *
 * @example
 * import { classicRoutes } from '@tradeline/sandbox'
 * classicRoutes[0]?.id // 'classic.placeOrder'
 */
export const classicRoutes: readonly Route[] = [
  placeOrderRoute,
  clickBackhandRoute,
  batchPlaceOrderRoute,
  modifyOrderRoute,
  cancelOrderRoute,
  batchCancelOrdersRoute,
  orderDetailRoute,
  ordersPendingRoute,
  cancelAllOrdersRoute,
  closePositionsRoute,
  allPositionRoute,
  classicAdlRankRoute,
  ordersHistoryRoute,
  fillsRoute,
  // account settings and margin
  ...classicAccountRoutes,
  setMarginRoute,
  liquidationPriceRoute,
  setAutoMarginRoute,
  tradeRateRoute,
  // classic plan (trigger) and take-profit/stop-loss orders
  placePlanOrderRoute,
  placeTpslOrderRoute,
  placePosTpslRoute,
  modifyPlanOrderRoute,
  modifyTpslOrderRoute,
  cancelPlanOrderRoute,
  ordersPlanPendingRoute,
  ordersPlanHistoryRoute,
  planSubOrderRoute,
  // Ledger: bills, fill history, single and historical positions, funding rates.
  accountBillRoute,
  fillHistoryRoute,
  singlePositionRoute,
  historyPositionRoute,
  currentFundRateRoute,
  historyFundRateRoute,
  transferRoute,
  transferRecordsRoute,
  // The spot wallet the transfer moves (ccxt's default balance and ledger reads).
  spotAssetsRoute,
  spotBillsRoute,
]
