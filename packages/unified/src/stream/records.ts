/**
 * Push records read into the REST record types: the push-only field names (docs/records.md)
 * renamed to the REST names and the lower-case spellings upper-cased, then read by the same
 * lenient schemas as the REST responses, so one type serves both.
 */
import { FastFields as F, Fields, notCovered, readFast } from '@tradeline/core'
import * as v from 'valibot'
import { type AccountAssets, accountAssets } from '../schemas/account.js'
import { decimal, text } from '../schemas/fields.js'
import { type FillRecord, fillRecord, type OrderRecord, orderRecord } from '../schemas/order.js'
import { type PositionRecord, positionRecord } from '../schemas/position.js'
import { type StrategyOrderRecord, strategyOrderRecord } from '../schemas/strategy.js'

/**
 * A fill of the `fast-fill` topic: pushed sooner than `fill`, without fee, profit or value;
 * `execTime` read as `createdTime`, `holdSide` as `posSide`, the category upper-cased.
 */
export const fastFillRecord = Fields.record({
  execId: v.string(),
  orderId: v.string(),
  clientOid: text,
  category: text,
  symbol: text,
  side: text,
  posSide: text,
  execPrice: decimal,
  execQty: decimal,
  /** `taker` or `maker`. */
  tradeScope: text,
  createdTime: text,
  updatedTime: text,
})

/** A fill of the `fast-fill` topic. */
export type FastFillRecord = v.InferOutput<typeof fastFillRecord>

/** The private topics of the unified account and the record each pushes. */
export type Topics = {
  order: OrderRecord
  fill: FillRecord
  position: PositionRecord
  account: AccountAssets
  'strategy-order': StrategyOrderRecord
  'fast-fill': FastFillRecord
}

/** A private topic. */
export type Topic = keyof Topics

type Raw = Record<string, unknown>

const rename = (record: Raw, renames: readonly (readonly [string, string])[]): Raw => {
  const out: Raw = { ...record }
  for (const [from, to] of renames) {
    if (!(from in out)) continue
    if (out[to] === undefined) out[to] = out[from]
    delete out[from]
  }
  return out
}

const upper = (record: Raw, ...fields: string[]): Raw => {
  for (const field of fields)
    if (typeof record[field] === 'string') record[field] = (record[field] as string).toUpperCase()
  return record
}

/** A field under its REST name, or under the push's name when the REST one is absent. */
const either = (raw: Raw, own: string, push: string): unknown =>
  raw[own] === undefined && push in raw ? raw[push] : raw[own]

/** The fields an order or fill reader reads itself (the rest are kept as they come). */
const orderKnown = new Set([...Object.keys(orderRecord.entries), 'holdSide'])
const fillKnown = new Set([...Object.keys(fillRecord.entries), 'holdSide', 'execTime'])

/**
 * An order push as `orderRecord` reads it after the renames, as one object literal (the
 * stream's hot path); declines what the schema would refuse.
 */
const fastOrder = (r: Raw) =>
  F.rest(
    {
      orderId: F.string(r.orderId),
      clientOid: F.nullableString(r.clientOid, 'clientOid' in r),
      category: F.text(F.upper(r.category)),
      symbol: F.text(r.symbol),
      orderType: F.text(r.orderType),
      side: F.text(r.side),
      price: F.decimal(r.price),
      qty: F.decimal(r.qty),
      amount: F.decimal(r.amount),
      cumExecQty: F.decimal(r.cumExecQty),
      cumExecValue: F.decimal(r.cumExecValue),
      avgPrice: F.decimal(r.avgPrice),
      timeInForce: F.text(r.timeInForce),
      orderStatus: F.text(r.orderStatus),
      posSide: F.text(either(r, 'posSide', 'holdSide')),
      holdMode: F.text(r.holdMode),
      tradeSide: F.text(r.tradeSide),
      delegateType: F.text(r.delegateType),
      reduceOnly: F.text(F.upper(r.reduceOnly)),
      marginMode: F.text(r.marginMode),
      stpMode: F.text(r.stpMode),
      takeProfit: F.decimal(r.takeProfit),
      stopLoss: F.decimal(r.stopLoss),
      tpLimitPrice: F.decimal(r.tpLimitPrice),
      slLimitPrice: F.decimal(r.slLimitPrice),
      tpTriggerBy: F.text(r.tpTriggerBy),
      slTriggerBy: F.text(r.slTriggerBy),
      tpOrderType: F.text(r.tpOrderType),
      slOrderType: F.text(r.slOrderType),
      feeDetail: F.list(r.feeDetail, fastFee),
      cancelReason: F.text(r.cancelReason),
      execType: F.text(r.execType),
      createdTime: F.text(r.createdTime),
      updatedTime: F.text(r.updatedTime),
    },
    r,
    orderKnown,
  ) as OrderRecord

const feeKnown = new Set(['feeCoin', 'fee'])
const fastFee = (r: Raw) =>
  F.rest({ feeCoin: F.text(r.feeCoin), fee: F.decimal(r.fee) }, r, feeKnown)

