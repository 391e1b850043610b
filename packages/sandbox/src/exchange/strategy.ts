/**
 * Strategy orders: stored with their type's fields; `tpsl`, `trigger` and `oco` trigger when
 * the admin price crosses and then place an ordinary order; an `oco`'s first leg cancels the
 * other; a `trailing_stop` trails from its activation price (the classic plan orders' trailing,
 * ./triggers.ts) and then places its order. `iceberg` and `twap` are stored, listed, modified
 * and cancelled.
 */
import { Category } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../envelope.js'
import { setField } from '../json.js'
import type { SandboxState } from '../state.js'
import { failures, parameterFailure, unknownSymbol } from './codes.js'
import { instrumentFor, placeOrder } from './matching.js'
import { reducible } from './positions.js'
import { type Trail, trail } from './triggers.js'
import type { StrategyOrder, StrategyType } from './types.js'

const big = (value: string): Big => new Big(value)
const common = new Set(['category', 'symbol', 'type', 'side', 'posSide', 'qty', 'clientOid'])

/** Places a strategy order (request normalised by the rules). */
export function placeStrategy(
  state: SandboxState,
  uid: string,
  request: Record<string, unknown>,
): { ok: true; order: StrategyOrder } | { ok: false; error: Failure } {
  const category = String(request.category).toUpperCase()
  const symbol = String(request.symbol)
  const price = state.prices.get(symbol)
  if (!instrumentFor(state, category, symbol)) return { ok: false, error: unknownSymbol(symbol) }
  if (price === undefined)
    return {
      ok: false,
      error: {
        code: '40017',
        msg: `parameter verification failed: symbol: no price for "${symbol}"`,
      },
    }
  const type = (request.type ?? 'tpsl') as StrategyType
  const clientOid =
    type === 'tpsl' && typeof request.clientOid === 'string' ? request.clientOid : null
  if (
    clientOid !== null &&
    [...state.strategies.values()].some((s) => s.uid === uid && s.clientOid === clientOid)
  )
    return { ok: false, error: failures.duplicate }
  const side = request.side as 'buy' | 'sell' | undefined
  const posSide = request.posSide as 'long' | 'short' | undefined
  const futures = Category.isFutures(category as Category.Category)
  if (type === 'tpsl' && futures) {
    const closing = closingSide(state, uid, category, symbol, side, posSide)
    if (big(reducible(state, { uid, category, symbol, side: closing, posSide })).isZero())
      return { ok: false, error: failures.noPosition }
  }
  const now = state.clock.now()
  const orderId = state.ids.orderId()
  const order: StrategyOrder = {
    orderId,
    clientOid,
    uid,
    category,
    symbol,
    type,
    status: 'live',
    ...(side !== undefined && { side }),
    ...(posSide !== undefined && { posSide }),
    ...(typeof request.qty === 'string' && { qty: request.qty }),
    params: Object.fromEntries(
      Object.entries(request).filter(([k, v]) => !common.has(k) && v !== undefined),
    ),
    placedAt: price,
    createdTime: now,
    updatedTime: now,
  }
  state.strategies.set(orderId, order)
  return { ok: true, order }
}

/** The side of the order that closes the position a tpsl protects. */
function closingSide(
  state: SandboxState,
  uid: string,
  category: string,
  symbol: string,
  side: 'buy' | 'sell' | undefined,
  posSide: 'long' | 'short' | undefined,
): 'buy' | 'sell' {
  if (posSide !== undefined) return posSide === 'long' ? 'sell' : 'buy'
  if (side !== undefined) return side
  if (!Category.isFutures(category as Category.Category)) return 'sell'
  const long = reducible(state, { uid, category, symbol, side: 'sell' })
  return big(long).isZero() ? 'buy' : 'sell'
}

/** The fields of a trigger order's trigger, modifiable on a trigger order only. */
const triggerFields = new Set([
  'triggerBy',
  'triggerPrice',
  'triggerOrderType',
  'triggerOrderPrice',
])
/** Each leg's order type and the limit price it needs when `limit`. */
const limitLegs = [
  ['tpOrderType', 'tpLimitPrice'],
  ['slOrderType', 'slLimitPrice'],
  ['triggerOrderType', 'triggerOrderPrice'],
] as const

