/**
 * Modifications are asynchronous, as on the exchange: a modification waits for its result
 * (at once by default; after `delayMs` on the sandbox clock, or until released when held), and
 * while one waits the order takes no other. A modification that fails in matching cancels the
 * order when it asked for `autoCancel`; later modifications of that order are then rejected.
 * The preset take-profit/stop-loss change with the rest when the modification is applied:
 * `""` or omitted keeps a field, a new value replaces it, `0` cancels the take-profit or
 * stop-loss (its trigger source, order type and limit price go with it).
 */
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../envelope.js'
import { type Order, openStatuses } from '../orders.js'
import type { SandboxState } from '../state.js'
import { affords } from './balances.js'
import { applySettlement, settleClosing } from './classic/closing.js'
import { classicFailures, failures, parameterFailure } from './codes.js'
import { cancelOrder, crosses, enterOrder, fillOrder, withinBand } from './matching.js'
import type { Modification } from './types.js'

const big = (value: string): Big => new Big(value)

/** A modification as requested. */
export type ModifyRequest = {
  readonly qty?: string | undefined
  readonly price?: string | undefined
  readonly autoCancel?: 'yes' | 'no' | undefined
  readonly pxAmendType?: 'yes' | 'no' | undefined
  readonly requestId?: string | undefined
  readonly takeProfit?: string | undefined
  readonly stopLoss?: string | undefined
  readonly tpTriggerBy?: string | undefined
  readonly slTriggerBy?: string | undefined
  readonly tpOrderType?: string | undefined
  readonly slOrderType?: string | undefined
  readonly tpLimitPrice?: string | undefined
  readonly slLimitPrice?: string | undefined
}

/** The fields of each preset leg: its trigger price, trigger source, order type and limit price. */
const legs = [
  ['takeProfit', 'tpTriggerBy', 'tpOrderType', 'tpLimitPrice'],
  ['stopLoss', 'slTriggerBy', 'slOrderType', 'slLimitPrice'],
] as const

/** The take-profit/stop-loss fields a modification changes: those sent with a value (`""` keeps). */
export function presetChanges(request: ModifyRequest): Record<string, string> {
  const changes: Record<string, string> = {}
  for (const leg of legs)
    for (const field of leg) {
      const value = request[field]
      if (value !== undefined && value !== '') changes[field] = value
    }
  return changes
}

/**
 * The presets of `order` after `changes` ({@link presetChanges}): a value replaces the field, a
 * take-profit or stop-loss of `0` cancels that leg with its companions, and a leg turned to
 * `market` drops its limit price (effective only for the limit type).
 */
export function modifiedPresets(
  presets: Readonly<Record<string, string>> | undefined,
  changes: Readonly<Record<string, string>>,
): Record<string, string> {
  const next: Record<string, string> = { ...presets }
  for (const [price, triggerBy, type, limit] of legs) {
    const cancelled = changes[price] !== undefined && big(changes[price]).isZero()
    for (const field of [price, triggerBy, type, limit]) {
      if (cancelled) delete next[field]
      else if (changes[field] !== undefined) next[field] = changes[field]
    }
    if (next[type] === 'market') delete next[limit]
  }
  return next
}

/**
 * What the order's presets forbid of a modification's take-profit/stop-loss changes: a limit
 * price for a leg that stays `market` (or has no type: market by default), and a leg turned
 * `limit` without a limit price sent or kept, as place-order refuses the same pair.
 */
export function presetRefusal(
  order: Order,
  changes: Readonly<Record<string, string>>,
): Failure | undefined {
  const next = modifiedPresets(order.presets, changes)
  for (const [, , type, limit] of legs) {
    if (changes[limit] !== undefined && next[type] !== 'limit')
      return parameterFailure(`${limit}: effective only when ${type} is "limit"`)
    if (next[type] === 'limit' && next[limit] === undefined)
      return parameterFailure(`${limit}: required when ${type} is "limit"`)
  }
  return undefined
}

/**
 * Whether an order takes a modification now; the failure when it does not. "reduce-only orders
 * cannot be modified" is a rule of batch-modify-order only (checked by its route): a single
 * modify-order may change a reduce-only order.
 */
export function modifiable(state: SandboxState, order: Order): Failure | undefined {
  if (order.status === 'cancelled' && order.cancelReason === 'autoCancel')
    return failures.autoCancelled
  if (!openStatuses.includes(order.status)) return failures.closed
  if (state.modifications.some((m) => m.orderId === order.orderId)) return failures.inFlight
  return undefined
}

/**
 * Submits a modification of an open order. Applied at once (the default) it answers the
 * matching failure, if any; held or delayed it answers nothing and completes later.
 */
