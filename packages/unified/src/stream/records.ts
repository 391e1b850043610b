/**
 * Push records read into the REST record types: the push-only field names (EXCHANGE-RECORDS 7)
 * renamed to the REST names and the lower-case spellings upper-cased, then read by the same
 * lenient schemas as the REST responses, so one type serves both.
 */
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
export const fastFillRecord = v.looseObject({
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

const readers: { [T in Topic]: (raw: Raw) => unknown } = {
  order: (raw) =>
    v.parse(orderRecord, upper(rename(raw, [['holdSide', 'posSide']]), 'category', 'reduceOnly')),
  fill: (raw) =>
    v.parse(
      fillRecord,
      upper(
        rename(raw, [
          ['execTime', 'createdTime'],
          ['holdSide', 'posSide'],
        ]),
        'category',
      ),
    ),
  position: (raw) =>
    v.parse(
      positionRecord,
      upper(
        rename(raw, [
          ['size', 'total'],
          ['marginSize', 'positionBalance'],
          ['totalFundingFee', 'totalFunding'],
          ['liqPrice', 'liquidationPrice'],
          ['openPriceAvg', 'avgPrice'],
          ['holdSide', 'posSide'],
        ]),
        'category',
      ),
    ),
  'strategy-order': (raw) => v.parse(strategyOrderRecord, upper({ ...raw }, 'category')),
  'fast-fill': (raw) =>
    v.parse(
      fastFillRecord,
      upper(
        rename(raw, [
          ['execTime', 'createdTime'],
          ['holdSide', 'posSide'],
        ]),
        'category',
      ),
    ),
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
 * Reads one pushed record of `topic` as its REST record type; throws a `ValiError` naming the
 * field when the record lacks what the type needs (an order without `orderId`).
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

/** The numeric fields of a position that a flat (`ended`) one shows as `""`, read as `null`. */
const positionNumbers = [
  'positionBalance',
  'available',
  'frozen',
  'total',
  'leverage',
  'curRealisedPnl',
  'avgPrice',
  'unrealisedPnl',
  'liquidationPrice',
  'mmr',
  'profitRate',
  'markPrice',
  'breakEvenPrice',
  'totalFunding',
  'openFeeTotal',
  'closeFeeTotal',
] as const

/**
 * A position as the exchange pushes it once closed: `positionStatus` `ended` and the numbers
 * empty; the stream reports so a position that a new snapshot no longer lists.
 *
 * @example
 * import { closedPosition, readPush } from '@tradeline/unified'
 * closedPosition(readPush('position', { symbol: 'BTCUSDT', size: '1', positionStatus: 'normal' })).positionStatus // 'ended'
 */
export function closedPosition(position: PositionRecord): PositionRecord {
  const out: Record<string, unknown> = { ...position, positionStatus: 'ended' }
  for (const field of positionNumbers) out[field] = null
  return out as PositionRecord
}
