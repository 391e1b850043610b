/**
 * The records the WebSocket endpoints push (docs/records.md): the REST records the sandbox
 * already builds, with the push's own names and cases.
 */

import { Big } from '@tradeline/rules/big'
import { leverageOf } from '../exchange/accountSettings.js'
import { coinsOf } from '../exchange/balances.js'
import { fundingOf, nextFundingTime } from '../exchange/funding.js'
import type { Fill, Position, StrategyOrder } from '../exchange/types.js'
import type { Order } from '../orders.js'
import { isFlat, positionRecord } from '../records/account.js'
import { isFutures, tickerRecord } from '../records/market.js'
import { fillRecord, orderRecord } from '../records/orders.js'
import { strategyRecord } from '../records/strategy.js'
import { accountAssets } from '../routes/unified/account.js'
import type { SandboxInstrument, SandboxState } from '../state.js'

type Row = Record<string, unknown>

/**
 * An order as the `order` topic pushes it: the order-info record with `category` lower-case,
 * `holdSide` for `posSide`, `reduceOnly` `yes`/`no`, `price` `""` for a market order, no
 * `execType`, plus `marginCoin`, `totalProfit` and `leverage` (the account's for the symbol and
 * side, `accountSettings.ts`).
 */
export function wsOrderRecord(state: SandboxState, order: Order): Row {
  const instrument = state.instruments.get(order.category, order.symbol)
  const {
    posSide,
    execType: _,
    ...rest
  } = orderRecord(order, {
    fills: state.fills,
    instrument,
    kind: 'info',
  })
  const category = order.category.toUpperCase()
  const { base, quote } = coinsOf(instrument ?? { symbol: order.symbol, category })
  return {
    ...rest,
    category: category.toLowerCase(),
    price: order.orderType === 'market' ? '' : rest.price,
    holdSide: posSide,
    reduceOnly: order.reduceOnly === 'yes' ? 'yes' : 'no',
    marginCoin: category === 'COIN-FUTURES' ? base : quote,
    totalProfit: profitOf(state, order),
    leverage: leverageOf(state, order).leverage,
  }
}

/** The profit the order's fills realised (futures closing fills), `"0"` when none. */
function profitOf(state: SandboxState, order: Order): string {
  let total = new Big(0)
  for (const fill of state.fills)
    if (fill.orderId === order.orderId && fill.pnl !== undefined) total = total.plus(fill.pnl)
  return total.toFixed()
}

/** A fill as the `fill` topic pushes it: the fills record with `execTime` and `holdSide`. */
export function wsFillRecord(state: SandboxState, fill: Fill): Row {
  const { createdTime, posSide, ...rest } = fillRecord(fill, {
    order: state.orders.get(fill.orderId),
    instrument: state.instruments.get(fill.category, fill.symbol),
  })
  return { ...rest, holdSide: posSide, execTime: createdTime }
}

/**
 * The fields a flat (`ended`) position shows as `"0"` and as `""`, as the Positions-Channel page's
 * one example (fixtures/exchange/uta.ws.private.position.ended.json) shows them; `leverage` and
 * `markPrice` keep their values there. Blanking every number (as the sandbox did) made a client
 * that reads `size` as a number see NaN on the push that says the position closed.
 */
const endedZeros = [
  'size',
  'available',
  'frozen',
  'marginSize',
  'avgPrice',
  'curRealisedPnl',
  'unrealisedPnl',
  'totalFundingFee',
] as const
const endedBlanks = [
  'openFeeTotal',
  'mmr',
  'breakEvenPrice',
  'liqPrice',
  'profitRate',
  'closeFeeTotal',
] as const

/**
 * A position as the `position` topic pushes it: the current-position record with `size`,
 * `marginSize`, `liqPrice` and `totalFundingFee` for `total`, `positionBalance`,
 * `liquidationPrice` and `totalFunding`; `positionStatus` `ended` when flat, with the documented
 * example's `"0"` and `""` fields ({@link endedZeros}, {@link endedBlanks}).
 */
