/**
 * Records of the unified account's funds endpoints (UTA "Transfer", "Get Account Funding
 * Assets", "Get Max Transferable", "Get Transferable Coins"): read leniently, decimals as decimal strings, unknown fields
 * kept.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'
import { id } from './ack.js'
import { decimal, list, text } from './fields.js'

/**
 * `data` of POST /api/v3/account/transfer: the exchange's `transferId` (a string; a number is
 * read as its digits). The answer carries no `clientOid`: the transfer takes none.
 */
export const transferResult = Fields.record({ transferId: id })

/** The answer of a transfer. */
export type TransferResult = v.InferOutput<typeof transferResult>

/** One coin of the funding account: `balance`, `available` and `frozen` in the coin. */
export const fundingAsset = Fields.record({
  coin: v.string(),
  available: decimal,
  frozen: decimal,
  balance: decimal,
})

/** One coin of the funding account. */
export type FundingAsset = v.InferOutput<typeof fundingAsset>

/**
 * `data` of GET /api/v3/account/funding-assets: a bare list of the funding account's coins
 * that hold something (`null` read as none).
 */
export const fundingAssets = list(fundingAsset)

/** The funding account's coins. */
export type FundingAssets = v.InferOutput<typeof fundingAssets>

/**
 * `data` of GET /api/v3/account/max-transferable: how much of `coin` may leave the unified
 * account now (`maxTransfer`) and with borrowed coins (`borrowMaxTransfer`), in the coin.
 */
export const maxTransferable = Fields.record({
  coin: text,
  maxTransfer: decimal,
  borrowMaxTransfer: decimal,
})

/** What may leave the unified account of a coin. */
export type MaxTransferable = v.InferOutput<typeof maxTransferable>

/**
 * `data` of GET /api/v3/account/transferable-coins: a bare list of coin names that may move
 * between the two accounts asked (`null` read as none; names kept as sent, any letter case).
 */
export const transferableCoins = list(v.string())

/** The coins that may move between two accounts. */
export type TransferableCoins = v.InferOutput<typeof transferableCoins>
