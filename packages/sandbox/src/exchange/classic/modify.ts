/**
 * Classic modify-order: what changes is the rules' `modifyEffect`. A size or
 * price change cancels the order and re-creates it under `newClientOid` (a new orderId), as a
 * modification of the shared machinery: at once by default, later when modifications are held
 * or delayed (admin), so the new orderId is not known when the call is answered; the new order
 * keeps the presets, which must lie on their side of its new price. A take-profit or stop-loss
 * change keeps the order; a new one on the wrong side of the order's price is refused as
 * place-order refuses a preset (`presetDirection.ts`).
 */
import { ClassicFutures } from '@tradeline/rules'
import type { Failure } from '../../envelope.js'
import { type Order, openStatuses } from '../../orders.js'
import type { SandboxState } from '../../state.js'
import { affords } from '../balances.js'
import { classicFailures, failures } from '../codes.js'
import { applyReplacement } from '../modify.js'
import type { Modification } from '../types.js'
import { settleClosing } from './closing.js'
import { modifiedWrongSide, replacedWrongSide } from './presetDirection.js'

/** A classic modify-order request after the rules' check. */
export type ClassicModifyRequest = {
  readonly newClientOid: string
  readonly newSize?: string | undefined
  readonly newPrice?: string | undefined
  readonly newPresetStopSurplusPrice?: string | undefined
  readonly newPresetStopLossPrice?: string | undefined
}

/** The acknowledgement: `orderId` is `null` when the order is replaced (its new id comes later). */
export type ClassicModified =
  | { readonly ok: true; readonly orderId: string | null; readonly clientOid: string }
  | { readonly ok: false; readonly error: Failure }

/**
 * Modifies an open classic order: only a pending limit order in new status (`live`) takes a
 * modification (a partly filled or market-type one answers `40017`, a closed one `43020`, one
 * whose earlier modification still waits `43021`).
 */
export function modifyClassicOrder(
  state: SandboxState,
  order: Order,
  request: ClassicModifyRequest,
): ClassicModified {
  if (!openStatuses.includes(order.status)) return { ok: false, error: failures.closed }
  if (state.modifications.some((m) => m.orderId === order.orderId))
    return { ok: false, error: failures.inFlight }
  const presets = order.presets ?? {}
  const effect = ClassicFutures.modifyEffect(
    {
      orderType: order.orderType,
      status: order.status,
      size: order.qty,
      price: order.price,
      presetStopSurplusPrice: presets.presetStopSurplusPrice,
      presetStopLossPrice: presets.presetStopLossPrice,
    },
    request,
  )
  const kept = { ok: true as const, orderId: order.orderId, clientOid: order.clientOid }
  switch (effect.kind) {
    case 'rejected':
      return { ok: false, error: classicFailures.notModifiable }
    case 'unchanged':
      return kept
    case 'update_tpsl': {
      // A new take-profit/stop-loss waits on the side place-order holds a preset to.
      const last = state.prices.get(order.symbol) ?? '0'
      const wrong = modifiedWrongSide(order, request, last)
      if (wrong) return { ok: false, error: wrong }
      const next: Record<string, string> = { ...presets }
      const set = (price: string | undefined, field: string, execute: string) => {
        if (price !== undefined) next[field] = price
        else {
          delete next[field]
          delete next[execute]
        }
      }
      set(effect.presetStopSurplusPrice, 'presetStopSurplusPrice', 'presetStopSurplusExecutePrice')
      set(effect.presetStopLossPrice, 'presetStopLossPrice', 'presetStopLossExecutePrice')
      state.orders.update(order.orderId, { presets: next, updatedTime: state.clock.now() })
      return kept
    }
    case 'replace': {
      const { newClientOid } = request
      if (state.orders.byClientOid(order.uid, newClientOid))
        return { ok: false, error: classicFailures.duplicate }
      const last = state.prices.get(order.symbol) ?? '0'
      // The re-created order's presets wait on the side place-order holds them to.
      const misplaced = replacedWrongSide(order, effect.price, last)
      if (misplaced) return { ok: false, error: misplaced }
      const settled = settleClosing(state, order, effect.size, order.orderType, order.orderId)
      if (settled && !settled.ok) return { ok: false, error: settled.error }
      if (!affords(state, order.uid, order, effect.size, effect.price ?? last, order.orderId))
        return { ok: false, error: failures.balance }
      const { hold, delayMs } = state.modificationSettings
      const modification: Modification = {
        orderId: order.orderId,
        changes: {},
        autoCancel: false,
        pxAmendType: false,
        dueAt: state.clock.now() + delayMs,
        replace: { newClientOid, size: effect.size, price: effect.price },
      }
      if (hold || delayMs > 0) state.modifications.push(modification)
      else {
        const failed = applyReplacement(state, modification)
        if (failed) return { ok: false, error: failed }
      }
      return { ok: true, orderId: null, clientOid: newClientOid }
    }
  }
}
