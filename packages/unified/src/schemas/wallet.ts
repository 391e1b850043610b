/**
 * Records of the unified account's deposits and withdrawals (UTA "Get Deposit Address", "Get
 * Deposit Records", "Withdrawal", "Get Withdrawal Records"): read leniently, as the exchange
 * sends them (its examples write `coin` in lower case and a withdrawal record's `type` as
 * `"deposit"`: kept as sent), decimals as decimal strings, unknown fields kept.
 */
import { Fields } from '@tradeline/core'
import type * as v from 'valibot'
import { id } from './ack.js'
import { decimal, list, text } from './fields.js'

/**
 * `data` of GET /api/v3/account/deposit-address: `address` (and `tag`, the memo some coins
 * need, `null` when none) on `chain`, and `url`, a block explorer's address.
 */
export const depositAddress = Fields.record({
  address: text,
  chain: text,
  coin: text,
  tag: text,
  url: text,
})

/** Where a coin is deposited. */
export type DepositAddress = v.InferOutput<typeof depositAddress>

/** The fields a deposit and a withdrawal record share; times are Unix milliseconds as text. */
const walletFields = {
  orderId: text,
  recordId: text,
  coin: text,
  type: text,
  dest: text,
  size: decimal,
  status: text,
  fromAddress: text,
  toAddress: text,
  chain: text,
  createdTime: text,
  updatedTime: text,
}

/**
 * One deposit: `status` `pending`, `success` or `fail`; `dest` `on_chain` (`recordId` the
 * transaction hash, the addresses on the chain) or `internal_transfer` (`recordId` the order,
 * the addresses a UID, email or mobile number).
 */
export const depositRecord = Fields.record(walletFields)

/** One deposit. */
export type DepositRecord = v.InferOutput<typeof depositRecord>

/** `data` of GET /api/v3/account/deposit-records: a bare list, `null` read as none. */
export const depositRecords = list(depositRecord)

/** A page of deposits. */
export type DepositRecords = v.InferOutput<typeof depositRecords>

/** One withdrawal: a deposit record's fields and `clientOid`, `fee` (in the coin), `confirm`, `tag`. */
export const withdrawalRecord = Fields.record({
  ...walletFields,
  clientOid: text,
  fee: decimal,
  confirm: text,
  tag: text,
})

/** One withdrawal. */
export type WithdrawalRecord = v.InferOutput<typeof withdrawalRecord>

/** `data` of GET /api/v3/account/withdrawal-records: a bare list, `null` read as none. */
export const withdrawalRecords = list(withdrawalRecord)

/** A page of withdrawals. */
export type WithdrawalRecords = v.InferOutput<typeof withdrawalRecords>

/** `data` of POST /api/v3/account/withdrawal: the exchange's `orderId` and the `clientOid`. */
export const withdrawResult = Fields.record({ orderId: id, clientOid: text })

/** The answer of a withdrawal. */
export type WithdrawResult = v.InferOutput<typeof withdrawResult>
