/**
 * The rate-limit rows of the classic plan (trigger, trailing) and take-profit/stop-loss endpoints,
 * each quoting its page of the exchange docs; spread into the classic table of
 * ./rateLimitTables.ts.
 */
import type { EndpointId, Rule } from '../RateLimits.js'
import { perSecond } from './rateLimitRule.js'

/** A classic plan endpoint: 10 per second per UID, quoting its page of the exchange docs. */
/* @__NO_SIDE_EFFECTS__ */
function planRow(key: string, page: string, request: string, quote: string): Rule {
  return perSecond(
    key,
    10,
    `Bitget https://www.bitget.com/api-doc/contract/plan/${page} (${request}): "${quote}"`,
  )
}

/** The classic plan and take-profit/stop-loss orders. */
export const classicPlanRows = {
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
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>
