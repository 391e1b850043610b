/**
 * The unified account's deposits and withdrawals (UTA "Get Deposit Address", "Get Deposit
 * Records", "Withdrawal", "Get Withdrawal Records"), over the funding (`spot`) wallet of the
 * sandbox's transfers (exchange/wallet.ts): deposits are made by the admin (`addDeposit`), a
 * withdrawal leaves the funding wallet at once.
 */
import { Unified } from '@tradeline/rules'
import { unknownSymbol } from '../../exchange/codes.js'
import {
  defaultChain,
  depositAddress,
  listsCoin,
  type RecordQuery,
  type WalletRecord,
  walletCoin,
  walletRecords,
  withdraw,
} from '../../exchange/wallet.js'
import type { Route } from '../../exchange.js'
import { setField } from '../../json.js'
import { decimalOfNumber } from '../../jsonNumbers.js'
import { text } from '../market.js'
import { uidOf } from './common.js'

/**
 * GET /api/v3/account/deposit-address: the account's address of `coin` on `chain` (`erc20`, or
 * `btc` for BTC, when none is asked for, as "the system will automatically match a chain"), the
 * same on every call; `tag` null and `url` `""`, as the page's example. A coin the sandbox does
 * not list answers `40034` `Parameter <coin> does not exist`, as its market reads answer an
 * unknown coin, and no address is made.
 */
export const depositAddressRoute: Route = {
  id: Unified.getDepositAddress.id,
  method: 'GET',
  path: Unified.getDepositAddress.path,
  auth: true,
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const asked = String(params.coin)
    if (!listsCoin(state, asked)) return { error: unknownSymbol(asked) }
    const coin = walletCoin(state, uid, asked)
    const chain = text(params.chain) ?? defaultChain(coin)
    const address = depositAddress(uid, coin, chain)
    return { data: { address, chain, coin, tag: null, url: '' } }
  },
}

/** The query of a record read, with the page's defaults: 20 a page. */
function queryOf(params: Record<string, unknown>): RecordQuery {
  return {
    coin: text(params.coin),
    orderId: text(params.orderId),
    clientOid: text(params.clientOid),
    startTime: Number(params.startTime),
    endTime: Number(params.endTime),
    limit: text(params.limit) === undefined ? 20 : Number(params.limit),
    cursor: text(params.cursor),
  }
}

/** A deposit record as the page shows it: no clientOid, fee, confirm or tag; times as text. */
function depositOf(r: WalletRecord) {
  return {
    orderId: r.orderId,
    recordId: r.recordId,
    coin: r.coin,
    type: r.type,
    dest: r.dest,
    size: r.size,
    status: r.status,
    fromAddress: r.fromAddress,
    toAddress: r.toAddress,
    chain: r.chain,
    createdTime: String(r.createdTime),
    updatedTime: String(r.updatedTime),
  }
}

/** A withdrawal record as the page shows it: the deposit's fields and clientOid, fee, confirm, tag. */
function withdrawalOf(r: WalletRecord) {
  const { createdTime, updatedTime, ...rest } = depositOf(r)
  return {
    ...rest,
    clientOid: r.clientOid,
    fee: r.fee,
    confirm: r.confirm,
    tag: r.tag,
    createdTime,
    updatedTime,
  }
}

/**
 * GET /api/v3/account/deposit-records: the deposits the admin made (`admin.addDeposit`) within
 * the time window, newest first, a bare list.
 */
export const depositRecordsRoute: Route = {
  id: Unified.getDepositRecords.id,
  method: 'GET',
  path: Unified.getDepositRecords.path,
  auth: true,
  handle({ state, key, params }) {
    return { data: walletRecords(state, uidOf(key), 'deposit', queryOf(params)).map(depositOf) }
  },
}

/**
 * POST /api/v3/account/withdrawal (also served at /api/v3/account/withdraw): `size` of `coin` leaves the funding (`spot`) wallet at once,
 * `success`, without a fee, and answers `{ orderId, clientOid }` (`clientOid` `""` when none was
 * sent). More than the wallet holds is `43012`; a `clientOid` already used answers its
 * withdrawal again and moves nothing. A `size` sent as a JSON number is read as the decimal
 * written, unless the sandbox is strict.
 */
export const withdrawRoute: Route = {
  id: Unified.withdraw.id,
  method: 'POST',
  path: Unified.withdraw.path,
  // One copy of the exchange's page (titled "Withdraw") names this path, and bitget-api's
  // `submitWithdraw` sends it.
  aliases: ['/api/v3/account/withdraw'],
  auth: true,
  reads(input) {
    const read: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(input))
      setField(read, name, name === 'size' ? decimalOfNumber(value) : value)
    return read
  },
  handle({ state, key, params }) {
    const done = withdraw(state, {
      uid: uidOf(key),
      coin: String(params.coin),
      transferType: params.transferType === 'on_chain' ? 'on_chain' : 'internal_transfer',
      address: String(params.address),
      size: String(params.size),
      chain: text(params.chain),
      tag: text(params.tag),
      clientOid: text(params.clientOid),
    })
    if (!done.ok) return { error: done.error }
    return { data: { orderId: done.record.orderId, clientOid: done.record.clientOid } }
  },
}

/**
 * GET /api/v3/account/withdrawal-records: the account's withdrawals within the time window,
 * newest first, a bare list; `orderId` before `clientOid` when both are given.
 */
export const withdrawalRecordsRoute: Route = {
  id: Unified.getWithdrawalRecords.id,
  method: 'GET',
  path: Unified.getWithdrawalRecords.path,
  auth: true,
  handle({ state, key, params }) {
    const records = walletRecords(state, uidOf(key), 'withdraw', queryOf(params))
    return { data: records.map(withdrawalOf) }
  },
}
