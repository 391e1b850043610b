/** Securities money records: the cash flow of the securities cash and the transfer records. */
import { Securities } from '@tradeline/rules'
import {
  type CashFlow,
  type CashFlowKind,
  stockplusOf,
  type TransferRecord,
} from '../../exchange/stockplusBook.js'
import { endpointRoute } from '../endpointRoute.js'
import { numeric, uidOf } from './common.js'

/** The name, direction (`1` out, `2` in) and business type (`1` cash, `2` stock) of each kind. */
const kinds: Record<CashFlowKind, { name: string; direction: '1' | '2'; businessType: string }> = {
  transferIn: { name: 'Transfer in', direction: '2', businessType: '1' },
  transferOut: { name: 'Transfer out', direction: '1', businessType: '1' },
  buy: { name: 'Stock buy executed', direction: '1', businessType: '2' },
  sell: { name: 'Stock sell executed', direction: '2', businessType: '2' },
  fee: { name: 'Commission', direction: '1', businessType: '1' },
}

/** A cash-flow record as the exchange answers it. */
function cashFlowRecord(flow: CashFlow, as: 'string' | 'number') {
  const kind = kinds[flow.kind]
  return {
    transactionFlowName: kind.name,
    direction: kind.direction,
    businessType: kind.businessType,
    balance: numeric(flow.amount, as),
    currency: 'USD',
    businessTime: String(Math.floor(flow.time / 1000)),
    symbol: flow.symbol ?? null,
    description: flow.symbol === undefined ? kind.name : `${kind.name} ${flow.symbol}`,
  }
}

/**
 * GET /api/v3/stockplus/asset/cash-flow: `{ list }`, the movements of the securities cash (a
 * transfer in or out, the notional of a buy or sell, a commission) between `startTime` and
 * `endTime` (Unix seconds, both ends included), newest first, `size` (50 by default) per `page`
 * (from 1); `balance` is the signed amount of the movement, `businessTime` Unix seconds.
 */
export const cashFlowRoute = endpointRoute(Securities.getCashFlow, {
  handle({ state, key, params }) {
    const sp = stockplusOf(state)
    const uid = uidOf(key)
    const from = Number(params.startTime) * 1000
    const to = Number(params.endTime) * 1000 + 999
    const type = typeof params.businessType === 'string' ? params.businessType : undefined
    const symbol = typeof params.symbol === 'string' ? params.symbol : undefined
    const size = Number(params.size ?? Securities.cashFlowPaging.defaultSize)
    const page = Number(params.page ?? Securities.cashFlowPaging.firstPage)
    const list = sp.cashFlows
      .filter(
        (flow) =>
          flow.uid === uid &&
          flow.time >= from &&
          flow.time <= to &&
          (type === undefined || kinds[flow.kind].businessType === type) &&
          (symbol === undefined || flow.symbol === symbol),
      )
      .reverse()
      .slice((page - 1) * size, page * size)
      .map((flow) => cashFlowRecord(flow, sp.numbersAs))
    return { data: { list } }
  },
})

/** A transfer record as the exchange answers it: `cursor` pages on after it. */
const transferRecord = (record: TransferRecord) => ({
  transferId: record.transferId,
  coin: record.coin,
  amount: record.amount,
  direction: record.direction,
  cursor: record.transferId,
})

/**
 * GET /api/v3/stockplus/asset/transfer-records: an array of `{ transferId, coin, amount,
 * direction, cursor }`, newest first: the one `transferId` names, or those between `startTime`
 * and `endTime` (Unix ms, both ends included), `limit` (20 by default) at a time; a `cursor`
 * (the `cursor` of the last record of the previous page) answers the older ones after it.
 */
export const transferRecordsRoute = endpointRoute(Securities.getTransferRecords, {
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const from = params.startTime === undefined ? 0 : Number(params.startTime)
    const to = params.endTime === undefined ? Number.POSITIVE_INFINITY : Number(params.endTime)
    const id = typeof params.transferId === 'string' ? params.transferId : undefined
    // A cursor that is no transfer id of the sandbox has nothing after it.
    const given = typeof params.cursor === 'string' ? params.cursor : undefined
    const cursor = given === undefined ? undefined : /^\d+$/.test(given) ? BigInt(given) : 0n
    const limit = Number(params.limit ?? Securities.transferRecordsPaging.defaultLimit)
    const list = stockplusOf(state)
      .transfers.filter(
        (record) =>
          record.uid === uid &&
          record.time >= from &&
          record.time <= to &&
          (id === undefined || record.transferId === id) &&
          (cursor === undefined || BigInt(record.transferId) < cursor),
      )
      .reverse()
      .slice(0, limit)
      .map(transferRecord)
    return { data: list }
  },
})
