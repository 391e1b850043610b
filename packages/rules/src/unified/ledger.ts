/**
 * The unified account's money and position history reads, and closing its positions at the
 * market: financial records (every change of a balance, with its type), the positions that
 * closed, and close-positions (Bitget "Get Financial Records", "Get Positions History", "Close
 * All Positions").
 */
import * as v from 'valibot'
import { categories, futuresCategories } from '../Category.js'
import * as Endpoint from '../Endpoint.js'
import { oneOf, upperCaseOneOf } from '../internal/fields.js'
import { expects } from '../internal/valibot.js'
import * as Limits from '../Limits.js'
import { cursor, pageLimit, symbol, timestamp } from './fields.js'
import { historyWindowRule, timeOrderRule } from './queries.js'
import { posSides } from './values.js'

/**
 * Every financial record `type` the exchange documents (its enumerations, "type (financial
 * records)"), in its order.
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * Unified.financialRecordTypes.includes('CONTRACT_MAIN_SETTLE_FEE_USER_OUT') // true: funding paid
 */
export const financialRecordTypes = [
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'ORDER_DEALT_FROZEN_OUT',
  'ORDER_DEALT_IN',
  'ORDER_PLF_FEE_OUT',
  'EXCHANGE_SOURCE_TOKEN_USER_OUT',
  'EXCHANGE_TARGET_TOKEN_USER_IN',
  'OPEN_LONG',
  'OPEN_SHORT',
  'BUY_DEAL',
  'SELL_DEAL',
  'CLOSE_LONG',
  'CLOSE_SHORT',
  'FORCE_CLOSE_LONG',
  'FORCE_CLOSE_SHORT',
  'BURST_CLOSE_LONG',
  'BURST_CLOSE_SHORT',
  'OFFSET_REDUCE_CLOSE_LONG',
  'OFFSET_REDUCE_CLOSE_SHORT',
  'FORCE_BUY_SSM',
  'FORCE_SELL_SSM',
  'BURST_BUY_SSM',
  'BURST_SELL_SSM',
  'RISK_LIQ_USER_IN',
  'RISK_LIQ_USER_OUT',
  'INTEREST_SETTLEMENT_OUT',
  'CONTRACT_MAIN_SETTLE_FEE_USER_IN',
  'CONTRACT_MAIN_SETTLE_FEE_USER_OUT',
  'BORROW',
  'RESERVE_TRANSFER_IN',
  'RESERVE_TRANSFER_OUT',
  'REPAYMENT',
  'INTEREST_REPAYMENT',
  'LIQ_FUND_OUT',
  'LIQ_CONVERT_IN',
  'LIQ_CONVERT_OUT',
  'LIQ_TRANSFER_IN',
  'LIQ_TRANSFER_OUT',
  'LIQ_FUND_IN',
  'LIQ_FEE',
  'LIQ_REPAYMENT',
] as const
/** A financial record type. */
export type FinancialRecordType = (typeof financialRecordTypes)[number]

/** The categories of financial records: every trading category and `OTHER`. */
const recordCategories = [...categories, 'OTHER'] as const

/**
 * GET /api/v3/account/financial-records: the balance changes of a category (90 days at most, a
 * query spans 30), newest first, paged by `cursor` ("Rate limit: 20/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.check(Unified.getFinancialRecords, { category: 'usdt-futures', limit: 50 }).output
 * // { category: 'USDT-FUTURES', limit: '50' }
 */
export const getFinancialRecords = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getFinancialRecords',
  method: 'GET',
  path: '/api/v3/account/financial-records',
  auth: true,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(recordCategories),
      coin: v.optional(symbol),
      type: v.optional(
        // 41 values: the issue names the list rather than spelling it out.
        v.pipe(
          v.string(),
          expects(
            v.picklist(financialRecordTypes),
            'a documented record type (financialRecordTypes)',
          ),
        ),
      ),
      startTime: v.optional(timestamp),
      endTime: v.optional(timestamp),
      limit: v.optional(pageLimit(Limits.unifiedPageSize)),
      cursor: v.optional(cursor),
    }),
  rules: [timeOrderRule, (draft) => historyWindowRule(draft, undefined)],
})

export declare namespace getFinancialRecords {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getFinancialRecords>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getFinancialRecords>
}

/**
 * GET /api/v3/position/history-position: the closed positions of a futures category (90 days
 * at most, a query spans 30), newest first, paged by `cursor` ("Rate limit: 20/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getPositionHistory, { category: 'SPOT' }) // false: futures only
 */
export const getPositionHistory = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getPositionHistory',
  method: 'GET',
  path: '/api/v3/position/history-position',
  auth: true,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(futuresCategories),
      symbol: v.optional(symbol),
      startTime: v.optional(timestamp),
      endTime: v.optional(timestamp),
      limit: v.optional(pageLimit(Limits.unifiedPageSize)),
      cursor: v.optional(cursor),
    }),
  rules: [timeOrderRule, (draft) => historyWindowRule(draft, undefined)],
})

export declare namespace getPositionHistory {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getPositionHistory>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getPositionHistory>
}

/**
 * POST /api/v3/trade/close-positions: closes the positions of a futures category at the market,
 * of one symbol and one side when given; answers one item per closing order ("Rate limit:
 * 5/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.closePositions, { category: 'USDT-FUTURES', posSide: 'long' }) // true
 */
export const closePositions = /* @__PURE__ */ Endpoint.define({
  id: 'unified.closePositions',
  method: 'POST',
  path: '/api/v3/trade/close-positions',
  auth: true,
  schema: () =>
    v.strictObject({
      category: upperCaseOneOf(futuresCategories),
      symbol: v.optional(symbol),
      posSide: v.optional(oneOf(posSides)),
    }),
})

export declare namespace closePositions {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof closePositions>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof closePositions>
}
