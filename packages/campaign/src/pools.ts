/**
 * The orders the campaign places and the pools of live orders its modifications and cancels take
 * from (a call of an empty pool places instead).
 */
import type { Operation } from './plan.js'

/** An order a later modify or cancel can use. */
export type Live = {
  readonly orderId: string
  readonly clientOid: string
  /** A classic plan order's type. */
  readonly planType?: string | undefined
}

/**
 * The pools of live orders: unified, classic, the unified line's strategy orders, and the
 * classic plan orders (trigger orders and trailing stops; take-profits and stop-losses).
 */
export type Pool = 'unified' | 'classic' | 'strategy' | 'plan' | 'tpsl'

export const unifiedOrder = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
} as const
export const contract = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
export const classicOrder = {
  ...contract,
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '0.01',
  side: 'buy',
  orderType: 'limit',
  price: '30000',
} as const
/** The operation a modify or cancel of a pool falls back to when the pool is empty. */
export const needs: Partial<Record<Operation, Pool>> = {
  'unified.modify': 'unified',
  'unified.cancel': 'unified',
  'unified.batchCancel': 'unified',
  'unified.twinModify': 'unified',
  'unified.cancelVsFill': 'unified',
  'classic.modify': 'classic',
  'classic.cancel': 'classic',
  'classic.batchCancel': 'classic',
  'classic.twinModify': 'classic',
  'classic.cancelVsFill': 'classic',
  'classic.cancelVsModify': 'classic',
  'strategy.modify': 'strategy',
  'strategy.cancel': 'strategy',
  'plans.modify': 'plan',
  'plans.cancel': 'plan',
}
export const placementOf: Readonly<Record<Pool, Operation>> = {
  unified: 'unified.place',
  classic: 'classic.place',
  strategy: 'strategy.tpsl',
  plan: 'plans.place',
  tpsl: 'plans.placeTpsl',
}
