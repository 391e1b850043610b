/**
 * The classic futures account's records as the exchange answers them (docs/records.md): the
 * order of `detail` (status key `state`) and of `orders-pending` (status key `status`), with the
 * classic spellings (`canceled`, `posSide` `net` in one-way mode, `reduceOnly` `YES`/`NO`,
 * preset take-profit/stop-loss fields, `cTime`/`uTime`), and the position of `all-position`.
 * The sandbox keeps its own state; these functions shape it at the route boundary.
 */
import { Big } from '@tradeline/rules/big'
import {
  addedMarginOf,
  autoMarginOf,
  leverageOf,
  positionLeverageOf,
} from '../exchange/accountSettings.js'
import { coinsOf, isClosing } from '../exchange/balances.js'
import { holdSideOf } from '../exchange/classic/close.js'
import { classicWireFields } from '../exchange/classic/fields.js'
import { openTotals } from '../exchange/ledger.js'
import type { Fill, Position } from '../exchange/types.js'
import { type Order, openStatuses } from '../orders.js'
import type { SandboxState } from '../state.js'
import { cancelReasons } from './orders.js'

const big = (value: string): Big => new Big(value)

/**
 * The classic spelling of an order status (`canceled` with one l).
 *
 * @example
 * import { classicStatusOf } from '@tradeline/sandbox'
 * classicStatusOf({ status: 'cancelled' }) // 'canceled'
 */
export function classicStatusOf(order: Pick<Order, 'status'>): string {
  return order.status === 'cancelled' ? 'canceled' : order.status
}

/** Which endpoint answers the record: `detail` (key `state`) or `pending` (key `status`). */
export type ClassicOrderKind = 'detail' | 'pending'

/**
 * An order as GET /api/v2/mix/order/detail (`kind: 'detail'`) or an item of
 * GET /api/v2/mix/order/orders-pending (`kind: 'pending'`) answers it (docs/records.md):
 * `size` the order size, `baseVolume`/`quoteVolume` filled base and quote, `priceAvg` `""`
 * before a fill, `fee` what its fills paid (negative; `"0"` without fees), `totalProfits` what its
 * fills realised, `leverage` the account's leverage of the order's symbol, side and margin mode
 * (`"1"` without `state`),
 * preset prices `""` when unset and their types `fill_price` when set.
 *
 * @example
 * import { classicOrderRecord } from '@tradeline/sandbox'
 * classicOrderRecord({ orderId: '1', clientOid: 'c', uid: 'u', line: 'classic', category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'sell', posSide: 'long', orderType: 'limit', price: '70000', qty: '0.01', filledQty: '0', status: 'cancelled', createdTime: 1, updatedTime: 2 }).tradeSide // 'close'
 */
export function classicOrderRecord(
  order: Order,
  options: classicOrderRecord.Options = {},
): Record<string, unknown> {
  const { fills = [], kind = 'detail', state } = options
  const own = fills.filter((fill) => fill.orderId === order.orderId)
  const quote = own.reduce((sum, fill) => sum.plus(big(fill.qty).times(fill.price)), big('0'))
  const profits = own.reduce((sum, fill) => sum.plus(fill.pnl ?? '0'), big('0'))
  const fees = own.reduce((sum, fill) => sum.plus(fill.fee ?? '0'), big('0'))
  const presets = order.presets ?? {}
  const wire = classicWireFields(order)
  const preset = (price: string, type: string, execute: string) => ({
    [price]: presets[price] ?? '',
    [type]: presets[price] === undefined ? '' : 'fill_price',
    [execute]: presets[execute] ?? '',
  })
  return {
    symbol: order.symbol,
    size: order.qty,
    orderId: order.orderId,
    clientOid: order.clientOid,
    baseVolume: order.filledQty,
    fee: fees.toFixed(),
    price: order.price ?? '0',
    priceAvg: order.avgPrice ?? '',
    [kind === 'detail' ? 'state' : 'status']: classicStatusOf(order),
    side: wire.side,
    force: order.timeInForce ?? 'gtc',
    totalProfits: profits.toDecimalPlaces(8).toFixed(),
    posSide: wire.posSide,
    marginCoin: order.marginCoin ?? '',
    quoteVolume: quote.toFixed(),
    leverage: state === undefined ? '1' : leverageOf(state, order).leverage,
    marginMode: order.marginMode ?? 'crossed',
    enterPointSource: 'api',
    tradeSide: wire.tradeSide,
    posMode: order.posSide === undefined ? 'one_way_mode' : 'hedge_mode',
    orderType: order.orderType,
    orderSource: order.source ?? 'normal',
    reduceOnly: order.reduceOnly === 'yes' ? 'YES' : 'NO',
    ...preset('presetStopSurplusPrice', 'presetStopSurplusType', 'presetStopSurplusExecutePrice'),
    ...preset('presetStopLossPrice', 'presetStopLossType', 'presetStopLossExecutePrice'),
    ...(kind === 'detail' && {
      cancelReason:
        order.cancelReason === undefined
          ? ''
          : (cancelReasons[order.cancelReason] ?? order.cancelReason),
    }),
    cTime: String(order.createdTime),
    uTime: String(order.updatedTime),
  }
}

