/**
 * Deposits and withdrawals of an account, through its funding (`spot`) wallet, the one
 * funding-assets reads and the transfers move (exchange/transfers.ts): a deposit address per coin
 * and chain, deposits the admin makes (`admin.addDeposit`), withdrawals out of the wallet and the
 * records of both. Amounts are Big; records keep them as decimal strings.
 */
import { createHash } from 'node:crypto'
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../envelope.js'
import type { SandboxState } from '../state.js'
import { coinsOf } from './balances.js'
import { accountBalance, adjustWallet, insufficientBalance, spotWallet } from './transfers.js'

/** A deposit or a withdrawal as the record reads answer it. */
export type WalletRecord = {
  readonly orderId: string
  readonly clientOid: string
  readonly uid: string
  readonly recordId: string
  readonly coin: string
  readonly type: 'deposit' | 'withdraw'
  readonly dest: 'on_chain' | 'internal_transfer'
  readonly size: string
  readonly status: WalletStatus
  readonly fromAddress: string
  readonly toAddress: string
  readonly chain: string
  readonly fee: string
  readonly confirm: string
  readonly tag: string
  readonly createdTime: number
  readonly updatedTime: number
}

/** Every status of a deposit or a withdrawal, as the record pages list them. */
export const walletStatuses = ['pending', 'success', 'fail'] as const
/** A status of a deposit or a withdrawal. */
export type WalletStatus = (typeof walletStatuses)[number]

type Book = { readonly deposits: WalletRecord[]; readonly withdrawals: WalletRecord[] }
const books = new WeakMap<SandboxState, Book>()

function bookOf(state: SandboxState): Book {
  let found = books.get(state)
  if (!found) {
    found = { deposits: [], withdrawals: [] }
    books.set(state, found)
  }
  return found
}

/**
 * The spelling of `coin` the account's funding wallet already holds (the pages write `usdt` for
 * `USDT`), else the spelling the sandbox lists it in (`rAAPL` for `raapl`), else the name in upper
 * case; a coin the wallet holds in mixed case (a pre-IPO token) keeps its own spelling.
 */
export function walletCoin(state: SandboxState, uid: string, coin: string): string {
  const upper = coin.toUpperCase()
  return (
    spotWallet(state, uid).find((held) => held.coin.toUpperCase() === upper)?.coin ??
    listedCoin(state, coin) ??
    upper
  )
}

/**
 * Whether the sandbox lists `coin` (in any letter case): the base or quote coin of one of its
 * instruments, the coins `GET /api/v2/spot/public/coins` answers.
 */
export function listsCoin(state: SandboxState, coin: string): boolean {
  return listedCoin(state, coin) !== undefined
}

/** `coin` as the sandbox lists it (`rAAPL` for `raapl`), or `undefined` for a coin not listed. */
function listedCoin(state: SandboxState, coin: string): string | undefined {
  const upper = coin.toUpperCase()
  for (const instrument of state.instruments.values()) {
    const { base, quote } = coinsOf(instrument)
    if (base.toUpperCase() === upper) return base
    if (quote.toUpperCase() === upper) return quote
  }
  return undefined
}

/** The chain a deposit address is made on when none is asked for. */
export const defaultChain = (coin: string): string => (coin === 'BTC' ? 'btc' : 'erc20')

/**
 * The account's deposit address of a coin on a chain: the same every time it is asked for (a
 * digest of the uid, the coin and the chain), `0x` and 40 hex digits.
 */
export function depositAddress(uid: string, coin: string, chain: string): string {
  const digest = createHash('sha256')
    .update(`${uid}|${coin.toUpperCase()}|${chain.toLowerCase()}`)
    .digest('hex')
  return `0x${digest.slice(0, 40)}`
}

/** A deposit to record: the coin and size; the rest has defaults (see {@link addDeposit}). */
export type DepositInput = {
  readonly uid: string
  readonly coin: string
  readonly size: string
  readonly chain?: string | undefined
  readonly dest?: 'on_chain' | 'internal_transfer' | undefined
  readonly status?: WalletStatus | undefined
  readonly fromAddress?: string | undefined
}

/**
 * Records a deposit into the account and, when it is `success` (the default), credits the
 * funding wallet by its size; a `pending` or `fail` one moves nothing. On chain (the default)
 * it arrives at the account's deposit address of the coin and chain, from `fromAddress` (`""`
 * when not given).
 */
export function addDeposit(state: SandboxState, input: DepositInput): WalletRecord {
  const coin = walletCoin(state, input.uid, input.coin)
  const size = new Big(input.size)
  const dest = input.dest ?? 'on_chain'
  const chain = dest === 'on_chain' ? (input.chain ?? defaultChain(coin)) : ''
  const status = input.status ?? 'success'
  const orderId = state.ids.orderId()
  const now = state.clock.now()
  const record: WalletRecord = {
    orderId,
    clientOid: '',
    uid: input.uid,
    recordId: dest === 'on_chain' ? txHash(orderId) : orderId,
    coin,
    type: 'deposit',
    dest,
    size: size.toFixed(),
    status,
    fromAddress: input.fromAddress ?? '',
    toAddress: dest === 'on_chain' ? depositAddress(input.uid, coin, chain) : input.uid,
    chain,
    fee: '0',
    confirm: dest === 'on_chain' ? '1' : '0',
    tag: '',
    createdTime: now,
    updatedTime: now,
  }
  if (status === 'success') adjustWallet(state, input.uid, 'spot', coin, size)
  bookOf(state).deposits.push(record)
  return record
}

