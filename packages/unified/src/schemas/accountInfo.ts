/**
 * Records of the unified account's own reads (UTA "Get Account Info", "Get Max Withdrawal", "Get
 * OI Limit"):
 * read leniently, decimals as decimal strings, `""` as `null`, unknown fields kept.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'
import { decimal, list, text } from './fields.js'

/**
 * `data` of GET /api/v3/account/info: the account's `userId`, `inviterId`, `parentId` (only a
 * sub-account has one), `channelCode`, `channel`, the key's IP whitelist `ips` (comma-separated
 * in one string), `permType` (`read-only`/`read-and-write`), `permissions` (`uta_mgt`,
 * `uta_trade`, `withdraw`, `copy_futures_position`, `copy_futures_order`: kept as strings, a
 * name the page does not list included) and `regisTime` (milliseconds, as text). `""` is `null`.
 */
export const accountInfo = Fields.record({
  userId: text,
  inviterId: text,
  parentId: text,
  channelCode: text,
  channel: text,
  ips: text,
  permType: text,
  permissions: list(v.string()),
  regisTime: text,
})

/** Who the account and its API key are. */
export type AccountInfo = v.InferOutput<typeof accountInfo>

/**
 * `data` of GET /api/v3/account/max-withdrawal: how much of `coin` may be withdrawn now from the
 * OTC (`otcMaxWithdrawal`), spot/funding (`spotMaxWithdrawal`) and unified
 * (`utaMaxWithdrawal`) accounts, and in all (`totalMaxWithdrawal`), in the coin.
 */
export const maxWithdrawal = Fields.record({
  coin: text,
  otcMaxWithdrawal: decimal,
  spotMaxWithdrawal: decimal,
  utaMaxWithdrawal: decimal,
  totalMaxWithdrawal: decimal,
})

/** What may be withdrawn of a coin. */
export type MaxWithdrawal = v.InferOutput<typeof maxWithdrawal>

/**
 * `data` of GET /api/v3/account/open-interest-limit: the open-interest limits of `symbol` as
 * quantities, the single user's (`singleUserLimit`), the main and sub-accounts' together
 * (`masterSubLimit`) and the market makers' total quota (`marketMakerLimit`); `""` is `null`.
 */
export const openInterestLimit = Fields.record({
  symbol: text,
  singleUserLimit: decimal,
  masterSubLimit: decimal,
  marketMakerLimit: decimal,
})

/** The open-interest limits of a futures symbol. */
export type OpenInterestLimit = v.InferOutput<typeof openInterestLimit>
