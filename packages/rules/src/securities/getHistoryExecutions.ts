import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import * as Limits from '../Limits.js'
import { startNotAfterEnd, symbol, unixSeconds } from './fields.js'

/** Seconds in one day. */
const day = 86_400

/**
 * GET /api/v3/stockplus/trade/history-executions: executions before today, at most 1000 orders
 * per query (`hasMore` tells when there are more). `startAt` and `endAt` are Unix seconds,
 * given as numbers or integer strings and sent as strings; `startAt` may not be after `endAt`.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getHistoryExecutions, { symbol: 'AAPL.US', startAt: 1767225600, endAt: '1769904000' }).output
 * // { symbol: 'AAPL.US', startAt: '1767225600', endAt: '1769904000' }
 */
export const getHistoryExecutions = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getHistoryExecutions',
  method: 'GET',
  path: '/api/v3/stockplus/trade/history-executions',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol: v.optional(symbol),
      startAt: v.optional(unixSeconds),
      endAt: v.optional(unixSeconds),
    }),
  rules: [startNotAfterEnd('startAt', 'endAt')],
})

export declare namespace getHistoryExecutions {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getHistoryExecutions>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getHistoryExecutions>
}

/**
 * The time window rules of history-executions as data: the default span, in days, put before
 * the end time (or now) when `startAt` is absent and after the start time when `endAt` is
 * absent, and the most orders one query returns.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.executionsWindow.defaultDays // 90
 */
export const executionsWindow = {
  defaultDays: Limits.securitiesExecutionsWindowDays,
  maxOrdersPerQuery: Limits.securitiesExecutionsPerQuery,
  includesToday: false,
} as const

/**
 * The window a history-executions query covers, in Unix seconds, with the exchange documentation's defaults
 * filled in: `startAt` defaults to 90 days before `endAt` (or before `now` when neither is
 * given), `endAt` to 90 days after `startAt` (or `now` when neither is given).
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.resolveExecutionsWindow({ endAt: '1769904000' }, 1770000000)
 * // { startAt: '1762128000', endAt: '1769904000' }
 */
export function resolveExecutionsWindow(
  query: {
    readonly startAt?: string | number | undefined
    readonly endAt?: string | number | undefined
  },
  now: number,
): { startAt: string; endAt: string } {
  const span = executionsWindow.defaultDays * day
  const start = query.startAt === undefined ? undefined : Number(query.startAt)
  const end = query.endAt === undefined ? undefined : Number(query.endAt)
  if (start !== undefined && end !== undefined) return window(start, end)
  if (start !== undefined) return window(start, start + span)
  const until = end ?? now
  return window(until - span, until)
}

function window(start: number, end: number): { startAt: string; endAt: string } {
  return { startAt: String(start), endAt: String(end) }
}
