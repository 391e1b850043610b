/**
 * Deposits and withdrawals of the unified account: where a coin is deposited, the deposits and
 * withdrawals made, and the withdrawal itself (Bitget UTA "Get Deposit Address", "Get Deposit
 * Records", "Withdrawal", "Get Withdrawal Records",
 * https://www.bitget.com/api-doc/uta/account/deposit/Get-Deposit-Address and its neighbours).
 */
import * as v from 'valibot'
import * as Decimal from '../Decimal.js'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue } from '../Issue.js'
import { bounded, oneOf, opaqueId, positiveDecimal, symbolCharacters } from '../internal/fields.js'
import { clientOid, clientOidReference } from '../internal/identity.js'
import { fieldCheck } from '../internal/valibot.js'
import * as Limits from '../Limits.js'
import { coin, cursor, pageLimit, timestamp } from './fields.js'
import { timeOrderRule } from './queries.js'

/** `transferType` of a withdrawal: on a blockchain, or to another exchange account. */
export const withdrawalTypes = ['on_chain', 'internal_transfer'] as const
/** How a withdrawal leaves. */
export type WithdrawalType = (typeof withdrawalTypes)[number]

/** `innerToType`: what `address` names in an internal transfer (`uid` when absent). */
export const innerToTypes = ['uid', 'email', 'mobile'] as const

/** `chain`: a network name such as `erc20` or `trc20` (1 to 32 letters, digits, `_ . - $`). */
const chain = bounded(Limits.textLength.symbol, {
  pattern: symbolCharacters,
  expected: 'a chain name such as "erc20"',
})

/**
 * An address, tag, UID, email or phone number: visible ASCII without spaces, at most 1024
 * characters (a Lightning invoice is a long address).
 */
const address = bounded(1024, {
  pattern: /^[\x21-\x7e]+$/,
  expected: 'visible characters without spaces',
})

/** Free text of a withdrawal (`remark`, names): at most 128 characters, no control characters. */
const freeText = bounded(128, {
  pattern: /^[^\p{Cc}]+$/u,
  expected: 'text without control characters',
})

/** The Lightning deposit size's range, "Limit range: 0.000001 - 0.01". */
const lightningSize = v.pipe(
  positiveDecimal,
  fieldCheck(
    'range',
    'from 0.000001 to 0.01 (a BTC Lightning deposit)',
    (value: string) =>
      !Decimal.isDecimal(value) ||
      (Decimal.compare(value, '0.000001') >= 0 && Decimal.compare(value, '0.01') <= 0),
  ),
)

/**
 * GET /api/v3/account/deposit-address: where `coin` (required) is deposited, on `chain` when
 * given (else the exchange picks one); `size` is for a BTC Lightning invoice only ("Rate limit:
 * 10/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getDepositAddress, { coin: 'USDT', chain: 'trc20' }) // true
 */
export const getDepositAddress = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getDepositAddress',
  method: 'GET',
  path: '/api/v3/account/deposit-address',
  auth: true,
  schema: () => v.strictObject({ coin, chain: v.optional(chain), size: v.optional(lightningSize) }),
})

export declare namespace getDepositAddress {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getDepositAddress>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getDepositAddress>
}

/** The paging and time window both record reads share; both times are required. */
const recordQuery = {
  coin: v.optional(coin),
  orderId: v.optional(opaqueId),
  startTime: timestamp,
  endTime: timestamp,
  limit: v.optional(pageLimit(Limits.unifiedPageSize)),
  cursor: v.optional(cursor),
}

/**
 * GET /api/v3/account/deposit-records: the deposits between `startTime` and `endTime` (both
 * required), of one `coin` or `orderId` when given, 20 a page (`limit` up to 100), the next page
 * by `cursor`, the smallest `orderId` of the last one ("Rate limit: 10/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getDepositRecords, { startTime: '1700561435000', endTime: '1703153435933' }) // true
 */
