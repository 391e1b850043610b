/**
 * Securities and options endpoints (`/api/v3/stockplus`, every `Securities.*` endpoint of the
 * rules): market data seeded from the sandbox seed, order placement with market fills, the
 * securities account's funds, positions, transfers and historical executions.
 */
import type { Route } from '../exchange.js'
import {
  accountRoute,
  historyExecutionsRoute,
  placeOrderRoute,
  stockPositionRoute,
  transferRoute,
} from './stockplus/account.js'
import { discoveryRoutes } from './stockplus/discovery.js'
import {
  depthRoute,
  intradayRoute,
  optionQuoteRoute,
  staticRoute,
  tradeRoute,
} from './stockplus/market.js'
import { cashFlowRoute, transferRecordsRoute } from './stockplus/money.js'
import {
  cancelOrderRoute,
  historyOrdersRoute,
  modifyOrderRoute,
  orderDetailRoute,
  recordingPlacements,
  todayExecutionsRoute,
  todayOrdersRoute,
} from './stockplus/orders.js'

export { stockplusFailures, stockplusLotFailure, stockplusTickFailure } from './stockplus/common.js'

/**
 * The securities routes of the sandbox.
 *
 * @example
 * import { stockplusRoutes } from '@tradeline/sandbox'
 * stockplusRoutes[0]?.id // 'securities.getDepth'
 */
export const stockplusRoutes: readonly Route[] = [
  depthRoute,
  tradeRoute,
  intradayRoute,
  staticRoute,
  optionQuoteRoute,
  // Every placement recorded with its details (order reads, cancel and modify need them).
  recordingPlacements(placeOrderRoute),
  accountRoute,
  stockPositionRoute,
  transferRoute,
  historyExecutionsRoute,
  // Securities money records.
  cashFlowRoute,
  transferRecordsRoute,
  // securities market data and option discovery
  ...discoveryRoutes,
  // securities order management
  cancelOrderRoute,
  modifyOrderRoute,
  orderDetailRoute,
  todayOrdersRoute,
  historyOrdersRoute,
  todayExecutionsRoute,
]
