/**
 * Classic reads of the ledger: the bills, the fill history, one symbol's position, the closed
 * positions and the funding rates, from the sandbox's ledger and funding book.
 */
import { ClassicFutures } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { unknownSymbol } from '../../exchange/codes.js'
import { fundingHistory, fundingOf, nextFundingTime } from '../../exchange/funding.js'
import {
  type Bill,
  type ClosedPosition,
  type FuturesBillKind,
  ledgerOf,
} from '../../exchange/ledger.js'
import type { Route } from '../../exchange.js'
import { classicPositionRecord } from '../../records/classic.js'
import { isFutures } from '../../records/market.js'
import type { SandboxState } from '../../state.js'
import { uidOf } from './common.js'
import { fillsRoute, idBelow, inWindow, numberedPage, page } from './history.js'

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** The classic `businessType` of a bill (a one-way fill is `buy` or `sell`, as documented). */
const businessTypes: Record<FuturesBillKind, ClassicFutures.BillBusinessType> = {
  open_long: 'open_long',
  open_short: 'open_short',
  close_long: 'close_long',
  close_short: 'close_short',
  buy: 'buy',
  sell: 'sell',
  funding: 'contract_settle_fee',
  transfer_in: 'trans_from_exchange',
  transfer_out: 'trans_to_exchange',
}

/** The margin-moving business types `onlyFunding=yes` leaves out (the exchange's four). */
const marginTypes = new Set([
  'append_margin',
  'adjust_down_lever_append_margin',
  'reduce_margin',
  'auto_append_margin',
])

/** A bill as GET /api/v2/mix/account/bill answers it. */
function billRecord(bill: Bill): Record<string, unknown> {
  return {
    billId: bill.billId,
    symbol: bill.symbol,
    amount: bill.amount,
    fee: bill.fee,
    feeByCoupon: '',
    // A classic account's bills are futures bills (spot fills are the unified account's).
    businessType: businessTypes[bill.kind as FuturesBillKind],
    coin: bill.coin,
    balance: bill.balance,
    cTime: String(bill.ts),
  }
}

/**
 * GET /api/v2/mix/account/bill: the account's classic bills of a product type, newest first,
 * filtered by coin, businessType and time; `limit` 20 by default; `endId` the page's last
 * `billId`, to pass back as `idLessThan`.
 */
export const accountBillRoute: Route = {
  id: ClassicFutures.getAccountBill.id,
  method: 'GET',
  path: ClassicFutures.getAccountBill.path,
  auth: true,
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const productType = String(params.productType).toUpperCase()
    const coin = text(params.coin)
    const type = text(params.businessType)
    const idLessThan = text(params.idLessThan)
    const all = ledgerOf(state)
      .bills.filter(
        (bill) =>
          bill.uid === uid &&
          bill.line === 'classic' &&
          bill.category.toUpperCase() === productType &&
          (coin === undefined || bill.coin === coin) &&
          (type === undefined || businessTypes[bill.kind as FuturesBillKind] === type) &&
          !(
            params.onlyFunding === 'yes' &&
            marginTypes.has(businessTypes[bill.kind as FuturesBillKind])
          ) &&
          (idLessThan === undefined || idBelow(bill.billId, idLessThan)) &&
          inWindow(params, bill.ts),
      )
      .reverse()
    const { items, endId } = page(all, (bill) => bill.billId, params, 20)
    return { data: { bills: items.map(billRecord), endId } }
  },
}

/**
 * GET /api/v2/mix/order/fill-history: the fills as `fills` answers them (same records, same
 * paging), under the history path.
 */
export const fillHistoryRoute: Route = {
  ...fillsRoute,
  id: ClassicFutures.getFillHistory.id,
  path: ClassicFutures.getFillHistory.path,
}

/**
 * GET /api/v2/mix/position/single-position: the account's open positions of one symbol, in
 * the margin coin asked (`[]` when flat or another coin), as all-position's records.
 */
export const singlePositionRoute: Route = {
  id: ClassicFutures.getSinglePosition.id,
  method: 'GET',
  path: ClassicFutures.getSinglePosition.path,
  auth: true,
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const productType = String(params.productType).toUpperCase()
    const instrument = state.instruments.get(productType, String(params.symbol))
    if (!instrument || instrument.category.toUpperCase() !== productType)
      return { error: unknownSymbol(String(params.symbol)) }
    const list = [...state.positions.values()]
      .filter(
        (position) =>
          position.uid === uid &&
          position.line === 'classic' &&
          position.symbol === params.symbol &&
          !new Big(position.size).isZero(),
      )
      .map((position) => classicPositionRecord(state, position))
      .filter((record) => record.marginCoin === params.marginCoin)
    return { data: list }
  },
}

