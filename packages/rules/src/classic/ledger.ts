/**
 * The classic account's money and trade history reads: the bills of a product type (every
 * change of the balance, with its business type) and the fill history (Bitget "Get Account
 * Bills", "Get Historical Transaction Details").
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf } from '../internal/fields.js'
import { orderId } from '../internal/identity.js'
import { expects } from '../internal/valibot.js'
import { marginCoin, productType, queryInteger, queryIntegerIn, symbol } from './fields.js'
import { endNotBeforeStart, windowAtMost } from './timeRange.js'

/**
 * Every bill `businessType` the exchange documents ("Get Account Bills", `businessType`
 * enumeration), in its order.
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.billBusinessTypes.includes('contract_settle_fee') // true: a funding fee
 */
export const billBusinessTypes = [
  'unknown',
  'trans_from_exchange',
  'trans_to_exchange',
  'open_long',
  'open_short',
  'close_long',
  'close_short',
  'force_close_long',
  'force_close_short',
  'contract_settle_fee',
  'append_margin',
  'adjust_down_lever_append_margin',
  'reduce_margin',
  'auto_append_margin',
  'cash_gift_issue',
  'cash_gift_recycle',
  'tracking_follow_pay',
  'tracking_follow_back',
  'tracking_trader_income',
  'burst_long_loss_query',
  'burst_short_loss_query',
  'trans_from_contract',
  'trans_to_contract',
  'trans_from_otc',
  'trans_to_otc',
  'buy',
  'sell',
  'force_buy',
  'force_sell',
  'burst_buy',
  'burst_sell',
  'bonus_issue',
  'bonus_recycle',
  'bonus_expired',
  'delivery_long',
  'delivery_short',
  'trans_from_cross',
  'trans_to_cross',
  'trans_from_isolated',
  'trans_to_isolated',
  'risk_captital_user_transfer',
  'user_exchange_buy',
  'user_exchange_sell',
  'settle_interest',
  'adl_close_long',
  'adl_close_short',
  'adl_buy_in_single_side_mode',
  'adl_sell_in_single_side_mode',
] as const
/** A bill business type. */
export type BillBusinessType = (typeof billBusinessTypes)[number]

/** `yes` or `no`, as `onlyFunding` takes it. */
const yesNo = ['yes', 'no'] as const

/**
 * GET /api/v2/mix/account/bill: the bills of a product type (90 days at most, a query spans 30
 * days), newest first, paged with `idLessThan` = the previous page's `endId`; `limit` 1 to 100
 * (Bitget "Get Account Bills": "Rate limit: 10 req/sec/UID").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getAccountBill, { productType: 'USDT-FUTURES', businessType: 'contract_settle_fee' }) // true
 */
export const getAccountBill = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getAccountBill',
  method: 'GET',
  path: '/api/v2/mix/account/bill',
  auth: true,
  schema: () =>
    v.strictObject({
      productType,
      coin: v.optional(marginCoin),
      businessType: v.optional(
        // 48 values: the issue names the list rather than spelling it out.
        v.pipe(
          v.string(),
          expects(v.picklist(billBusinessTypes), 'a documented business type (billBusinessTypes)'),
        ),
      ),
      onlyFunding: v.optional(oneOf(yesNo)),
      idLessThan: v.optional(orderId),
      startTime: v.optional(queryInteger),
      endTime: v.optional(queryInteger),
      limit: v.optional(queryIntegerIn(1, 100)),
    }),
  rules: [endNotBeforeStart, windowAtMost(30)],
})

export declare namespace getAccountBill {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getAccountBill>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getAccountBill>
}

/**
 * GET /api/v2/mix/order/fill-history: the account's classic fills of a product type, a week at
 * most per query, newest first, paged with `idLessThan` = the previous page's `endId` (Bitget
 * "Get Historical Transaction Details": "Frequency limit: 10 times/1s (uid)").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.getFillHistory, { productType: 'usdt-futures', limit: 100 }) // true
 */
export const getFillHistory = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getFillHistory',
  method: 'GET',
  path: '/api/v2/mix/order/fill-history',
  auth: true,
  schema: () =>
    v.strictObject({
      productType,
      orderId: v.optional(orderId),
      symbol: v.optional(symbol),
      startTime: v.optional(queryInteger),
      endTime: v.optional(queryInteger),
      idLessThan: v.optional(orderId),
      limit: v.optional(queryIntegerIn(1, 100)),
    }),
  rules: [endNotBeforeStart, windowAtMost(7)],
})

export declare namespace getFillHistory {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getFillHistory>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getFillHistory>
}
