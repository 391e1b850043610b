/**
 * Test helpers for the classic routes: the paths from the rules' endpoint definitions, order
 * builders, and reads of a classic order or position through the sandbox's own endpoints.
 */
import { ClassicFutures } from '@tradeline/rules'
import type { Caller } from './unified.js'

/** The paths of the classic routes. */
export const classicPaths = {
  place: ClassicFutures.placeOrder.path,
  reverse: ClassicFutures.clickBackhand.path,
  batchPlace: ClassicFutures.batchPlaceOrder.path,
  modify: ClassicFutures.modifyOrder.path,
  cancel: ClassicFutures.cancelOrder.path,
  batchCancel: ClassicFutures.batchCancelOrders.path,
  detail: ClassicFutures.getOrderDetail.path,
  pending: ClassicFutures.getOrdersPending.path,
  cancelAll: ClassicFutures.cancelAllOrders.path,
  closePositions: ClassicFutures.closePositions.path,
  positions: '/api/v2/mix/position/all-position',
} as const

/** The pair of every classic call: BTCUSDT on USDT-FUTURES. */
export const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const

/** A classic BTCUSDT order (price 65000.0 by default: a limit buy at 60000 rests). */
export const order = (overrides: Record<string, unknown> = {}) => ({
  ...pair,
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '1',
  side: 'buy',
  orderType: 'limit',
  price: '60000',
  ...overrides,
})

/** A market order of BTCUSDT. */
export const market = (overrides: Record<string, unknown> = {}) =>
  order({ orderType: 'market', price: undefined, ...overrides })

/** Reads of the classic account through its endpoints. */
export function classicReads(api: Caller) {
  return {
    /** The order record of detail, by clientOid (or orderId). */
    async detail(ref: { clientOid?: string; orderId?: string }) {
      return (await api.get(classicPaths.detail, { ...pair, ...ref })).body
    },
    /** The positions of USDT-FUTURES, by hold side. */
    async positions(): Promise<Record<string, Record<string, string>>> {
      const { body } = await api.get(classicPaths.positions, { productType: 'USDT-FUTURES' })
      return Object.fromEntries((body.data as Record<string, string>[]).map((p) => [p.holdSide, p]))
    },
    /** The sizes held, `{ long, short }` ("0" when none). */
    async sizes(): Promise<{ long: string; short: string }> {
      const positions = await this.positions()
      return { long: positions.long?.total ?? '0', short: positions.short?.total ?? '0' }
    },
    /** The open orders (entrustedList, `[]` when null). */
    async pending(query: Record<string, string> = {}): Promise<Record<string, string>[]> {
      const { body } = await api.get(classicPaths.pending, {
        productType: 'USDT-FUTURES',
        ...query,
      })
      return body.data.entrustedList ?? []
    },
  }
}

/** What {@link classicAccount} needs of a started sandbox. */
type Started = {
  sandbox: {
    admin: import('../admin.js').Admin
  }
  as(credentials: import('./helpers.js').Credentials): Caller
}

let accounts = 0

/**
 * A fresh account (its own uid, one key) in the classic position mode asked, with a large USDT
 * balance, so each test starts flat; `hold` sets a classic BTCUSDT position at 65000.
 */
export function classicAccount(
  ctx: Started,
  mode: 'one_way' | 'hedge' = 'one_way',
  key: { eliteTrader?: boolean; permissions?: ('trade_rw' | 'trade_ro')[] } = {},
) {
  const uid = String(7_700_000_000 + ++accounts)
  const { admin } = ctx.sandbox
  const credentials = admin.addKey({ uid, accountMode: 'classic', ...key })
  admin.setClassicPositionMode(mode, { uid })
  admin.setBalance('USDT', '1000000000', uid)
  const api = ctx.as(credentials)
  return {
    uid,
    api,
    read: classicReads(api),
    /** Sets a classic BTCUSDT position (`net` signed in one-way mode). */
    hold(side: 'long' | 'short' | 'net', size: string, extra: Record<string, string> = {}) {
      return admin.setPosition({
        uid,
        line: 'classic',
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        side,
        size,
        entryPrice: '65000',
        marginMode: 'crossed',
        ...extra,
      })
    },
  }
}