/** A made-up transaction hash of an on-chain record, stable for its orderId. */
const txHash = (orderId: string): string =>
  `0x${createHash('sha256').update(`tx|${orderId}`).digest('hex')}`

/** A withdrawal as the route reads it. */
export type WithdrawalInput = {
  readonly uid: string
  readonly coin: string
  readonly transferType: 'on_chain' | 'internal_transfer'
  readonly address: string
  readonly size: string
  readonly chain?: string | undefined
  readonly tag?: string | undefined
  readonly clientOid?: string | undefined
}

/**
 * Withdraws `size` of `coin` out of the account's funding wallet and records it, `success` at
 * once and free of fees. More than the wallet holds is `43012` `Insufficient balance` (the
 * sandbox's code of a short transfer) and moves nothing. A `clientOid` the account already used
 * answers that withdrawal again and moves nothing, so a withdrawal sent twice leaves once.
 */
export function withdraw(
  state: SandboxState,
  input: WithdrawalInput,
): { ok: true; record: WalletRecord } | { ok: false; error: Failure } {
  const { withdrawals } = bookOf(state)
  if (input.clientOid !== undefined) {
    const earlier = withdrawals.find((w) => w.uid === input.uid && w.clientOid === input.clientOid)
    if (earlier) return { ok: true, record: earlier }
  }
  const coin = walletCoin(state, input.uid, input.coin)
  const size = new Big(input.size)
  if (accountBalance(state, input.uid, 'spot', coin, 'unified').lt(size))
    return { ok: false, error: insufficientBalance }
  adjustWallet(state, input.uid, 'spot', coin, size.neg())
  const orderId = state.ids.orderId()
  const now = state.clock.now()
  const onChain = input.transferType === 'on_chain'
  const chain = onChain ? (input.chain ?? '') : ''
  const record: WalletRecord = {
    orderId,
    clientOid: input.clientOid ?? '',
    uid: input.uid,
    recordId: onChain ? txHash(orderId) : orderId,
    coin,
    type: 'withdraw',
    dest: input.transferType,
    size: size.toFixed(),
    status: 'success',
    fromAddress: onChain ? depositAddress(input.uid, coin, chain) : input.uid,
    toAddress: input.address,
    chain,
    fee: '0',
    confirm: onChain ? '1' : '0',
    tag: input.tag ?? '',
    createdTime: now,
    updatedTime: now,
  }
  withdrawals.push(record)
  return { ok: true, record }
}

/**
 * Records a withdrawal with the status given (`pending` or `fail` as well as `success`), moving
 * nothing: one the exchange did not complete, which the sandbox's own withdrawals never are.
 */
export function seedWithdrawal(
  state: SandboxState,
  input: WithdrawalInput & { readonly status: WalletStatus },
): WalletRecord {
  const orderId = state.ids.orderId()
  const now = state.clock.now()
  const record: WalletRecord = {
    orderId,
    clientOid: input.clientOid ?? '',
    uid: input.uid,
    recordId: orderId,
    coin: walletCoin(state, input.uid, input.coin),
    type: 'withdraw',
    dest: input.transferType,
    size: new Big(input.size).toFixed(),
    status: input.status,
    fromAddress: input.uid,
    toAddress: input.address,
    chain: input.chain ?? '',
    fee: '0',
    confirm: '0',
    tag: input.tag ?? '',
    createdTime: now,
    updatedTime: now,
  }
  bookOf(state).withdrawals.push(record)
  return record
}

/** A record query as both record reads take it. */
export type RecordQuery = {
  readonly coin?: string | undefined
  readonly orderId?: string | undefined
  readonly clientOid?: string | undefined
  readonly startTime: number
  readonly endTime: number
  readonly limit: number
  readonly cursor?: string | undefined
}

/**
 * The account's deposits or withdrawals created within `[startTime, endTime]`, newest first, of
 * one coin (any letter case), one `orderId` or else one `clientOid`, at most `limit`; `cursor`
 * answers those with a smaller orderId ("use the smallest orderId returned from the previous
 * query").
 */
export function walletRecords(
  state: SandboxState,
  uid: string,
  kind: 'deposit' | 'withdraw',
  query: RecordQuery,
): WalletRecord[] {
  const book = bookOf(state)
  const all = kind === 'deposit' ? book.deposits : book.withdrawals
  const coin = query.coin?.toUpperCase()
  const below = query.cursor === undefined ? undefined : BigInt(digitsOr(query.cursor))
  return all
    .filter(
      (r) =>
        r.uid === uid &&
        (coin === undefined || r.coin.toUpperCase() === coin) &&
        // "If both are present or do not match, orderId will take priority".
        (query.orderId !== undefined
          ? r.orderId === query.orderId
          : query.clientOid === undefined || r.clientOid === query.clientOid) &&
        r.createdTime >= query.startTime &&
        r.createdTime <= query.endTime &&
        (below === undefined || BigInt(r.orderId) < below),
    )
    .reverse()
    .slice(0, query.limit)
}

/** A cursor that is not a number of digits reads as 0: nothing is below it. */
const digitsOr = (cursor: string): string => (/^\d{1,40}$/.test(cursor) ? cursor : '0')