/** A fill push as `fillRecord` reads it after the renames, as one object literal. */
const fastFill = (r: Raw) =>
  F.rest(
    {
      execId: F.string(r.execId),
      execLinkId: F.text(r.execLinkId),
      orderId: F.string(r.orderId),
      clientOid: F.text(r.clientOid),
      category: F.text(F.upper(r.category)),
      symbol: F.text(r.symbol),
      orderType: F.text(r.orderType),
      side: F.text(r.side),
      posSide: F.text(either(r, 'posSide', 'holdSide')),
      tradeSide: F.text(r.tradeSide),
      execPrice: F.decimal(r.execPrice),
      execQty: F.decimal(r.execQty),
      execValue: F.decimal(r.execValue),
      tradeScope: F.text(r.tradeScope),
      feeDetail: F.list(r.feeDetail, fastFee),
      execPnl: F.decimal(r.execPnl),
      isRPI: F.text(r.isRPI),
      createdTime: F.text(either(r, 'createdTime', 'execTime')),
      updatedTime: F.text(r.updatedTime),
    },
    r,
    fillKnown,
  ) as FillRecord

/**
 * A reader of one topic: the renames and upper-casing, then the topic's REST schema; first the
 * literal reader when the topic has one (the stream's hot path), which gives the same record or
 * declines, and valibot then gives the record or the error naming the field.
 */
function reader(
  schema: v.GenericSchema,
  renames: readonly (readonly [string, string])[],
  uppers: readonly string[],
  fast?: (raw: Raw) => unknown,
): (raw: Raw) => unknown {
  return (raw) => {
    if (fast !== undefined) {
      const record = readFast(fast, raw)
      if (record !== notCovered) return record
    }
    return v.parse(schema, upper(rename(raw, renames), ...uppers))
  }
}

const pushFill = [
  ['execTime', 'createdTime'],
  ['holdSide', 'posSide'],
] as const

const positionRenames = [
  ['size', 'total'],
  ['marginSize', 'positionBalance'],
  ['totalFundingFee', 'totalFunding'],
  ['liqPrice', 'liquidationPrice'],
  ['openPriceAvg', 'avgPrice'],
  ['holdSide', 'posSide'],
] as const

const readers: { [T in Topic]: (raw: Raw) => unknown } = {
  order: reader(orderRecord, [['holdSide', 'posSide']], ['category', 'reduceOnly'], fastOrder),
  fill: reader(fillRecord, pushFill, ['category'], fastFill),
  position: reader(positionRecord, positionRenames, ['category']),
  'strategy-order': reader(strategyOrderRecord, [], ['category']),
  'fast-fill': reader(fastFillRecord, pushFill, ['category']),
  account: (raw) => {
    const out = rename(raw, [
      ['totalEquity', 'accountEquity'],
      ['unrealisedPnL', 'unrealisedPnl'],
      ['coin', 'assets'],
    ])
    if (Array.isArray(out.assets))
      out.assets = out.assets.map((coin) =>
        typeof coin === 'object' && coin !== null ? rename(coin as Raw, [['debts', 'debt']]) : coin,
      )
    return v.parse(accountAssets, out)
  },
}

/**
 * Reads one pushed record of `topic` as its REST record type; throws valibot's `ValiError` (its `issues`) naming the
 * field when the record lacks what the type needs (an order without `orderId`).
 * In Node the package bundles the valibot it uses, so tell the error by `error.name ===
 * 'ValiError'` and its `issues`: the `instanceof` of your own copy of valibot (`v.isValiError`)
 * is true only in a bundler's build.
 *
 * @example
 * import { readPush } from '@tradeline/unified'
 * readPush('fill', { execId: '1', orderId: '2', execTime: '1700000000000', holdSide: 'long', category: 'usdt-futures' }).createdTime // '1700000000000'
 */
export function readPush<T extends Topic>(topic: T, record: unknown): Topics[T] {
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    throw new TypeError(`the ${topic} push record must be an object`)
  return readers[topic](record as Raw) as Topics[T]
}

const positionKeyFields = v.pick(positionRecord, [
  'category',
  'symbol',
  'posSide',
  'marginCoin',
  'marginMode',
])

/**
 * Reads only the fields that key a pushed position (`category` upper-cased, `symbol`,
 * `holdSide` as `posSide`, `marginCoin`, `marginMode`): the key of a record that did not read
 * whole, so that a snapshot with it still lists it. Throws when those do not read either.
 */
export function readPositionKeyFields(record: unknown): v.InferOutput<typeof positionKeyFields> {
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    throw new TypeError('the position push record must be an object')
  return v.parse(positionKeyFields, upper(rename(record as Raw, positionRenames), 'category'))
}

/**
 * A flat (`ended`) position as the exchange's example shows it: its sizes, margin and results
 * `"0"`, its fee totals and the rates and prices of an open position `""` (read as `null`), its
 * leverage and mark price kept.
 */
const endedZero = [
  'positionBalance',
  'available',
  'frozen',
  'total',
  'curRealisedPnl',
  'avgPrice',
  'unrealisedPnl',
  'totalFunding',
] as const
const endedEmpty = [
  'liquidationPrice',
  'mmr',
  'profitRate',
  'breakEvenPrice',
  'openFeeTotal',
  'closeFeeTotal',
] as const

/**
 * A position as the exchange pushes it once closed (`positionStatus` `ended`, the numbers of its
 * ended example); the stream reports so a position that a new snapshot no longer lists.
 *
 * @example
 * import { readPush } from '@tradeline/unified'
 * import { closedPosition } from './stream/records.js'
 * closedPosition(readPush('position', { symbol: 'BTCUSDT', size: '1', positionStatus: 'normal' })).total // '0'
 */
export function closedPosition(position: PositionRecord): PositionRecord {
  const out: Record<string, unknown> = { ...position, positionStatus: 'ended' }
  for (const field of endedZero) out[field] = '0'
  for (const field of endedEmpty) out[field] = null
  return out as PositionRecord
}
