import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { prefix } from '../Issue.js'
import { oneOf } from '../internal/fields.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import { marginCoin, productType, queryInteger, queryIntegerIn, symbol } from './fields.js'
import { missing } from './planFields.js'
import { cancelPlanTypes, planQueryTypes, planStatuses, planTypes } from './planValues.js'
import { endNotBeforeStart } from './timeRange.js'

/** The largest page of plan orders the exchange returns (its documented maximum). */
const pageSize = 100
/** The most plan orders one cancel-plan-order names (as the classic batch cancel). */
export const maxCancelPlanIds = 50

const planQuery = {
  orderId: v.optional(orderId),
  clientOid: v.optional(clientOidReference),
  symbol: v.optional(symbol),
  planType: oneOf(planQueryTypes),
  productType,
  idLessThan: v.optional(orderId),
  startTime: v.optional(queryInteger),
  endTime: v.optional(queryInteger),
  limit: v.optional(queryIntegerIn(1, pageSize)),
}

/**
 * GET /api/v2/mix/order/orders-plan-pending: the pending plan orders of a product type and
 * plan type (`profit_loss`: every take-profit/stop-loss type), paged by `idLessThan`
 * (https://www.bitget.com/api-doc/contract/plan/get-orders-plan-pending).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.getOrdersPlanPending, { productType: 'usdt-futures', planType: 'normal_plan', limit: 20 }).output
 * // { productType: 'USDT-FUTURES', planType: 'normal_plan', limit: '20' }
 */
export const getOrdersPlanPending = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getOrdersPlanPending',
  method: 'GET',
  path: '/api/v2/mix/order/orders-plan-pending',
  auth: true,
  schema: () => v.strictObject(planQuery),
  rules: [(draft) => endNotBeforeStart(draft)],
})

export declare namespace getOrdersPlanPending {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOrdersPlanPending>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOrdersPlanPending>
}

/**
 * GET /api/v2/mix/order/orders-plan-history: the executed, failed and cancelled plan orders
 * of a product type and plan type, filtered by `planStatus`, paged by `idLessThan`
 * (https://www.bitget.com/api-doc/contract/plan/orders-plan-history).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.getOrdersPlanHistory, { productType: 'USDT-FUTURES', planType: 'track_plan', planStatus: 'executed' }).success
 * // true
 */
export const getOrdersPlanHistory = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getOrdersPlanHistory',
  method: 'GET',
  path: '/api/v2/mix/order/orders-plan-history',
  auth: true,
  schema: () => v.strictObject({ ...planQuery, planStatus: v.optional(oneOf(planStatuses)) }),
  rules: [(draft) => endNotBeforeStart(draft)],
})

export declare namespace getOrdersPlanHistory {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOrdersPlanHistory>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOrdersPlanHistory>
}

/**
 * GET /api/v2/mix/order/plan-sub-order: the futures orders a triggered plan order placed
 * (`orderId`, `price`, `type`, `status`), named by `planOrderId`, its `planType` (`normal_plan`
 * or `track_plan`) and `productType`, all three required ("Trigger Sub Order",
 * https://www.bitget.com/api-doc/contract/plan/Plan-Sub-Orders: "Rate limit: 10 req/sec/UID").
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.getPlanSubOrder, { planOrderId: '1', planType: 'normal_plan', productType: 'usdt-futures' }).output
 * // { planOrderId: '1', planType: 'normal_plan', productType: 'USDT-FUTURES' }
 */
export const getPlanSubOrder = /* @__PURE__ */ Endpoint.define({
  id: 'classic.getPlanSubOrder',
  method: 'GET',
  path: '/api/v2/mix/order/plan-sub-order',
  auth: true,
  schema: () => v.strictObject({ planOrderId: orderId, planType: oneOf(planTypes), productType }),
})

export declare namespace getPlanSubOrder {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getPlanSubOrder>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getPlanSubOrder>
}

const planRef = v.strictObject({
  orderId: v.optional(v.union([orderId, v.literal('')])),
  clientOid: v.optional(v.union([clientOidReference, v.literal('')])),
})

/**
 * POST /api/v2/mix/order/cancel-plan-order: cancels the plan orders named in `orderIdList`
 * (then `symbol` is required), or every plan order of the product type, symbol and plan type
 * (https://www.bitget.com/api-doc/contract/plan/Cancel-Plan-Order).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.cancelPlanOrder, { productType: 'USDT-FUTURES', orderIdList: [{ orderId: '1' }] }).issues?.[0]?.path
 * // ['symbol']
 */
export const cancelPlanOrder = /* @__PURE__ */ Endpoint.define({
  id: 'classic.cancelPlanOrder',
  method: 'POST',
  path: '/api/v2/mix/order/cancel-plan-order',
  auth: true,
  schema: () =>
    v.strictObject({
      orderIdList: v.optional(v.pipe(v.array(planRef), v.maxLength(maxCancelPlanIds))),
      symbol: v.optional(symbol),
      productType,
      marginCoin: v.optional(marginCoin),
      planType: v.optional(oneOf(cancelPlanTypes)),
    }),
  rules: [
    (draft) =>
      draft.orderIdList !== undefined && draft.symbol === undefined
        ? [missing('symbol', 'with orderIdList')]
        : [],
    (draft) =>
      (draft.orderIdList ?? []).flatMap((item, index) =>
        prefix(
          ['orderIdList', index],
          oneOfRequired(
            {
              orderId: item?.orderId === '' ? undefined : item?.orderId,
              clientOid: item?.clientOid === '' ? undefined : item?.clientOid,
            },
            ['orderId', 'clientOid'],
          ),
        ),
      ),
  ],
})

export declare namespace cancelPlanOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof cancelPlanOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof cancelPlanOrder>
}
