/**
 * Orders and fills as the exchange answers them (docs/records.md): the order record of
 * order-info, unfilled-orders and history-orders, and the fill record of fills. The sandbox keeps
 * its own state; these functions shape it at the route boundary.
 */
import { Category } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { coinsOf } from '../exchange/balances.js'
import type { Fill } from '../exchange/types.js'
import type { Order } from '../orders.js'
import type { SandboxInstrument } from '../state.js'

const big = (value: string): Big => new Big(value)

/** The take-profit and stop-loss fields of an order record, `""` when unset. */
const presetFields = [
  'takeProfit',
  'stopLoss',
  'tpTriggerBy',
  'slTriggerBy',
  'tpOrderType',
  'slOrderType',
  'tpLimitPrice',
  'slLimitPrice',
] as const

/**
 * The sandbox's cancel reasons by the exchange's names where docs/records.md has one
 * (`normal_cancel`, `ioc_not_full_cancel`); the others keep the sandbox's own names (the full
 * list is not published).
 */
export const cancelReasons: Readonly<Record<string, string>> = {
  user: 'normal_cancel',
  ioc: 'ioc_not_full_cancel',
}

/** The list an order record is read from: `execType` and `cancelReason` are not on open orders. */
export type OrderRecordKind = 'info' | 'open' | 'history'

/** Whether an order is a futures order. */
function isFutures(category: string): boolean {
  const normalized = Category.normalize(category)
  return normalized !== undefined && Category.isFutures(normalized)
}

/** A spot market buy: its `qty` is the quote amount (exchange documentation), answered as `amount`. */
function isQuoteAmount(order: Pick<Order, 'category' | 'orderType' | 'side'>): boolean {
  return !isFutures(order.category) && order.orderType === 'market' && order.side === 'buy'
}

/**
 * `open` or `close`: a futures order closes in hedge mode when its side is against its
 * `posSide`, in one-way mode when it is reduce-only; spot orders are `open` (as the exchange's
 * spot example shows).
 */
export function tradeSideOf(order: Pick<Order, 'side' | 'posSide' | 'reduceOnly'>): string {
  if (order.posSide !== undefined)
    return (order.posSide === 'long') === (order.side === 'buy') ? 'open' : 'close'
  return order.reduceOnly === 'yes' ? 'close' : 'open'
}

/**
 * The coin a fill's fee is charged in: the base coin on a spot buy, the quote coin on a spot
 * sell, the margin coin on futures.
 */
function feeCoinOf(
  order: Pick<Order, 'category' | 'side' | 'symbol'>,
  instrument: SandboxInstrument | undefined,
): string {
  const { base, quote } = coinsOf(instrument ?? { symbol: order.symbol, category: order.category })
  if (order.category.toUpperCase() === 'COIN-FUTURES') return base
  if (isFutures(order.category)) return quote
  return order.side === 'buy' ? base : quote
}

/**
 * An order as order-info, unfilled-orders and history-orders answer it (docs/records.md):
 * decimal strings, `price` `"0"` for a market order, a spot market buy's quote amount in
 * `amount` (its `qty` `"0"`), `reduceOnly` `YES`/`NO`, take-profit/stop-loss fields `""` when
 * unset, `feeDetail` an array (the fee its fills paid once filled, `"0"` without fees; nulls before),
 * `cancelReason` and `execType` on `info` and `history` only.
 *
 * @example
 * import { createSandboxApp, orderRecord } from '@tradeline/sandbox'
 * const { admin } = createSandboxApp()
 * orderRecord(admin.addOrder({ symbol: 'BTCUSDT', category: 'SPOT', side: 'buy', orderType: 'market', qty: '1' })).reduceOnly // 'NO'
 */
