/**
 * The records the classic futures private WebSocket (`/v2/ws/private`) pushes, from the REST
 * records the sandbox already builds, with the push's own names: `orders` (`instId`,
 * `status`, `accBaseVolume` the filled total and the last fill's `baseVolume`, `fillPrice`,
 * `tradeId`, ...), `fill` (the fills record plus `clientOid`, `orderType`, `uTime`),
 * `positions` (`instId`, `frozen`, a JSON-number `leverage`, `posId`) and `account` (one item
 * per margin coin).
 */
import { Big } from '@tradeline/rules/big'
import { available, balanceOf, coinsOf } from '../exchange/balances.js'
import type { Fill, Position } from '../exchange/types.js'
import type { Order } from '../orders.js'
import { classicOrderRecord, classicPositionRecord } from '../records/classic.js'
import { classicFillRecord } from '../records/classicFill.js'
import type { SandboxState } from '../state.js'

type Row = Record<string, unknown>

/** The channels `/v2/ws/private` serves, and what each subscription arg names. */
export const classicChannels = [
  'orders',
  'fill',
  'positions',
  'account',
  'orders-algo',
  'positions-history',
] as const

/** The product types of the classic futures account (`instType`). */
export const classicProductTypes = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const

/**
 * An order as the `orders` channel pushes it: the pending-list record with `instId` for
 * `symbol`, `accBaseVolume` the filled total, the last fill of this moment (`baseVolume`,
 * `fillPrice`, `fillTime`, `tradeId`, `tradeScope`, fees `"0"`) when the change was a fill,
 * `reduceOnly` `yes`/`no`, `pnl`, `notionalUsd` and `feeDetail`.
 */
export function wsClassicOrderRecord(state: SandboxState, order: Order): Row {
  const { symbol, baseVolume, reduceOnly, ...rest } = classicOrderRecord(order, {
    fills: state.fills,
    kind: 'pending',
    state,
  })
  const last = lastFillOf(state, order)
  const marginCoin = String(rest.marginCoin ?? '')
  const price = order.price ?? state.prices.get(order.symbol) ?? '0'
  return {
    ...rest,
    instId: symbol,
    accBaseVolume: baseVolume,
    reduceOnly: reduceOnly === 'YES' ? 'yes' : 'no',
    pnl: rest.totalProfits,
    notionalUsd: new Big(order.qty).times(price).toFixed(),
    feeDetail: [{ feeCoin: marginCoin, fee: '0' }],
    stpMode: 'none',
    ...(last && {
      baseVolume: last.qty,
      fillPrice: last.price,
      fillTime: String(last.ts),
      tradeId: last.execId,
      tradeScope: last.tradeScope === 'maker' ? 'M' : 'T',
      fillFee: '0',
      fillFeeCoin: marginCoin,
      fillNotionalUsd: new Big(last.qty).times(last.price).toFixed(),
    }),
  }
}

/** The order's fill of the moment it last changed, if that change was a fill. */
function lastFillOf(state: SandboxState, order: Order): Fill | undefined {
  for (let i = state.fills.length - 1; i >= 0; i--) {
    const fill = state.fills[i]!
    if (fill.orderId !== order.orderId) continue
    return fill.ts === order.updatedTime ? fill : undefined
  }
  return undefined
}

/** A fill as the `fill` channel pushes it: the fills record plus `clientOid`, `orderType` and `uTime`. */
export function wsClassicFillRecord(state: SandboxState, fill: Fill): Row {
  const record = classicFillRecord(state, fill)
  return {
    ...record,
    clientOid: fill.clientOid,
    orderType: state.orders.get(fill.orderId)?.orderType ?? 'limit',
    uTime: record.cTime,
  }
}

/**
 * A position as the `positions` channel pushes it: the all-position record with `instId`,
 * `frozen` for what closing orders hold, `leverage` a JSON number, a `posId` (stable while the
 * position stays open) and the margin rates.
 */
export function wsClassicPositionRecord(state: SandboxState, position: Position): Row {
  const rest = classicPositionRecord(state, position)
  return {
    posId: `${position.createdTime ?? 0}${position.side === 'short' ? '2' : position.side === 'long' ? '1' : '0'}`,
    instId: rest.symbol,
    marginCoin: rest.marginCoin,
    marginSize: rest.marginSize,
    marginMode: rest.marginMode,
    holdSide: rest.holdSide,
    posMode: rest.posMode,
    total: rest.total,
    available: rest.available,
    frozen: rest.locked,
    openPriceAvg: rest.openPriceAvg,
    leverage: Number(rest.leverage),
    achievedProfits: rest.achievedProfits,
    unrealizedPL: rest.unrealizedPL,
    unrealizedPLR: '0',
    liquidationPrice: rest.liquidationPrice,
    keepMarginRate: rest.keepMarginRate,
    marginRate: '0',
    cTime: rest.cTime,
    breakEvenPrice: rest.breakEvenPrice,
    totalFee: rest.totalFee,
    deductedFee: rest.deductedFee,
    uTime: rest.uTime,
    autoMargin: rest.autoMargin,
  }
}

/** The open classic positions of `uid` and a product type: the `positions` snapshot. */
export function openClassicPositions(
  state: SandboxState,
  uid: string,
  productType: string,
): Position[] {
  return [...state.positions.values()].filter(
    (p) =>
      p.uid === uid &&
      p.line === 'classic' &&
      p.category.toUpperCase() === productType.toUpperCase() &&
      !new Big(p.size).isZero(),
  )
}

/** The margin coins of a product type: USDT, USDC, or the coins of the coin-margined contracts. */
function marginCoinsOf(state: SandboxState, uid: string, productType: string): string[] {
  const type = productType.toUpperCase()
  if (type === 'USDT-FUTURES') return ['USDT']
  if (type === 'USDC-FUTURES') return ['USDC']
  const coins = new Set<string>()
  for (const instrument of state.instruments.values())
    if (instrument.category.toUpperCase() === type) coins.add(coinsOf(instrument).base)
  const held = [...coins].filter((coin) => state.balances.get(uid)?.has(coin)).sort()
  return held
}

/**
 * The account as the `account` channel pushes it: one item per margin coin of the product
 * type, `equity` the balance plus the positions' unrealised result, `available` what open
 * orders and positions leave, `frozen` the rest.
 */
export function wsClassicAccountRecords(
  state: SandboxState,
  uid: string,
  productType: string,
): Row[] {
  const positions = openClassicPositions(state, uid, productType).map((p) =>
    classicPositionRecord(state, p),
  )
  return marginCoinsOf(state, uid, productType).map((coin) => {
    const balance = balanceOf(state, uid, coin)
    const free = available(state, uid, coin)
    const upl = positions
      .filter((p) => p.marginCoin === coin)
      .reduce((sum, p) => sum.plus(String(p.unrealizedPL ?? '0')), new Big(0))
    const equity = balance.plus(upl)
    return {
      marginCoin: coin,
      frozen: Big.max(balance.minus(free), 0).toFixed(),
      available: free.toFixed(),
      maxOpenPosAvailable: free.toFixed(),
      maxTransferOut: free.toFixed(),
      equity: equity.toFixed(),
      usdtEquity: equity.toFixed(),
      crossedRiskRate: '0',
      unrealizedPL: upl.toFixed(),
    }
  })
}
