/**
 * Transfers between an account's own accounts: the classic wallet transfer and the unified
 * account's transfer. The sandbox's one balance per uid (`state.balances`) is the account the uid
 * trades in: a classic account's futures wallet, which the three futures account types
 * (`usdt_futures`, `coin_futures`, `usdc_futures`) move; a unified account's UTA (`uta`, what
 * `/api/v3/account/assets` shows). Every other account type is a wallet of its own, empty at
 * first: `spot` (the spot and funding account), `p2p`, the margin accounts, and for a unified
 * account the classic futures accounts too. A `clientOid` already used answers its transfer again
 * and moves nothing.
 */
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../envelope.js'
import type { Line } from '../orders.js'
import type { SandboxState } from '../state.js'
import { adjust, available } from './balances.js'
import { bookTransfer } from './ledger.js'

/** One transfer as the sandbox keeps it. */
export type Transfer = {
  readonly transferId: string
  readonly clientOid: string
  readonly uid: string
  readonly coin: string
  readonly fromType: string
  readonly toType: string
  readonly symbol: string | undefined
  readonly size: string
  readonly ts: number
  /**
   * As transferRecords answers it (the page: `Successful`, `Failed`, `Processing`); a transfer
   * the sandbox makes is `Successful`, the others are seeded (`admin.addTransfer`).
   * @default 'Successful'
   */
  readonly status?: TransferStatus | undefined
}

/** Every status of a transfer record. */
export const transferStatuses = ['Successful', 'Failed', 'Processing'] as const
/** A status of a transfer record. */
export type TransferStatus = (typeof transferStatuses)[number]

/** The product type of a futures account type; `undefined` for the other accounts. */
const futuresTypes: Readonly<Record<string, string>> = {
  usdt_futures: 'USDT-FUTURES',
  coin_futures: 'COIN-FUTURES',
  usdc_futures: 'USDC-FUTURES',
}

/** A move of the spot wallet as GET /api/v2/spot/account/bills answers it (by the transfer). */
export type SpotBill = {
  readonly billId: string
  readonly uid: string
  readonly coin: string
  readonly businessType: 'transfer_in' | 'transfer_out'
  /** Signed: negative out of the spot wallet. */
  readonly size: string
  /** The spot wallet's balance of the coin after the move. */
  readonly balance: string
  readonly ts: number
}

type Book = {
  readonly wallets: Map<string, Big>
  readonly transfers: Transfer[]
  readonly spotBills: SpotBill[]
}
const books = new WeakMap<SandboxState, Book>()

function bookOf(state: SandboxState): Book {
  let found = books.get(state)
  if (!found) {
    found = { wallets: new Map(), transfers: [], spotBills: [] }
    books.set(state, found)
  }
  return found
}

const walletKey = (uid: string, type: string, coin: string) => `${uid}|${type}|${coin}`

/**
 * Whether an account type is the uid's own balance on a line: a classic account's futures
 * accounts, a unified account's `uta`.
 */
const isMain = (type: string, line: Line): boolean =>
  line === 'unified' ? type === 'uta' : futuresTypes[type] !== undefined

/**
 * What an account type holds of a coin and may send: of the uid's own balance (the classic
 * futures accounts, a unified account's `uta`) the free part, what open orders and positions do
 * not hold.
 */
export function accountBalance(
  state: SandboxState,
  uid: string,
  type: string,
  coin: string,
  line: Line = 'classic',
): Big {
  if (isMain(type, line)) return available(state, uid, coin)
  return bookOf(state).wallets.get(walletKey(uid, type, coin)) ?? new Big(0)
}

function move(
  state: SandboxState,
  uid: string,
  type: string,
  coin: string,
  delta: Big,
  line: Line,
): void {
  if (isMain(type, line)) {
    adjust(state, uid, coin, delta)
    return
  }
  adjustWallet(state, uid, type, coin, delta)
}

/**
 * Moves a wallet of the account by `delta` (never its own balance): deposits into and
 * withdrawals out of the funding (`spot`) wallet (exchange/wallet.ts).
 */
export function adjustWallet(
  state: SandboxState,
  uid: string,
  type: string,
  coin: string,
  delta: Big,
): void {
  const { wallets } = bookOf(state)
  const key = walletKey(uid, type, coin)
  wallets.set(key, (wallets.get(key) ?? new Big(0)).plus(delta))
}

/** The refusal of a transfer larger than what the sending account has free. */
export const insufficientBalance: Failure = { code: '43012', msg: 'Insufficient balance' }

