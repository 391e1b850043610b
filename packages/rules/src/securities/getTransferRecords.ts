import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { opaqueId } from '../internal/fields.js'
import { looseIntegerText, startNotAfterEnd, unixMillis } from './fields.js'

/**
 * The paging of transfer-records as data: `limit` from 1 to 100, 20 by default; `cursor` is
 * the `cursor` of the last record of the previous page.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.transferRecordsPaging.maxLimit // 100
 */
export const transferRecordsPaging = { defaultLimit: 20, maxLimit: 100 } as const

/**
 * GET /api/v3/stockplus/asset/transfer-records: the transfers between the spot account and the
 * securities account, newest first, one by `transferId` or those between `startTime` and
 * `endTime` (Unix milliseconds, given as numbers or integer strings, sent as strings; `startTime`
 * may not be after `endTime`), `limit` per page, paged by `cursor`.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.getTransferRecords, { startTime: 1767225600000, limit: 50 }).output
 * // { startTime: '1767225600000', limit: '50' }
 */
export const getTransferRecords = /* @__PURE__ */ Endpoint.define({
  id: 'securities.getTransferRecords',
  method: 'GET',
  path: '/api/v3/stockplus/asset/transfer-records',
  auth: true,
  schema: () =>
    v.strictObject({
      transferId: v.optional(opaqueId),
      startTime: v.optional(unixMillis),
      endTime: v.optional(unixMillis),
      limit: v.optional(looseIntegerText({ min: 1, max: transferRecordsPaging.maxLimit })),
      cursor: v.optional(opaqueId),
    }),
  rules: [startNotAfterEnd('startTime', 'endTime')],
})

export declare namespace getTransferRecords {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getTransferRecords>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTransferRecords>
}
