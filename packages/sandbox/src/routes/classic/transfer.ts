/**
 * The classic wallet transfer and its records (POST /api/v2/spot/wallet/transfer, GET
 * /api/v2/spot/account/transferRecords), over the sandbox's transfers.
 */
import { ClassicFutures } from '@tradeline/rules'
import { type Transfer, transferFunds, transfersOf } from '../../exchange/transfers.js'
import type { Route } from '../../exchange.js'
import { readsClassicOrder, uidOf } from './common.js'
import { inWindow, numberedPage } from './history.js'

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/**
 * POST /api/v2/spot/wallet/transfer: moves the amount between the account's accounts and
 * answers `{ transferId, clientOid }`; a used `clientOid` answers its transfer again; more than
 * the sending account has free is `43012`. An `amount` sent as a JSON number (ccxt's `transfer`
 * sends one) is read as the decimal written, as the order routes read prices and sizes.
 */
export const transferRoute: Route = {
  id: ClassicFutures.transfer.id,
  method: 'POST',
  path: ClassicFutures.transfer.path,
  auth: true,
  reads: readsClassicOrder,
  handle({ state, key, params }) {
    const done = transferFunds(state, uidOf(key), {
      fromType: String(params.fromType),
      toType: String(params.toType),
      amount: String(params.amount),
      coin: String(params.coin),
      symbol: text(params.symbol),
      clientOid: text(params.clientOid),
    })
    if (!done.ok) return { error: done.error }
    return { data: { transferId: done.transfer.transferId, clientOid: done.transfer.clientOid } }
  },
}

/** A transfer as transferRecords answers it. */
function transferRecord(transfer: Transfer): Record<string, unknown> {
  const isolated = (type: string) =>
    type === 'isolated_margin' && transfer.symbol !== undefined ? transfer.symbol : ''
  return {
    coin: transfer.coin,
    status: transfer.status ?? 'Successful',
    toType: transfer.toType,
    toSymbol: isolated(transfer.toType),
    fromType: transfer.fromType,
    fromSymbol: isolated(transfer.fromType),
    size: transfer.size,
    ts: String(transfer.ts),
    clientOid: transfer.clientOid,
    transferId: transfer.transferId,
  }
}

/**
 * GET /api/v2/spot/account/transferRecords: the account's transfers of a coin, newest first, by
 * sending account, `clientOid` and time; `limit` (100 by default) per `pageNum` (from 1).
 */
export const transferRecordsRoute: Route = {
  id: ClassicFutures.getTransferRecords.id,
  method: 'GET',
  path: ClassicFutures.getTransferRecords.path,
  auth: true,
  handle({ state, key, params }) {
    const fromType = text(params.fromType)
    const clientOid = text(params.clientOid)
    const all = transfersOf(state, uidOf(key)).filter(
      (t) =>
        t.coin === params.coin &&
        (fromType === undefined || t.fromType === fromType) &&
        (clientOid === undefined || t.clientOid === clientOid) &&
        inWindow(params, t.ts),
    )
    return {
      data: numberedPage(all, params.pageNum, Number(params.limit ?? 100)).map(transferRecord),
    }
  },
}