/** A closed position as GET /api/v2/mix/position/history-position answers it. */
function closedRecord(position: ClosedPosition): Record<string, unknown> {
  const net = new Big(position.pnl)
    .plus(position.openFee)
    .plus(position.closeFee)
    .plus(position.totalFunding)
  return {
    positionId: position.positionId,
    marginCoin: position.marginCoin,
    symbol: position.symbol,
    holdSide: position.holdSide,
    openAvgPrice: position.openAvgPrice,
    closeAvgPrice: position.closeAvgPrice,
    marginMode: position.marginMode,
    openTotalPos: position.openTotalPos,
    closeTotalPos: position.closeTotalPos,
    pnl: position.pnl,
    netProfit: net.toFixed(),
    totalFunding: position.totalFunding,
    openFee: position.openFee,
    closeFee: position.closeFee,
    posMode: position.posMode,
    ctime: String(position.createdTime),
    utime: String(position.updatedTime),
  }
}

/** The account's closed positions of a line, newest first. */
export function closedPositions(state: SandboxState, uid: string, line: 'classic' | 'unified') {
  return ledgerOf(state)
    .closed.filter((position) => position.uid === uid && position.line === line)
    .reverse()
}

/**
 * GET /api/v2/mix/position/history-position: the account's closed classic positions, newest
 * first, of the symbol asked or else of the product type (default `USDT-FUTURES`), by closing
 * time; `limit` 20 by default; `endId` the page's last `positionId`.
 */
export const historyPositionRoute: Route = {
  id: ClassicFutures.getHistoryPosition.id,
  method: 'GET',
  path: ClassicFutures.getHistoryPosition.path,
  auth: true,
  handle({ state, key, params }) {
    const symbol = text(params.symbol)
    const productType = String(params.productType ?? 'USDT-FUTURES').toUpperCase()
    const idLessThan = text(params.idLessThan)
    const all = closedPositions(state, uidOf(key), 'classic').filter(
      (position) =>
        (symbol !== undefined
          ? position.symbol === symbol
          : position.category.toUpperCase() === productType) &&
        (idLessThan === undefined || idBelow(position.positionId, idLessThan)) &&
        inWindow(params, position.updatedTime),
    )
    const { items, endId } = page(all, (position) => position.positionId, params, 20)
    return { data: { list: items.map(closedRecord), endId } }
  },
}

/** The current funding of a symbol as both lines' current-fund-rate answer it. */
export function currentFundingRecord(state: SandboxState, symbol: string) {
  const funding = fundingOf(state, symbol)
  if (!funding) return undefined
  return {
    symbol,
    fundingRate: funding.rate,
    fundingRateInterval: String(funding.intervalHours),
    nextUpdate: String(nextFundingTime(funding)),
    minFundingRate: '-0.003',
    maxFundingRate: '0.003',
  }
}

/**
 * The current funding of the symbol asked, or of every futures contract (of `category` when
 * given) without one; `undefined` when the symbol asked is none of them (`40034`). Both lines'
 * current-fund-rate read it.
 */
export function currentFundingRecords(
  state: SandboxState,
  category: string | undefined,
  symbol: string | undefined,
) {
  const symbols = [...state.instruments.values()]
    .filter(
      (instrument) =>
        isFutures(instrument.category) &&
        fundingOf(state, instrument.symbol) !== undefined &&
        (category === undefined || instrument.category.toUpperCase() === category),
    )
    .map((instrument) => instrument.symbol)
  if (symbol !== undefined && !symbols.includes(symbol)) return undefined
  return (symbol === undefined ? symbols : [symbol]).flatMap((s) => {
    const record = currentFundingRecord(state, s)
    return record ? [record] : []
  })
}

/**
 * GET /api/v2/mix/market/current-fund-rate: the funding of each contract of the product type,
 * or of the symbol asked (`40034` when it is not one of the product type).
 */
export const currentFundRateRoute: Route = {
  id: ClassicFutures.getCurrentFundRate.id,
  method: 'GET',
  path: ClassicFutures.getCurrentFundRate.path,
  auth: false,
  handle({ state, params }) {
    const productType = String(params.productType).toUpperCase()
    const records = currentFundingRecords(state, productType, text(params.symbol))
    return records ? { data: records } : { error: unknownSymbol(String(params.symbol)) }
  },
}

/**
 * GET /api/v2/mix/market/history-fund-rate: a symbol's settled funding rates, newest first,
 * `pageSize` (20 by default) per `pageNo` (from 1).
 */
export const historyFundRateRoute: Route = {
  id: ClassicFutures.getHistoryFundRate.id,
  method: 'GET',
  path: ClassicFutures.getHistoryFundRate.path,
  auth: false,
  handle({ state, params }) {
    const symbol = String(params.symbol)
    const instrument = state.instruments.get(String(params.productType), symbol)
    if (!instrument || instrument.category.toUpperCase() !== String(params.productType))
      return { error: unknownSymbol(String(params.symbol)) }
    return {
      data: numberedPage(
        fundingHistory(state, symbol),
        params.pageNo,
        Number(params.pageSize ?? 20),
      ).map((record) => ({
        symbol,
        fundingRate: record.rate,
        fundingTime: String(record.time),
      })),
    }
  },
}