export function wsPositionRecord(state: SandboxState, position: Position): Row {
  const { total, positionBalance, liquidationPrice, totalFunding, ...rest } = positionRecord(
    state,
    position,
  )
  const record: Row = {
    ...rest,
    size: total,
    marginSize: positionBalance,
    liqPrice: liquidationPrice,
    totalFundingFee: totalFunding,
    positionStatus: 'normal',
  }
  if (!isFlat(position.size)) return record
  for (const field of endedZeros) record[field] = '0'
  for (const field of endedBlanks) record[field] = ''
  record.positionStatus = 'ended'
  return record
}

/**
 * The account as the `account` topic pushes it, from the numbers of GET
 * /api/v3/account/assets: equity, margins, and per coin `balance`, `available`, `locked`,
 * `borrow` and `debts` (both what a MARGIN order borrowed: the sandbox charges no interest).
 */
export function wsAccountRecord(state: SandboxState, uid: string): Row {
  const assets = accountAssets(state, uid)
  return {
    totalEquity: assets.accountEquity,
    effEquity: assets.effEquity,
    unrealisedPnL: assets.unrealisedPnl,
    imr: assets.imr,
    mmr: assets.mmr,
    mgnRatio: assets.mgnRatio,
    positionMgnRatio: assets.positionMgnRatio,
    bonus: '0',
    coin: assets.assets.map((asset) => ({
      coin: asset.coin,
      equity: asset.equity,
      balance: asset.balance,
      available: asset.available,
      locked: asset.locked,
      borrow: asset.debt,
      debts: asset.debt,
      usdValue: asset.usdValue,
    })),
  }
}

/**
 * A trade as the public `publicTrade` topic pushes it, in the documented short names
 * (fixtures/exchange/ws.uta.public-trade.json): `i` the trade id, `L` the execution link id
 * (here the same id), `p` the price, `v` the size, `S` the side, `T` the time (strings).
 */
export function wsTradeRecord(fill: Fill): Row {
  return {
    i: fill.execId,
    L: fill.execId,
    p: fill.price,
    v: fill.qty,
    S: fill.side,
    T: String(fill.ts),
  }
}

/**
 * The unified `ticker` push record: the REST ticker, and for a futures symbol the channel's
 * `nextFundingTime` (the channel's futures table lists it; REST's ticker does not).
 */
export function wsTickerRecord(
  state: SandboxState,
  instrument: SandboxInstrument,
  price: string,
): Row {
  const record = tickerRecord(state, instrument, price, state.clock.now())
  // A spot pair has no funding, even one named as a futures contract.
  const funding = isFutures(instrument.category) ? fundingOf(state, instrument.symbol) : undefined
  return funding ? { ...record, nextFundingTime: String(nextFundingTime(funding)) } : record
}

/**
 * A fill as the `fast-fill` topic pushes it (a single object, not a list): the fill's
 * identifiers, side, price, quantity and scope, `category` lower-case, `holdSide` and
 * `execTime`; no fee, profit or value.
 */
export function wsFastFillRecord(state: SandboxState, fill: Fill): Row {
  const full = wsFillRecord(state, fill)
  const pick = (field: string) => full[field] ?? ''
  return {
    symbol: pick('symbol'),
    updatedTime: pick('updatedTime') || pick('execTime'),
    side: pick('side'),
    orderId: pick('orderId'),
    execTime: pick('execTime'),
    tradeScope: pick('tradeScope'),
    execId: pick('execId'),
    execPrice: pick('execPrice'),
    holdSide: pick('holdSide'),
    category: String(pick('category')).toLowerCase(),
    execQty: pick('execQty'),
    clientOid: pick('clientOid'),
  }
}

/**
 * A strategy order as the `strategy-order` topic pushes it: the list endpoints' record with
 * `category` and `reduceOnly` lower-case.
 */
export function wsStrategyRecord(strategy: StrategyOrder): Row {
  const record = strategyRecord(strategy)
  return {
    ...record,
    category: String(record.category).toLowerCase(),
    ...(typeof record.reduceOnly === 'string' && { reduceOnly: record.reduceOnly.toLowerCase() }),
  }
}
