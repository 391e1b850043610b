/**
 * Classic reads: order detail, pending orders, the positions of a product type
 * (`all-position`, which the exchange documentation does not list and clients need to see
 * positions) and their auto-deleveraging ranks (`adlRank`).
 */
import { ClassicFutures, Decimal } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { classicFailures } from '../../exchange/codes.js'
import type { Outcome, Route } from '../../exchange.js'
import { type OrderStatus, openStatuses } from '../../orders.js'
import { classicAdlRankRecords } from '../../records/adlRank.js'
import { classicOrderRecord, classicPositionRecord } from '../../records/classic.js'
import { findClassicOrder, uidOf } from './common.js'

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/**
 * GET /api/v2/mix/order/detail: one classic order record (status key `state`), of the symbol
 * and product type asked; `orderId` wins; `40109` when there is none.
 */
export const orderDetailRoute: Route = {
  id: ClassicFutures.getOrderDetail.id,
  method: 'GET',
  path: ClassicFutures.getOrderDetail.path,
  auth: true,
  handle({ state, key, params }) {
    const order = findClassicOrder(state, uidOf(key), params)
    if (!order) return { error: classicFailures.detailNotFound }
    return { data: classicOrderRecord(order, { fills: state.fills, kind: 'detail', state }) }
  },
}

/** `a < b` for numeric order ids (ids that are not numbers never are). */
function idBelow(a: string, b: string): boolean {
  return /^\d+$/.test(a) && /^\d+$/.test(b) && Decimal.compare(a, b) < 0
}

/**
 * GET /api/v2/mix/order/orders-pending: the open classic orders of a product type (status key
 * `status`), newest first, filtered by symbol, orderId, clientOid, status and creation time;
 * a page holds at most `limit` (default and most 100) and `endId` is its last orderId, to pass
 * back as `idLessThan`. An empty page is `{ entrustedList: null, endId: null }`, as the exchange
 * answers it.
 */
export const ordersPendingRoute: Route = {
  id: ClassicFutures.getOrdersPending.id,
  method: 'GET',
  path: ClassicFutures.getOrdersPending.path,
  auth: true,
  handle({ state, key, params }) {
    const status = text(params.status) as OrderStatus | undefined
    const orderId = text(params.orderId)
    const clientOid = text(params.clientOid)
    const idLessThan = text(params.idLessThan)
    const start = text(params.startTime)
    const end = text(params.endTime)
    const all = state.orders
      .list({
        uid: uidOf(key),
        line: 'classic',
        category: String(params.productType),
        symbol: text(params.symbol),
        statuses: status === undefined ? openStatuses : [status],
        startTime: start === undefined ? undefined : Number(start),
        endTime: end === undefined ? undefined : Number(end),
      })
      .filter(
        (order) =>
          (orderId === undefined || order.orderId === orderId) &&
          (clientOid === undefined || order.clientOid === clientOid) &&
          (idLessThan === undefined || idBelow(order.orderId, idLessThan)),
      )
    const limit = Number(params.limit ?? 100)
    const page = all.slice(0, Number.isInteger(limit) && limit > 0 ? Math.min(limit, 100) : 100)
    if (page.length === 0) return { data: { entrustedList: null, endId: null } }
    return {
      data: {
        entrustedList: page.map((order) =>
          classicOrderRecord(order, { fills: state.fills, kind: 'pending', state }),
        ),
        endId: page.at(-1)?.orderId ?? null,
      },
    }
  },
}

/**
 * GET /api/v2/mix/position/all-position (docs/records.md): the account's open classic
 * positions of a product type (and margin coin), `[]` when flat; the query is checked by the
 * rules' `ClassicFutures.getAllPositions`.
 */
export const allPositionRoute: Route = {
  id: 'classic.getAllPositions',
  method: 'GET',
  path: '/api/v2/mix/position/all-position',
  auth: true,
  handle({ state, key, params }): Outcome {
    const uid = uidOf(key)
    const productType = String(params.productType).toUpperCase()
    const marginCoin = text(params.marginCoin)
    const list = [...state.positions.values()]
      .filter(
        (position) =>
          position.uid === uid &&
          position.line === 'classic' &&
          position.category.toUpperCase() === productType &&
          !new Big(position.size).isZero(),
      )
      .map((position) => classicPositionRecord(state, position))
      .filter((record) => marginCoin === undefined || record.marginCoin === marginCoin)
    return { data: list }
  },
}

/**
 * GET /api/v2/mix/position/adlRank: the auto-deleveraging rank of each open classic position of
 * the account in `productType`, `[{ symbol, marginCoin, adlRank, rank, holdSide }]`, `[]` without
 * one (records/adlRank.ts); the query is checked by the rules' `ClassicFutures.getAdlRank`.
 */
export const classicAdlRankRoute: Route = {
  id: ClassicFutures.getAdlRank.id,
  method: 'GET',
  path: ClassicFutures.getAdlRank.path,
  auth: true,
  handle: ({ state, key, params }) => ({
    data: classicAdlRankRecords(state, uidOf(key), String(params.productType)),
  }),
}