export function orderRecord(
  order: Order,
  options: orderRecord.Options = {},
): Record<string, unknown> {
  const { fills = [], instrument, kind = 'info' } = options
  const own = fills.filter((fill) => fill.orderId === order.orderId)
  const value = own.reduce((sum, fill) => sum.plus(big(fill.qty).times(fill.price)), big('0'))
  const futures = isFutures(order.category)
  const quoteAmount = isQuoteAmount(order)
  const presets = order.presets ?? {}
  const filled = !big(order.filledQty).isZero()
  // The unified records give the fee paid as a positive amount; the ledger keeps it negative.
  const fee = own.reduce((sum, fill) => sum.minus(fill.fee ?? '0'), big('0'))
  return {
    orderId: order.orderId,
    clientOid: order.clientOid,
    category: order.category.toUpperCase(),
    symbol: order.symbol,
    orderType: order.orderType,
    side: order.side,
    price: order.price ?? '0',
    qty: quoteAmount ? '0' : order.qty,
    amount: quoteAmount ? order.qty : '0',
    cumExecQty: order.filledQty,
    cumExecValue: value.toFixed(),
    avgPrice: order.avgPrice ?? '0',
    timeInForce: order.timeInForce ?? '',
    orderStatus: order.status,
    posSide: order.posSide ?? '',
    holdMode: futures ? (order.posSide === undefined ? 'one_way_mode' : 'hedge_mode') : '',
    tradeSide: tradeSideOf(order),
    delegateType: 'normal',
    reduceOnly: order.reduceOnly === 'yes' ? 'YES' : 'NO',
    marginMode: order.marginMode ?? 'crossed',
    stpMode: order.stpMode ?? 'none',
    ...Object.fromEntries(presetFields.map((field) => [field, presets[field] ?? ''])),
    feeDetail: filled
      ? [{ feeCoin: feeCoinOf(order, instrument), fee: fee.toFixed() }]
      : [{ feeCoin: null, fee: null }],
    ...(kind !== 'open' && {
      cancelReason:
        order.cancelReason === undefined
          ? ''
          : (cancelReasons[order.cancelReason] ?? order.cancelReason),
      execType: futures ? 'normal' : '',
    }),
    createdTime: String(order.createdTime),
    updatedTime: String(order.updatedTime),
  }
}

export declare namespace orderRecord {
  /** What the record is computed from besides the order. */
  type Options = {
    /** The fills of the sandbox (those of the order give `cumExecValue`). @default [] */
    fills?: readonly Fill[] | undefined
    /** The order's instrument (its coins give the fee coin). @default the coins of the symbol */
    instrument?: SandboxInstrument | undefined
    /** Which endpoint answers the record. @default 'info' */
    kind?: OrderRecordKind | undefined
  }
}

/**
 * A fill as GET /api/v3/trade/fills answers it (docs/records.md): `execPrice`, `execQty`,
 * `execValue`, `tradeScope`, `feeDetail` (the fee paid, positive; `"0"` without fees), `execPnl` (the realised
 * profit of a futures closing fill, else `"0"`), `isRPI` `no`, times as millisecond strings.
 *
 * @example
 * import { fillRecord } from '@tradeline/sandbox'
 * fillRecord({ execId: '1', orderId: '2', clientOid: 'c', uid: 'u', category: 'SPOT', symbol: 'ETHUSDT', side: 'buy', price: '3000', qty: '0.5', ts: 1 }).execValue // '1500'
 */
export function fillRecord(fill: Fill, options: fillRecord.Options = {}): Record<string, unknown> {
  const { order, instrument } = options
  const shaped = {
    side: fill.side,
    posSide: order?.posSide,
    reduceOnly: order?.reduceOnly,
    category: fill.category,
    symbol: fill.symbol,
  }
  return {
    execId: fill.execId,
    execLinkId: fill.execId,
    orderId: fill.orderId,
    clientOid: fill.clientOid,
    category: fill.category.toUpperCase(),
    symbol: fill.symbol,
    orderType: order?.orderType ?? 'limit',
    side: fill.side,
    posSide: shaped.posSide ?? '',
    execPrice: fill.price,
    execQty: fill.qty,
    execValue: big(fill.qty).times(fill.price).toFixed(),
    tradeScope: fill.tradeScope ?? 'taker',
    tradeSide: tradeSideOf(shaped),
    feeDetail: [
      {
        feeCoin: feeCoinOf(shaped, instrument),
        fee: big('0')
          .minus(fill.fee ?? '0')
          .toFixed(),
      },
    ],
    execPnl: fill.pnl ?? '0',
    isRPI: 'no',
    createdTime: String(fill.ts),
    updatedTime: String(fill.ts),
  }
}

export declare namespace fillRecord {
  /** What the record is computed from besides the fill. */
  type Options = {
    /** The fill's order (its type, `posSide` and `reduceOnly`). @default none: `limit`, open */
    order?: Order | undefined
    /** The fill's instrument (its coins give the fee coin). @default the coins of the symbol */
    instrument?: SandboxInstrument | undefined
  }
}
