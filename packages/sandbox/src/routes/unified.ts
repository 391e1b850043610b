/**
 * Unified-account endpoints: every `Unified.*` and `Strategy.*` endpoint of the rules, with the
 * account settings and current positions.
 */
import type { Route } from '../exchange.js'
import {
  accountAssetsRoute,
  accountSettingsRoute,
  adlRankRoute,
  currentPositionRoute,
  feeRateRoute,
} from './unified/account.js'
import {
  accountInfoRoute,
  maxWithdrawalRoute,
  openInterestLimitRoute,
} from './unified/accountInfo.js'
import { cancelBatchRoute, placeBatchRoute } from './unified/batch.js'
import {
  fundingAssetsRoute,
  maxTransferableRoute,
  transferableCoinsRoute,
  transferRoute,
} from './unified/funds.js'
import {
  closePositionsRoute,
  currentFundRateV3Route,
  financialRecordsRoute,
  historyFundRateV3Route,
  positionHistoryRoute,
} from './unified/ledger.js'
import { batchModifyOrderRoute, modifyOrderRoute } from './unified/modify.js'
import {
  cancelOrderRoute,
  cancelSymbolOrderRoute,
  countdownRoute,
  placeOrderRoute,
} from './unified/orders.js'
import {
  fillsRoute,
  historyOrdersRoute,
  orderInfoRoute,
  unfilledOrdersRoute,
} from './unified/queries.js'
import { realityFillsRoute } from './unified/reality.js'
import { unifiedSettingsRoutes } from './unified/settings.js'
import {
  cancelStrategyRoute,
  historyStrategyRoute,
  modifyStrategyRoute,
  placeStrategyRoute,
  unfilledStrategyRoute,
} from './unified/strategy.js'
import {
  depositAddressRoute,
  depositRecordsRoute,
  withdrawalRecordsRoute,
  withdrawRoute,
} from './unified/wallet.js'

/**
 * The unified-account routes of the sandbox.
 *
 * @example
 * import { unifiedRoutes } from '@tradeline/sandbox'
 * unifiedRoutes[0]?.id // 'unified.getUnfilledOrders'
 */
export const unifiedRoutes: readonly Route[] = [
  unfilledOrdersRoute,
  placeOrderRoute,
  modifyOrderRoute,
  cancelOrderRoute,
  countdownRoute,
  placeBatchRoute,
  batchModifyOrderRoute,
  cancelBatchRoute,
  cancelSymbolOrderRoute,
  orderInfoRoute,
  historyOrdersRoute,
  fillsRoute,
  realityFillsRoute,
  placeStrategyRoute,
  modifyStrategyRoute,
  cancelStrategyRoute,
  unfilledStrategyRoute,
  historyStrategyRoute,
  accountSettingsRoute,
  currentPositionRoute,
  adlRankRoute,
  accountAssetsRoute,
  feeRateRoute,
  // account settings and margin
  ...unifiedSettingsRoutes,
  // Ledger: financial records, position history, close positions, v3 funding rates.
  financialRecordsRoute,
  positionHistoryRoute,
  closePositionsRoute,
  currentFundRateV3Route,
  historyFundRateV3Route,
  // Funds: the transfer in and out of the unified account, funding assets, max transferable.
  transferRoute,
  fundingAssetsRoute,
  maxTransferableRoute,
  transferableCoinsRoute,
  // The account itself: account info, max withdrawal, open-interest limit.
  accountInfoRoute,
  maxWithdrawalRoute,
  openInterestLimitRoute,
  // Deposits and withdrawals: deposit address and records, the withdrawal and its records.
  depositAddressRoute,
  depositRecordsRoute,
  withdrawRoute,
  withdrawalRecordsRoute,
]
