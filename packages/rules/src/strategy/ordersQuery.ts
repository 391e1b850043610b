/** The query of the strategy-order lists (open and history), shared by both endpoints. */
import * as v from 'valibot'
import { categories } from '../Category.js'
import * as Decimal from '../Decimal.js'
import type { Rule } from '../Endpoint.js'
import { create, describe } from '../Issue.js'
import { oneOf, opaqueId, symbol, upperCaseOneOf } from '../internal/fields.js'
import { unifiedPageSize } from '../Limits.js'
import * as StrategySupport from '../StrategySupport.js'
import { integerText, timestamp } from './fields.js'

/**
 * Builds the query schema: `category` required (as the public SDKs send it), the rest optional.
 * A function, so that each endpoint builds it on first use.
 */
export const ordersQuery = () =>
  v.strictObject({
    category: upperCaseOneOf(categories),
    type: v.optional(oneOf(StrategySupport.types)),
    symbol: v.optional(symbol),
    startTime: v.optional(timestamp),
    endTime: v.optional(timestamp),
    limit: v.optional(integerText({ min: 1, max: unifiedPageSize })),
    cursor: v.optional(opaqueId),
  })

/** A window that ends before it starts can match nothing. */
export const timeWindow: Rule<v.InferOutput<ReturnType<typeof ordersQuery>>, {}> = (draft) => {
  const { startTime, endTime } = draft
  if (startTime === undefined || endTime === undefined) return []
  if (Decimal.compare(startTime, endTime) <= 0) return []
  return [
    create({
      type: 'range',
      path: ['endTime'],
      expected: `a time at or after startTime (${startTime})`,
      received: describe(endTime),
    }),
  ]
}