export function submitModification(
  state: SandboxState,
  order: Order,
  request: ModifyRequest,
  batch?: string | undefined,
): Failure | undefined {
  const refused = modifiable(state, order)
  if (refused) return refused
  const { hold, delayMs } = state.modificationSettings
  const presets = presetChanges(request)
  const modification: Modification = {
    orderId: order.orderId,
    changes: {
      qty: request.qty,
      price: request.price,
      ...(Object.keys(presets).length > 0 && { presets }),
    },
    autoCancel: request.autoCancel === 'yes',
    pxAmendType: request.pxAmendType === 'yes',
    ...(request.requestId !== undefined && { requestId: request.requestId }),
    ...(batch !== undefined && { batch }),
    dueAt: state.clock.now() + delayMs,
  }
  if (!hold && delayMs === 0) return applyModification(state, modification)
  state.modifications.push(modification)
  return undefined
}

/** Applies a modification now: its result on the order, or the matching failure. */
export function applyModification(
  state: SandboxState,
  modification: Modification,
  at?: number,
): Failure | undefined {
  if (modification.replace) return applyReplacement(state, modification, at)
  const order = state.orders.get(modification.orderId)
  if (!order || !openStatuses.includes(order.status)) return failures.closed
  const qty = modification.changes.qty ?? order.qty
  let price = modification.changes.price ?? order.price
  let failure: Failure | undefined
  if (big(qty).lt(order.filledQty)) failure = failures.belowFilled
  if (!failure && price !== undefined && modification.changes.price !== undefined) {
    price = withinBand(
      state,
      order.category,
      order.symbol,
      order.side,
      price,
      modification.pxAmendType,
    )
    if (price === undefined) failure = failures.band
  }
  const last = state.prices.get(order.symbol) ?? '0'
  const remaining = big(qty).minus(order.filledQty).toFixed()
  if (!failure && !affords(state, order.uid, order, remaining, price ?? last, order.orderId))
    failure = failures.balance
  if (failure) {
    if (modification.autoCancel) cancelOrder(state, order.orderId, 'autoCancel', at)
    return failure
  }
  const done = big(qty).lte(order.filledQty) && big(order.filledQty).gt(0)
  const presets = modification.changes.presets
  const updated = state.orders.update(order.orderId, {
    qty,
    ...(price !== undefined && { price }),
    ...(presets !== undefined && { presets: modifiedPresets(order.presets, presets) }),
    ...(done && { status: 'filled' as const }),
    updatedTime: at ?? state.clock.now(),
  })
  if (
    !done &&
    updated.orderType === 'limit' &&
    price !== undefined &&
    crosses(updated.side, price, last)
  )
    fillOrder(state, updated.orderId, remaining, last, { tradeScope: 'taker' })
  return undefined
}

/**
 * Applies a replacement (classic modify-order): the order is cancelled and the same order is
 * entered again under the new clientOid with the new size and price, then matched. Nothing
 * happens when the order closed meanwhile, when the new clientOid was taken meanwhile (`40786`)
 * or when the new size and price are not affordable (`40762`); the order is then kept as it was.
 */
export function applyReplacement(
  state: SandboxState,
  modification: Modification,
  at?: number,
): Failure | undefined {
  const replace = modification.replace
  const order = state.orders.get(modification.orderId)
  if (!replace || !order || !openStatuses.includes(order.status)) return failures.closed
  if (state.orders.byClientOid(order.uid, replace.newClientOid)) return classicFailures.duplicate
  const last = state.prices.get(order.symbol) ?? '0'
  let price = replace.price
  if (price !== undefined && price !== order.price) {
    price = withinBand(state, order.category, order.symbol, order.side, price, false)
    if (price === undefined) return failures.band
  }
  // The new order of a classic close order meets the close-order rules as a placement does.
  const settled =
    order.line === 'classic'
      ? settleClosing(state, order, replace.size, order.orderType, order.orderId)
      : undefined
  if (settled && !settled.ok) return settled.error
  if (!affords(state, order.uid, order, replace.size, price ?? last, order.orderId))
    return failures.balance
  applySettlement(state, settled, at)
  cancelOrder(state, order.orderId, 'replaced', at)
  const {
    orderId: _orderId,
    clientOid: _clientOid,
    filledQty: _filledQty,
    status: _status,
    avgPrice: _avgPrice,
    cancelReason: _cancelReason,
    createdTime: _createdTime,
    updatedTime: _updatedTime,
    qty: _qty,
    price: _price,
    ...kept
  } = order
  enterOrder(
    state,
    { ...kept, clientOid: replace.newClientOid, qty: replace.size, ...(price && { price }) },
    last,
  )
  return undefined
}

/** Applies every waiting modification that is due (oldest first) unless modifications are held. */
export function settleModifications(state: SandboxState, now: number): void {
  if (state.modificationSettings.hold) return
  while (true) {
    const next = state.modifications[0]
    if (!next || next.dueAt > now) return
    state.modifications.shift()
    applyModification(state, next, Math.max(next.dueAt, 0))
  }
}