export declare namespace classicOrderRecord {
  /** What the record is computed from besides the order. */
  type Options = {
    /** The fills of the sandbox (those of the order give `quoteVolume` and `totalProfits`). @default [] */
    fills?: readonly Fill[] | undefined
    /** Which endpoint answers the record. @default 'detail' */
    kind?: ClassicOrderKind | undefined
    /** The sandbox whose account settings give the order's leverage. @default none (leverage 1) */
    state?: SandboxState | undefined
  }
}

/**
 * A position as GET /api/v2/mix/position/all-position answers it (docs/records.md):
 * `holdSide` its side (a one-way position by its sign), `total` its size, `locked` what open
 * close orders hold and `available` the rest, `openDelegateSize` what open orders would add,
 * `marginSize` the margin at the position's leverage and margin mode (the account's settings) plus what set-margin added, `openPriceAvg` and `breakEvenPrice` the entry price,
 * `achievedProfits` what closing realised, `unrealizedPL` at the sandbox price, take-profit and
 * stop-loss `""` when none, `totalFee` the funding it received (paid: negative) and
 * `deductedFee` the trading fees it paid, from the ledger, `autoMargin` what set-auto-margin
 * set (`off` until then); no liquidation (`"0"`).
 *
 * @example
 * import { classicPositionRecord, createState } from '@tradeline/sandbox'
 * const state = createState({ seed: 1 })
 * classicPositionRecord(state, { uid: 'u', line: 'classic', category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'net', size: '-0.5', entryPrice: '60000' }).holdSide // 'short'
 */
export function classicPositionRecord(
  state: SandboxState,
  position: Position,
): Record<string, unknown> {
  const instrument = state.instruments.get(position.category, position.symbol)
  const { base, quote } = coinsOf(
    instrument ?? { symbol: position.symbol, category: position.category },
  )
  const inverse = position.category.toUpperCase() === 'COIN-FUTURES'
  const holdSide = holdSideOf(position)
  const size = big(position.size).abs()
  const entry = position.entryPrice
  const mark = state.prices.get(position.symbol) ?? entry
  const direction = holdSide === 'long' ? 1 : -1
  const { leverage, marginMode } = positionLeverageOf(state, position)
  const margin = big(entry).isZero()
    ? big('0')
    : (inverse ? size.div(entry) : size.times(entry))
        .div(leverage)
        .plus(addedMarginOf(state, position))
  const pnl =
    big(entry).isZero() || big(mark).isZero()
      ? big('0')
      : inverse
        ? size.times(big('1').div(entry).minus(big('1').div(mark))).times(direction)
        : size.times(big(mark).minus(entry)).times(direction)
  const { locked, opening } = heldByOrders(state, position, holdSide)
  const time = (ms: number | undefined) => String(ms ?? state.clock.now())
  const paid = openTotals(state, position, holdSide)
  return {
    marginCoin: inverse ? base : quote,
    symbol: position.symbol,
    holdSide,
    openDelegateSize: opening.toFixed(),
    marginSize: margin.toDecimalPlaces(8).toFixed(),
    available: size.minus(Big.min(size, locked)).toFixed(),
    locked: Big.min(size, locked).toFixed(),
    total: size.toFixed(),
    leverage,
    achievedProfits: position.realisedPnl ?? '0',
    openPriceAvg: entry,
    marginMode,
    posMode: position.side === 'net' ? 'one_way_mode' : 'hedge_mode',
    unrealizedPL: pnl.toDecimalPlaces(8).toFixed(),
    liquidationPrice: '0',
    keepMarginRate: '0',
    markPrice: mark,
    marginRatio: '0',
    breakEvenPrice: entry,
    totalFee: paid.funding,
    deductedFee: new Big(paid.fees).neg().toFixed(),
    grant: '',
    assetMode: 'single',
    autoMargin: autoMarginOf(state, position),
    takeProfit: position.takeProfit ?? '',
    stopLoss: position.stopLoss ?? '',
    takeProfitId: position.takeProfitId ?? '',
    stopLossId: position.stopLossId ?? '',
    cTime: time(position.createdTime),
    uTime: time(position.updatedTime),
  }
}

/** What the account's open classic orders of a position hold: closing (`locked`) and opening. */
function heldByOrders(
  state: SandboxState,
  position: Position,
  holdSide: 'long' | 'short',
): { locked: Big; opening: Big } {
  let locked = big('0')
  let opening = big('0')
  const closingSide = holdSide === 'long' ? 'sell' : 'buy'
  for (const order of state.orders.list({
    uid: position.uid,
    line: 'classic',
    symbol: position.symbol,
    statuses: openStatuses,
  })) {
    if (position.side !== 'net' && order.posSide !== position.side) continue
    if (position.side === 'net' && order.posSide !== undefined) continue
    const rest = big(order.qty).minus(order.filledQty)
    if (order.side === closingSide && isClosing(order)) locked = locked.plus(rest)
    else if (order.side !== closingSide) opening = opening.plus(rest)
  }
  return { locked, opening }
}