export const getDepositRecords = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getDepositRecords',
  method: 'GET',
  path: '/api/v3/account/deposit-records',
  auth: true,
  schema: () => v.strictObject(recordQuery),
  rules: [timeOrderRule],
})

export declare namespace getDepositRecords {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getDepositRecords>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getDepositRecords>
}

const missing = (field: string, expected: string): Issue =>
  create({ type: 'missing', path: [field], expected, received: describe(undefined) })

/**
 * "This parameter is required when `transferType`=`on_chain`" (`chain`) and "when
 * `innerToType` = `mobile`" (`areaCode`).
 */
function withdrawRules(draft: {
  readonly transferType?: string | undefined
  readonly chain?: string | undefined
  readonly innerToType?: string | undefined
  readonly areaCode?: string | undefined
}): readonly Issue[] {
  const issues: Issue[] = []
  if (draft.transferType === 'on_chain' && draft.chain === undefined)
    issues.push(missing('chain', 'the network of an on_chain withdrawal'))
  if (draft.innerToType === 'mobile' && draft.areaCode === undefined)
    issues.push(missing('areaCode', 'the area code of a mobile number'))
  return issues
}

/**
 * POST /api/v3/account/withdrawal: sends `size` of `coin` out of the account, on a chain
 * (`transferType` `on_chain`, `chain` and `address` required) or to another exchange account
 * (`internal_transfer`, `address` a UID, email or mobile number as `innerToType` says; a mobile
 * number needs `areaCode`). `clientOid` is the caller's id of the withdrawal: the withdrawal
 * records find it by that id, so one whose outcome is unknown can be looked up instead of sent
 * again ("Rate limit: 1/sec/UID").
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.withdraw, { coin: 'USDT', transferType: 'on_chain', address: '0x51', size: '10' }) // false: chain is required on chain
 */
export const withdraw = /* @__PURE__ */ Endpoint.define({
  id: 'unified.withdraw',
  method: 'POST',
  path: '/api/v3/account/withdrawal',
  auth: true,
  schema: () =>
    v.strictObject({
      coin,
      chain: v.optional(chain),
      transferType: oneOf(withdrawalTypes),
      address,
      innerToType: v.optional(oneOf(innerToTypes)),
      areaCode: v.optional(
        bounded(8, { pattern: /^\+?\d+$/, expected: 'an area code such as "86"' }),
      ),
      tag: v.optional(address),
      size: positiveDecimal,
      remark: v.optional(freeText),
      clientOid: v.optional(clientOid),
      memberCode: v.optional(oneOf(['bithumb', 'korbit', 'coinone'])),
      identityType: v.optional(oneOf(['company', 'user'])),
      companyName: v.optional(freeText),
      firstName: v.optional(freeText),
      lastName: v.optional(freeText),
    }),
  rules: [withdrawRules],
})

export declare namespace withdraw {
  /** The body as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof withdraw>
  /** The body as it is sent. */
  type Request = Endpoint.OutputOf<typeof withdraw>
}

/**
 * GET /api/v3/account/withdrawal-records: the withdrawals between `startTime` and `endTime`
 * (both required), of one `coin`, `orderId` or `clientOid` when given, paged as the deposit
 * records ("Rate limit: 10/sec/UID"). The page says one of `orderId` and `clientOid` "must be
 * provided", yet its own example request names neither: both stay optional (README, decisions).
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.getWithdrawalRecords, { clientOid: 'w-1', startTime: '1700561435000', endTime: '1703153435933' }) // true
 */
export const getWithdrawalRecords = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getWithdrawalRecords',
  method: 'GET',
  path: '/api/v3/account/withdrawal-records',
  auth: true,
  schema: () => v.strictObject({ ...recordQuery, clientOid: v.optional(clientOidReference) }),
  rules: [timeOrderRule],
})

export declare namespace getWithdrawalRecords {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getWithdrawalRecords>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getWithdrawalRecords>
}
