/**
 * Response records of the securities money reads (asset/cash-flow, asset/transfer-records),
 * read leniently with core's `Fields`: amounts that arrive as JSON strings or numbers come out
 * as decimal strings, `symbol` of a movement without one as `null`; unknown fields are kept.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'

const { decimal, id, list, text } = Fields

/**
 * One movement of the securities cash: `transactionFlowName`, `direction` (`1` out, `2` in),
 * `businessType` (`1` cash, `2` stock, `3` fund), `balance` (the signed amount), `currency`,
 * `businessTime` (as sent), `symbol` (`null` for a movement of no security), `description`.
 */
export const cashFlowRecord = Fields.record({
  transactionFlowName: text,
  direction: text,
  businessType: text,
  balance: decimal,
  currency: text,
  businessTime: text,
  symbol: text,
  description: text,
})
/** A cash-flow record. */
export type CashFlowRecord = v.InferOutput<typeof cashFlowRecord>

/** `data` of asset/cash-flow: its `list`. */
export const cashFlowList = v.pipe(
  Fields.record({ list: list(cashFlowRecord) }),
  v.transform((data) => data.list),
)

/** One transfer: `transferId`, `coin`, `amount`, `direction` (`in`, `out`), `cursor` (the next page's). */
export const transferRecord = Fields.record({
  transferId: id,
  coin: text,
  amount: decimal,
  direction: text,
  cursor: text,
})
/** A transfer record. */
export type TransferRecord = v.InferOutput<typeof transferRecord>

/**
 * `data` of asset/transfer-records as a list of transfers: an array of records, an object with
 * a `list`, or one record alone (the public field list names one record's fields only).
 */
export const transferRecords = v.pipe(
  v.union([
    v.array(transferRecord),
    transferRecord,
    Fields.record({ list: list(transferRecord) }),
    v.null(),
  ]),
  v.transform((data): TransferRecord[] => {
    if (data === null) return []
    if (Array.isArray(data)) return data
    return 'list' in data ? (data.list as TransferRecord[]) : [data as TransferRecord]
  }),
)