/**
 * Changes the quantity, take-profit/stop-loss or trigger of a live strategy order (`0` removes a
 * take-profit or stop-loss price).
 */
export function modifyStrategy(
  state: SandboxState,
  order: StrategyOrder,
  changes: Record<string, unknown>,
): Failure | undefined {
  if (order.status !== 'live') return failures.closed
  const params: Record<string, unknown> = { ...order.params }
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'orderId' || key === 'clientOid' || key === 'qty' || value === undefined) continue
    // A trigger order's trigger changes on a trigger order only (the page lists the fields for
    // "trigger order"): on another type they would be kept and never read.
    if (triggerFields.has(key) && order.type !== 'trigger')
      return parameterFailure(`${key}: effective only when type=trigger`)
    if ((key === 'takeProfit' || key === 'stopLoss') && value === '0') delete params[key]
    else setField(params, key, value)
  }
  // A leg turned into a limit order needs its price, sent now or kept from before.
  for (const [type, price] of limitLegs)
    if (params[type] === 'limit' && params[price] === undefined)
      return parameterFailure(`${price}: required when ${type}=limit`)
  state.strategies.set(order.orderId, {
    ...order,
    params,
    ...(typeof changes.qty === 'string' && { qty: changes.qty }),
    updatedTime: state.clock.now(),
  })
  return undefined
}

/** Cancels a live strategy order. */
export function cancelStrategy(state: SandboxState, order: StrategyOrder): Failure | undefined {
  if (order.status !== 'live') return failures.closed
  state.strategies.set(order.orderId, {
    ...order,
    status: 'cancelled',
    updatedTime: state.clock.now(),
  })
  return undefined
}

const rises = (price: string, level: unknown) => typeof level === 'string' && big(price).gte(level)
const falls = (price: string, level: unknown) => typeof level === 'string' && big(price).lte(level)

/** Triggers the live strategy orders of `symbol` that the current price crosses. */
export function evaluateStrategies(state: SandboxState, symbol: string): void {
  const price = state.prices.get(symbol)
  if (price === undefined) return
  const live = [...state.strategies.values()].filter(
    (s) => s.symbol === symbol && s.status === 'live',
  )
  for (const s of live) {
    const p = s.params
    if (s.type === 'tpsl') {
      const side = closingSide(state, s.uid, s.category, s.symbol, s.side, s.posSide)
      const up = side === 'sell' ? 'takeProfit' : 'stopLoss'
      const down = side === 'sell' ? 'stopLoss' : 'takeProfit'
      const leg = rises(price, p[up]) ? up : falls(price, p[down]) ? down : undefined
      if (!leg) continue
      const type = leg === 'takeProfit' ? p.tpOrderType : p.slOrderType
      const limit = leg === 'takeProfit' ? p.tpLimitPrice : p.slLimitPrice
      const qty = p.tpslMode === 'partial' && s.qty ? s.qty : fullQty(state, s, side)
      trigger(state, s, leg, side, qty, type === 'limit' ? String(limit) : undefined, true)
    } else if (s.type === 'trigger') {
      const level = p.triggerPrice
      const upward = typeof level === 'string' && big(level).gt(s.placedAt)
      if (!(upward ? rises(price, level) : falls(price, level))) continue
      const limit = p.triggerOrderType === 'limit' ? String(p.triggerOrderPrice) : undefined
      trigger(state, s, 'trigger', s.side ?? 'buy', s.qty, limit, p.reduceOnly === 'yes')
    } else if (s.type === 'trailing_stop') {
      trailStrategy(state, s)
    } else if (s.type === 'oco') {
      // Every element is a pair of legs; the first leg of any element that the price reaches
      // places its order and cancels all the others (elements in list order).
      const buy = (s.side ?? 'buy') === 'buy'
      for (const leg of (p.ocoParams as Record<string, string>[] | undefined) ?? []) {
        if (buy ? falls(price, leg.ocoLimitPrice) : rises(price, leg.ocoLimitPrice)) {
          trigger(state, s, 'limit', s.side ?? 'buy', s.qty, leg.ocoLimitPrice, false)
          break
        }
        if (buy ? rises(price, leg.ocoTriggerPrice) : falls(price, leg.ocoTriggerPrice)) {
          trigger(
            state,
            s,
            'trigger',
            s.side ?? 'buy',
            s.qty,
            leg.ocoOrderType === 'limit' ? leg.ocoOrderPrice : undefined,
            false,
          )
          break
        }
      }
    }
  }
}

