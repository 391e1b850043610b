/**
 * The unified account's ledger routes: financial records, the closed positions, closing
 * positions at the market, and the v3 funding-rate reads.
 */
import { Market, Unified } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { flashClose } from '../../exchange/classic/close.js'
import { unknownSymbol } from '../../exchange/codes.js'
import { fundingHistory, fundingOf } from '../../exchange/funding.js'
import { type Bill, type BillKind, type ClosedPosition, ledgerOf } from '../../exchange/ledger.js'
import type { Route } from '../../exchange.js'
import { numberedPage } from '../classic/history.js'
import { closedPositions, currentFundingRecords } from '../classic/ledger.js'
import { inWindow, page, uidOf } from './common.js'

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** The financial record `type` of a bill; funding by its direction. */
function recordType(bill: Bill): Unified.FinancialRecordType {
  const types: Record<Exclude<BillKind, 'funding'>, Unified.FinancialRecordType> = {
    transfer_in: 'TRANSFER_IN',
    transfer_out: 'TRANSFER_OUT',
    open_long: 'OPEN_LONG',
    open_short: 'OPEN_SHORT',
    close_long: 'CLOSE_LONG',
    close_short: 'CLOSE_SHORT',
    buy: 'BUY_DEAL',
    sell: 'SELL_DEAL',
    dealt_out: 'ORDER_DEALT_FROZEN_OUT',
    dealt_in: 'ORDER_DEALT_IN',
  }
  if (bill.kind !== 'funding') return types[bill.kind]
  return new Big(bill.amount).isNegative()
    ? 'CONTRACT_MAIN_SETTLE_FEE_USER_OUT'
    : 'CONTRACT_MAIN_SETTLE_FEE_USER_IN'
}

/**
 * GET /api/v3/account/financial-records: the account's unified bills of a category, newest
 * first, by coin, type and time, paged by `cursor` (the page's last record id).
 */
export const financialRecordsRoute: Route = {
  id: Unified.getFinancialRecords.id,
  method: 'GET',
  path: Unified.getFinancialRecords.path,
  auth: true,
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const category = String(params.category)
    const coin = text(params.coin)
    const type = text(params.type)
    const all = ledgerOf(state)
      .bills.filter(
        (bill) =>
          bill.uid === uid &&
          bill.line === 'unified' &&
          bill.category.toUpperCase() === category &&
          (coin === undefined || bill.coin === coin) &&
          (type === undefined || recordType(bill) === type) &&
          inWindow(params, bill.ts),
      )
      .reverse()
    return {
      data: page(
        all,
        (bill) => bill.billId,
        params,
        (bill) => ({
          category: bill.category.toUpperCase(),
          id: bill.billId,
          symbol: bill.symbol,
          coin: bill.coin,
          type: recordType(bill),
          amount: bill.amount,
          fee: bill.fee,
          balance: bill.balance,
          ts: String(bill.ts),
        }),
      ),
    }
  },
}

/** A closed position as GET /api/v3/position/history-position answers it. */
function historyRecord(position: ClosedPosition): Record<string, unknown> {
  const net = new Big(position.pnl)
    .plus(position.openFee)
    .plus(position.closeFee)
    .plus(position.totalFunding)
  return {
    positionId: position.positionId,
    category: position.category.toUpperCase(),
    symbol: position.symbol,
    marginCoin: position.marginCoin,
    holdMode: position.posMode,
    posSide: position.holdSide,
    marginMode: position.marginMode,
    openPriceAvg: position.openAvgPrice,
    closePriceAvg: position.closeAvgPrice,
    openTotalPos: position.openTotalPos,
    closeTotalPos: position.closeTotalPos,
    cumRealisedPnl: position.pnl,
    netProfit: net.toFixed(),
    totalFunding: position.totalFunding,
    openFeeTotal: position.openFee,
    closeFeeTotal: position.closeFee,
    createdTime: String(position.createdTime),
    updatedTime: String(position.updatedTime),
  }
}

/**
 * GET /api/v3/position/history-position: the account's closed unified positions of a category,
 * newest first, by symbol and closing time, paged by `cursor`.
 */
export const positionHistoryRoute: Route = {
  id: Unified.getPositionHistory.id,
  method: 'GET',
  path: Unified.getPositionHistory.path,
  auth: true,
  handle({ state, key, params }) {
    const category = String(params.category)
    const symbol = text(params.symbol)
    const all = closedPositions(state, uidOf(key), 'unified').filter(
      (position) =>
        position.category.toUpperCase() === category &&
        (symbol === undefined || position.symbol === symbol) &&
        inWindow(params, position.updatedTime),
    )
    return { data: page(all, (position) => position.positionId, params, historyRecord) }
  },
}

/**
 * POST /api/v3/trade/close-positions: closes the account's unified positions of the category
 * (of one symbol and side when asked) with market orders through the order path; one item per
 * closing order. With nothing to close the list is empty.
 */
export const closePositionsRoute: Route = {
  id: Unified.closePositions.id,
  method: 'POST',
  path: Unified.closePositions.path,
  auth: true,
  handle({ state, key, params }) {
    const orders = flashClose(state, uidOf(key), {
      line: 'unified',
      productType: String(params.category),
      symbol: text(params.symbol),
      holdSide: params.posSide as 'long' | 'short' | undefined,
    })
    return {
      data: {
        list: orders.map((order) => ({
          orderId: order.orderId,
          clientOid: order.clientOid,
          code: '00000',
          msg: 'success',
        })),
      },
    }
  },
}

/**
 * GET /api/v3/market/current-fund-rate: a futures symbol's funding (`40034` for another symbol,
 * or one not of `category`), or every futures symbol's (of `category`), with the newer page's
 * `cashDividend` and `cashDividendNextUpdate` (`"0"`: the sandbox pays none).
 */
export const currentFundRateV3Route: Route = {
  id: Market.getCurrentFundRate.id,
  method: 'GET',
  path: Market.getCurrentFundRate.path,
  auth: false,
  handle({ state, params }) {
    const symbol = text(params.symbol)
    const records = currentFundingRecords(state, text(params.category), symbol)
    if (!records) return { error: unknownSymbol(String(symbol)) }
    return {
      data: records.map((record) => ({
        ...record,
        cashDividend: '0',
        cashDividendNextUpdate: '0',
      })),
    }
  },
}

/**
 * GET /api/v3/market/history-fund-rate: a symbol's settled funding rates, newest first;
 * `cursor` a page number (1 by default), `limit` 200 by default.
 */
export const historyFundRateV3Route: Route = {
  id: Market.getHistoryFundRate.id,
  method: 'GET',
  path: Market.getHistoryFundRate.path,
  auth: false,
  handle({ state, params }) {
    const symbol = String(params.symbol)
    const instrument = state.instruments.get(String(params.category), symbol)
    if (!fundingOf(state, symbol) || instrument?.category.toUpperCase() !== params.category)
      return { error: unknownSymbol(symbol) }
    return {
      data: {
        resultList: numberedPage(
          fundingHistory(state, symbol),
          params.cursor,
          Number(params.limit ?? 200),
        ).map((record) => ({
          symbol,
          fundingRate: record.rate,
          fundingRateTimestamp: String(record.time),
        })),
      },
    }
  },
}
