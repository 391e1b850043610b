/**
 * Order and fill queries of the unified account. The exchange documentation names them only in its navigation;
 * paths and parameters are the exchange's public ones (docs/architecture.md, the exchange documentation).
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue } from '../Issue.js'
import { clientOidReference, oneOfRequired, orderId } from '../internal/identity.js'
import * as Limits from '../Limits.js'
import { category, cursor, pageLimit, symbol, timestamp } from './fields.js'

const day = 24 * 60 * 60 * 1000

type Times = { readonly startTime?: string | undefined; readonly endTime?: string | undefined }

/** A time window must not end before it starts. */
export function timeOrderRule(draft: Times): Issue[] {
  const { startTime, endTime } = draft
  if (startTime === undefined || endTime === undefined || Number(startTime) <= Number(endTime))
    return []
  return [
    create({
      type: 'range',
      path: ['endTime'],
      expected: `a time not before startTime (${startTime})`,
      received: describe(endTime),
    }),
  ]
}

/**
 * Order history: a query spans at most 30 days within the last 90. Without `now` the 90-day
 * window is not checked (rules never read the clock).
 */
export function historyWindowRule(draft: Times, now: number | undefined): Issue[] {
  const { spanDays, withinDays } = Limits.historyOrders
  const issues: Issue[] = []
  const { startTime, endTime } = draft
  if (startTime !== undefined && endTime !== undefined) {
    const span = Number(endTime) - Number(startTime)
    if (span > spanDays * day)
      issues.push(
        create({
          type: 'range',
          path: ['endTime'],
          expected: `at most ${spanDays} days after startTime`,
          received: describe(endTime),
        }),
      )
  }
  if (now !== undefined)
    for (const field of ['startTime', 'endTime'] as const) {
      const value = draft[field]
      if (value !== undefined && Number(value) < now - withinDays * day)
        issues.push(
          create({
            type: 'range',
            path: [field],
            expected: `a time within the last ${withinDays} days (not before ${now - withinDays * day})`,
            received: describe(value),
          }),
        )
    }
  return issues
}

/**
 * GET /api/v3/trade/order-info: the details of one order by `orderId` or `clientOid` (orderId
 * wins); this is how an unknown outcome is resolved.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getOrderInfo, { clientOid: 'my-1' }) // true
 */
export const getOrderInfo = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getOrderInfo',
  method: 'GET',
  path: '/api/v3/trade/order-info',
  auth: true,
  schema: () =>
    v.strictObject({ orderId: v.optional(orderId), clientOid: v.optional(clientOidReference) }),
  rules: [(draft) => oneOfRequired(draft, ['orderId', 'clientOid'])],
})

export declare namespace getOrderInfo {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getOrderInfo>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getOrderInfo>
}

/**
 * GET /api/v3/trade/unfilled-orders: open orders, optionally by category, symbol and time, at
 * most 100 per page.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.check(Unified.getUnfilledOrders, { category: 'spot', limit: 50 }).output
 * // { category: 'SPOT', limit: '50' }
 */
export const getUnfilledOrders = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getUnfilledOrders',
  method: 'GET',
  path: '/api/v3/trade/unfilled-orders',
  auth: true,
  schema: () =>
    v.strictObject({
      category: v.optional(category),
      symbol: v.optional(symbol),
      startTime: v.optional(timestamp),
      endTime: v.optional(timestamp),
      limit: v.optional(pageLimit(Limits.unifiedPageSize)),
      cursor: v.optional(cursor),
    }),
  rules: [timeOrderRule],
})

export declare namespace getUnfilledOrders {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getUnfilledOrders>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getUnfilledOrders>
}

const historySchema = () =>
  v.strictObject({
    category,
    symbol: v.optional(symbol),
    startTime: v.optional(timestamp),
    endTime: v.optional(timestamp),
    limit: v.optional(pageLimit(Limits.unifiedPageSize)),
    cursor: v.optional(cursor),
  })

/**
 * GET /api/v3/trade/history-orders: past orders of a category; a query spans at most 30 days
 * within the last 90 (checked against `now` from the context when given).
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * const query = { category: 'SPOT', startTime: '0', endTime: String(31 * 86_400_000) }
 * Endpoint.check(Unified.getHistoryOrders, query).issues?.[0]?.path // ['endTime']
 */
export const getHistoryOrders = Endpoint.define<
  ReturnType<typeof historySchema>,
  getHistoryOrders.Context
>({
  id: 'unified.getHistoryOrders',
  method: 'GET',
  path: '/api/v3/trade/history-orders',
  auth: true,
  schema: historySchema,
  rules: [timeOrderRule, (draft, context) => historyWindowRule(draft, context.now)],
})

export declare namespace getHistoryOrders {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryOrders>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryOrders>
  /** What the caller knows beyond the query. */
  type Context = {
    /** The current time in Unix milliseconds, for the 90-day window; skipped when absent. */
    readonly now?: number | undefined
  }
}

/**
 * GET /api/v3/trade/fills: fills, optionally by category, order and time, at most 100 per page.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.check(Unified.getFills, { limit: '101' }).issues?.[0]?.type // 'range'
 */
export const getFills = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getFills',
  method: 'GET',
  path: '/api/v3/trade/fills',
  auth: true,
  schema: () =>
    v.strictObject({
      category: v.optional(category),
      orderId: v.optional(orderId),
      startTime: v.optional(timestamp),
      endTime: v.optional(timestamp),
      limit: v.optional(pageLimit(Limits.unifiedPageSize)),
      cursor: v.optional(cursor),
    }),
  rules: [timeOrderRule],
})

export declare namespace getFills {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getFills>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getFills>
}