function fullQty(state: SandboxState, s: StrategyOrder, side: 'buy' | 'sell'): string | undefined {
  if (!Category.isFutures(s.category as Category.Category)) return s.qty
  const size = reducible(state, {
    uid: s.uid,
    category: s.category,
    symbol: s.symbol,
    side,
    posSide: s.posSide,
  })
  return big(size).isZero() ? undefined : size
}

/** Marks a strategy triggered by `leg` and places its order (one leg of an oco cancels the other). */
function trigger(
  state: SandboxState,
  s: StrategyOrder,
  leg: NonNullable<StrategyOrder['triggeredLeg']>,
  side: 'buy' | 'sell',
  qty: string | undefined,
  limit: string | undefined,
  closing: boolean,
): void {
  const futures = Category.isFutures(s.category as Category.Category)
  const hedge = futures && state.modeOf(s.uid, s.category) === 'hedge'
  const orderIds: string[] = []
  if (qty !== undefined) {
    const placed = placeOrder(state, s.uid, {
      category: s.category,
      symbol: s.symbol,
      side,
      qty,
      orderType: limit === undefined ? 'market' : 'limit',
      ...(limit !== undefined && { price: limit, pxAmendType: 'yes' as const }),
      ...(hedge && s.posSide !== undefined && { posSide: s.posSide }),
      ...(futures && !hedge && closing && { reduceOnly: 'yes' as const }),
    })
    if (placed.ok) orderIds.push(placed.order.orderId)
  }
  state.strategies.set(s.orderId, {
    ...s,
    status: 'triggered',
    triggeredLeg: leg,
    orderIds,
    updatedTime: state.clock.now(),
  })
}

/** Where each live `trailing_stop` of a sandbox stands (kept beside the state, not in its params). */
const trails = new WeakMap<SandboxState, Map<string, Trail>>()

/**
 * One price of a `trailing_stop` (its first `trailingStopParams` element): it starts trailing
 * when the price (`activationType` `mark`: the mark price) reaches `activationPrice` from the
 * side it was placed on, then places its order when the price turns back by `trailVariance`
 * (percent of the best price for `ratio`, a price distance for `spread`).
 */
function trailStrategy(state: SandboxState, s: StrategyOrder): void {
  const param = (s.params.trailingStopParams as Record<string, string>[] | undefined)?.[0]
  if (!param?.activationPrice || !param.trailVariance) return
  const last = state.prices.get(s.symbol)
  const price = param.activationType === 'mark' ? (state.marks.get(s.symbol) ?? last) : last
  if (price === undefined) return
  const upward = big(param.activationPrice).gt(s.placedAt)
  const reached = upward ? rises(price, param.activationPrice) : falls(price, param.activationPrice)
  const own = trails.get(state) ?? new Map<string, Trail>()
  trails.set(state, own)
  const variance = param.trailVariance
  const step = trail(
    own.get(s.orderId) ?? { active: false },
    { price, reached, selling: (s.side ?? 'buy') === 'sell' },
    (best) => (param.trailType === 'spread' ? variance : big(best).times(variance).div(100)),
  )
  own.set(s.orderId, step)
  if (!step.fire) return
  own.delete(s.orderId)
  const limit = param.preOrderType === 'limit' ? param.preOrderPrice : undefined
  trigger(state, s, 'trigger', s.side ?? 'buy', s.qty, limit, s.params.reduceOnly === 'yes')
}
