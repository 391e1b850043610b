/**
 * Transfers between an account's own accounts (the classic wallet transfer). The sandbox's
 * wallet per uid is the futures accounts' (what both futures lines trade and settle in), so the
 * three futures account types (`usdt_futures`, `coin_futures`, `usdc_futures`) move it; the
 * spot, funding (`p2p`) and margin accounts are wallets of their own, empty at first. A
 * `clientOid` already used answers its transfer again and moves nothing.
 */
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../envelope.js'
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

/** What an account type holds of a coin and may send (futures: the free balance). */
export function accountBalance(state: SandboxState, uid: string, type: string, coin: string): Big {
  if (futuresTypes[type] !== undefined) return available(state, uid, coin)
  return bookOf(state).wallets.get(walletKey(uid, type, coin)) ?? new Big(0)
}

function move(state: SandboxState, uid: string, type: string, coin: string, delta: Big): void {
  if (futuresTypes[type] !== undefined) {
    adjust(state, uid, coin, delta)
    return
  }
  const { wallets } = bookOf(state)
  const key = walletKey(uid, type, coin)
  wallets.set(key, (wallets.get(key) ?? new Big(0)).plus(delta))
}

/** The refusal of a transfer larger than what the sending account has free. */
export const insufficientBalance: Failure = { code: '43012', msg: 'Insufficient balance' }

/**
 * Moves `amount` of `coin` between two of the account's accounts and records it; a futures
 * side writes a transfer bill. Answers the transfer (the earlier one for a used `clientOid`).
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
): { ok: true; transfer: Transfer } | { ok: false; error: Failure } {
  const { transfers } = bookOf(state)
  const earlier = transfers.find((t) => t.uid === uid && t.clientOid === request.clientOid)
  if (request.clientOid !== undefined && earlier) return { ok: true, transfer: earlier }
  const amount = new Big(request.amount)
  if (accountBalance(state, uid, request.fromType, request.coin).lt(amount))
    return { ok: false, error: insufficientBalance }
  move(state, uid, request.fromType, request.coin, amount.neg())
  move(state, uid, request.toType, request.coin, amount)
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
    const productType = futuresTypes[type]
    if (productType !== undefined)
      bookTransfer(state, { uid, category: productType, coin: request.coin }, direction, {
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
