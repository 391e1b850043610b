/**
 * The classic private WebSocket's push records read into the client's REST record types:
 * an `orders` push as an order-detail record (`instId` → `symbol`, `status` → `state`,
 * `accBaseVolume` → `baseVolume`, the doc's `clientOId` → `clientOid`, `reduceOnly`
 * upper-cased), a `fill` push as a fill record, a `positions` push as a position record
 * (`instId` → `symbol`, `frozen` → `locked`, a JSON-number `leverage` as text), and the
 * push-only records (`account`, `orders-algo`) by their own schemas. Push-only fields are
 * kept; the push's `baseVolume` of an order (the last fill's quantity, where REST's is the
 * filled total) is kept as `fillBaseVolume`.
 */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'
import {
  type FillRecord,
  fillRecord,
  type OrderDetail,
  orderDetail,
  type PositionRecord,
  positionRecord,
} from '../schemas/records.js'

const { decimal, id, text } = Fields

/**
 * An item of the `account` channel: one margin coin's `available`, `frozen`, `equity`,
 * `usdtEquity`, `maxOpenPosAvailable`, `maxTransferOut` (and, on newer pushes,
 * `crossedRiskRate` and `unrealizedPL`).
 */
export const accountRecord = Fields.record({
  marginCoin: text,
  frozen: decimal,
  available: decimal,
  maxOpenPosAvailable: decimal,
  maxTransferOut: decimal,
  equity: decimal,
  usdtEquity: decimal,
  crossedRiskRate: decimal,
  unrealizedPL: decimal,
})
/** One margin coin of the account as the stream pushes it. */
export type AccountRecord = v.InferOutput<typeof accountRecord>

/**
 * An item of the `orders-algo` channel (plan orders): `planType`, `triggerPrice`,
 * `triggerType`, `price`, `size`, `actualSize`, `status` (`live`, `executed`, `cancelled`,
 * ...), read with `instId` as `symbol`.
 */
export const planOrderRecord = Fields.record({
  symbol: text,
  orderId: id,
  clientOid: v.optional(v.nullable(id), null),
  planType: text,
  triggerPrice: decimal,
  triggerType: text,
  triggerTime: text,
  price: decimal,
  size: decimal,
  actualSize: decimal,
  orderType: text,
  side: text,
  tradeSide: text,
  posSide: text,
  marginCoin: text,
  status: text,
  posMode: text,
  enterPointSource: text,
  stopSurplusTriggerType: text,
  stopLossTriggerType: text,
  cTime: text,
  uTime: text,
})
/** A plan order as the stream pushes it. */
export type PlanOrderRecord = v.InferOutput<typeof planOrderRecord>

/** The channels of the classic private stream and the record each gives. */
export type Topics = {
  orders: OrderDetail
  fill: FillRecord
  positions: PositionRecord
  account: AccountRecord
  'orders-algo': PlanOrderRecord
}

/** A channel of the classic private stream. */
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

const positionRenames = [
  ['instId', 'symbol'],
  ['frozen', 'locked'],
] as const

const readers: { [T in Topic]: (raw: Raw) => Topics[T] } = {
  orders: (raw) => {
    // REST's baseVolume is the filled total; the push's is the last fill's quantity.
    const { baseVolume: lastFill, ...rest } = raw
    const out = rename(rest, [
      ['instId', 'symbol'],
      ['status', 'state'],
      ['accBaseVolume', 'baseVolume'],
      ['clientOId', 'clientOid'],
    ])
    if (lastFill !== undefined) out.fillBaseVolume = lastFill
    if (typeof out.reduceOnly === 'string') out.reduceOnly = out.reduceOnly.toUpperCase()
    return v.parse(orderDetail, out)
  },
  fill: (raw) => v.parse(fillRecord, rename(raw, [['instId', 'symbol']])),
  positions: (raw) => v.parse(positionRecord, rename(raw, positionRenames)),
  account: (raw) => v.parse(accountRecord, raw),
  'orders-algo': (raw) => v.parse(planOrderRecord, rename(raw, [['instId', 'symbol']])),
}

/**
 * Reads one pushed record of `topic` as its record type; throws valibot's `ValiError` (its `issues`) naming the
 * field when the record lacks what the type needs (an order without `orderId`).
 * In Node the package bundles the valibot it uses, so tell the error by `error.name ===
 * 'ValiError'` and its `issues`: the `instanceof` of your own copy of valibot (`v.isValiError`)
 * is true only in a bundler's build.
 *
 * @example
 * import { readClassicPush } from '@tradeline/classic-futures'
 * readClassicPush('orders', { orderId: '1', instId: 'BTCUSDT', status: 'live', accBaseVolume: '0' }).state // 'live'
 */
export function readClassicPush<T extends Topic>(topic: T, record: unknown): Topics[T] {
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    throw new TypeError(`the ${topic} push record must be an object`)
  return readers[topic](record as Raw)
}

/** The fields that key a position and a margin coin, read as the whole record reads them. */
const keyFields = {
  positions: v.pick(positionRecord, ['symbol', 'holdSide', 'marginCoin', 'marginMode']),
  account: v.pick(accountRecord, ['marginCoin']),
}

/**
 * Reads only the key fields of a pushed position (`instId` as `symbol`, `holdSide`,
 * `marginCoin`, `marginMode`) or margin coin (`marginCoin`): the key of a record that did not
 * read whole (a number of more digits than a double keeps elsewhere in it), so that a snapshot
 * with it still lists it. Throws when those fields do not read either.
 */
export function readClassicKeyFields<T extends 'positions' | 'account'>(
  topic: T,
  record: unknown,
): Pick<Topics[T], keyof v.InferOutput<(typeof keyFields)[T]>> {
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    throw new TypeError(`the ${topic} push record must be an object`)
  const raw = topic === 'positions' ? rename(record as Raw, positionRenames) : (record as Raw)
  return v.parse(keyFields[topic], raw) as never
}

/**
 * An order of the pending or history list (status in `status`) in the order-detail shape the
 * stream emits (status in `state`).
 *
 * @example
 * import { asOrderDetail } from '@tradeline/classic-futures'
 * asOrderDetail({ orderId: '1', status: 'filled' }).state // 'filled'
 */
export function asOrderDetail(order: Readonly<Record<string, unknown>>): OrderDetail {
  const { status, ...rest } = order
  return v.parse(orderDetail, { ...rest, state: rest.state ?? status })
}

/** The numbers of a position that read zero once it is closed. */
const closedNumbers = [
  'total',
  'available',
  'locked',
  'marginSize',
  'unrealizedPL',
  'openDelegateSize',
] as const

/**
 * A position's last state marked closed: `total`, `available`, `locked`, `marginSize` and
 * `unrealizedPL` `"0"`, and `closed: true`. The exchange reports a closed position by leaving
 * it out of the next `positions` push.
 *
 * @example
 * import { closedPosition } from '@tradeline/classic-futures'
 * closedPosition({ symbol: 'BTCUSDT', holdSide: 'long', total: '1' } as never).total // '0'
 */
export function closedPosition(position: PositionRecord): PositionRecord {
  const out: Record<string, unknown> = { ...position, closed: true }
  for (const field of closedNumbers) if (field in out) out[field] = '0'
  out.total = '0'
  return out as PositionRecord
}

/** Whether a position record is closed (marked so, or of size zero). */
export function isClosedPosition(position: PositionRecord): boolean {
  return (
    (position as { closed?: unknown }).closed === true ||
    (position.total !== null && /^-?0*(\.0*)?$/.test(position.total))
  )
}