/**
 * Moves `amount` of `coin` between two of the account's accounts and records it. A side that is
 * the uid's own balance writes a transfer bill: a classic futures side a classic bill of its
 * product type, a unified `uta` side a unified financial record (category `SPOT`, see the README);
 * a `spot` side a spot bill. Answers the transfer (the earlier one for a used `clientOid`).
 * `line` is the API it came through: `classic` (the wallet transfer) or `unified`.
 */
export function transferFunds(
  state: SandboxState,
  uid: string,
  request: {
    readonly fromType: string
    readonly toType: string
    readonly amount: string
    readonly coin: string
    readonly symbol?: string | undefined
    readonly clientOid?: string | undefined
  },
  line: Line = 'classic',
): { ok: true; transfer: Transfer } | { ok: false; error: Failure } {
  const { transfers } = bookOf(state)
  const earlier = transfers.find((t) => t.uid === uid && t.clientOid === request.clientOid)
  if (request.clientOid !== undefined && earlier) return { ok: true, transfer: earlier }
  const amount = new Big(request.amount)
  if (accountBalance(state, uid, request.fromType, request.coin, line).lt(amount))
    return { ok: false, error: insufficientBalance }
  move(state, uid, request.fromType, request.coin, amount.neg(), line)
  move(state, uid, request.toType, request.coin, amount, line)
  const transferId = state.ids.orderId()
  const ts = state.clock.now()
  for (const [type, size] of [
    [request.fromType, amount.neg()],
    [request.toType, amount],
  ] as const)
    if (type === 'spot')
      bookOf(state).spotBills.push({
        // Of the transfer's id (a spot-to-spot transfer has two), so no id of the sandbox's
        // sequence is taken.
        billId: `${transferId}${size.lt(0) ? 0 : 1}`,
        uid,
        coin: request.coin,
        businessType: size.lt(0) ? 'transfer_out' : 'transfer_in',
        size: size.toFixed(),
        balance: accountBalance(state, uid, 'spot', request.coin).toFixed(),
        ts,
      })
  const transfer: Transfer = {
    transferId,
    clientOid: request.clientOid ?? transferId,
    uid,
    coin: request.coin,
    fromType: request.fromType,
    toType: request.toType,
    symbol: request.symbol,
    size: amount.toFixed(),
    ts,
  }
  transfers.push(transfer)
  for (const [type, direction] of [
    [request.fromType, 'out'],
    [request.toType, 'in'],
  ] as const) {
    if (!isMain(type, line)) continue
    const category = line === 'unified' ? 'SPOT' : (futuresTypes[type] as string)
    bookTransfer(state, { uid, line, category, coin: request.coin }, direction, {
      amount: direction === 'in' ? amount : amount.neg(),
      at: transfer.ts,
    })
  }
  return { ok: true, transfer }
}

/** The account's transfers, newest first. */
export function transfersOf(state: SandboxState, uid: string): readonly Transfer[] {
  return bookOf(state)
    .transfers.filter((t) => t.uid === uid)
    .reverse()
}

/** The coins the account's spot wallet has held, with what it holds now (the transfers move it). */
export function spotWallet(state: SandboxState, uid: string): { coin: string; amount: string }[] {
  const prefix = `${uid}|spot|`
  return [...bookOf(state).wallets]
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, amount]) => ({ coin: key.slice(prefix.length), amount: amount.toFixed() }))
}

/**
 * The coins an account type holds free (more than zero), in the order it first held them: of a
 * line's own balance (a unified account's `uta`) what open orders and positions do not hold, of
 * a wallet its balance.
 */
export function coinsHeld(
  state: SandboxState,
  uid: string,
  type: string,
  line: Line = 'classic',
): string[] {
  const coins = isMain(type, line)
    ? [...(state.balances.get(uid)?.keys() ?? [])]
    : [...bookOf(state).wallets.keys()]
        .filter((key) => key.startsWith(`${uid}|${type}|`))
        .map((key) => key.slice(`${uid}|${type}|`.length))
  return coins.filter((coin) => accountBalance(state, uid, type, coin, line).gt(0))
}

/** The moves of the account's spot wallet, newest first. */
export function spotBillsOf(state: SandboxState, uid: string): readonly SpotBill[] {
  return bookOf(state)
    .spotBills.filter((b) => b.uid === uid)
    .reverse()
}

/**
 * Records a transfer as given, moving nothing (a failed or pending transfer of the exchange's
 * records, which the sandbox's own transfers never are). A used `clientOid` answers it again.
 */
export function seedTransfer(state: SandboxState, transfer: Transfer): Transfer {
  bookOf(state).transfers.push(transfer)
  return transfer
}
