import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf } from '../internal/fields.js'
import { looseIntegerText, startNotAfterEnd, symbol, unixSeconds } from './fields.js'

/**
 * The business types of cash-flow: `1` cash, `2` stock, `3` fund.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.cashFlowBusinessTypes // ['1', '2', '3']
 */
export const cashFlowBusinessTypes = ['1', '2', '3'] as const

/**
 * The paging of cash-flow as data: `page` counts from 1, `size` from 1 to 10000, 50 by default.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.cashFlowPaging.maxSize // 10000
 */
export const cashFlowPaging = {
  firstPage: 1,
  maxPage: 1_000_000,
  defaultSize: 50,
  maxSize: 10_000,
} as const

/**
 * GET /api/v3/stockplus/asset/cash-flow: the movements of the securities cash (transfers,
 * buys, sells, fees) between `startTime` and `endTime`, both required, in Unix seconds (given as
 * numbers or integer strings, sent as strings); `startTime` may not be after `endTime`.
 * `businessType`, `symbol`, `page` and `size` narrow and page the list.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getCashFlow, { startTime: 1767225600, endTime: '1769904000', size: 20 }).output
 * // { startTime: '1767225600', endTime: '1769904000', size: '20' }
 */
export const getCashFlow = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getCashFlow',
  method: 'GET',
  path: '/api/v3/stockplus/asset/cash-flow',
  auth: true,
  schema: () =>
    v.strictObject({
      startTime: unixSeconds,
      endTime: unixSeconds,
      businessType: v.optional(oneOf(cashFlowBusinessTypes)),
      symbol: v.optional(symbol),
      page: v.optional(
        looseIntegerText({ min: cashFlowPaging.firstPage, max: cashFlowPaging.maxPage }),
      ),
      size: v.optional(looseIntegerText({ min: 1, max: cashFlowPaging.maxSize })),
    }),
  rules: [startNotAfterEnd('startTime', 'endTime')],
})

export declare namespace getCashFlow {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getCashFlow>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getCashFlow>
}
