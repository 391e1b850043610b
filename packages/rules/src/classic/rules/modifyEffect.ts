/**
 * What a classic modify-order does to a pending order (modify-order rules). Pure,
 * so the sandbox and a client's local book agree.
 */
import * as Decimal from '../../Decimal.js'

/** The pending order being modified, as the exchange holds it. */
export type ModifiedOrder = {
  readonly orderType: 'limit' | 'market'
  /** Order status; only `new` (the exchange also calls it `live`) can be modified. */
  readonly status: string
  readonly size: string
  readonly price?: string | undefined
  readonly presetStopSurplusPrice?: string | undefined
  readonly presetStopLossPrice?: string | undefined
}

/** The change fields of a modify-order request. */
export type Modification = {
  readonly newSize?: string | undefined
  readonly newPrice?: string | undefined
  readonly newPresetStopSurplusPrice?: string | undefined
  readonly newPresetStopLossPrice?: string | undefined
}

/**
 * The effect of a modification: rejected unless the order is a pending limit order in new
 * status; a size or price change replaces the order (its take-profit/stop-loss unchanged);
 * otherwise the take-profit/stop-loss change in place (`""` keeps, `0` deletes, a value sets,
 * and a side that is not sent while the other is, is cancelled).
 *
 * @example
 * import { ClassicFutures } from '@tradeline/rules'
 * ClassicFutures.modifyEffect(
 *   { orderType: 'limit', status: 'new', size: '1', price: '100', presetStopLossPrice: '90' },
 *   { newPresetStopSurplusPrice: '120' },
 * )
 * // { kind: 'update_tpsl', presetStopSurplusPrice: '120', presetStopLossPrice: undefined }
 */
export function modifyEffect(order: ModifiedOrder, change: Modification): modifyEffect.ReturnType {
  if (order.orderType !== 'limit' || (order.status !== 'new' && order.status !== 'live'))
    return { kind: 'rejected', reason: 'not_modifiable' }
  const size = given(change.newSize)
  const price = given(change.newPrice)
  if (size !== undefined || price !== undefined)
    return {
      kind: 'replace',
      size: size ?? order.size,
      price: price ?? order.price,
      presetStopSurplusPrice: order.presetStopSurplusPrice,
      presetStopLossPrice: order.presetStopLossPrice,
    }
  const surplus = change.newPresetStopSurplusPrice
  const loss = change.newPresetStopLossPrice
  if (surplus === undefined && loss === undefined) return { kind: 'unchanged' }
  return {
    kind: 'update_tpsl',
    presetStopSurplusPrice: preset(surplus, order.presetStopSurplusPrice),
    presetStopLossPrice: preset(loss, order.presetStopLossPrice),
  }
}

/** A size or price that changes something: not absent and not `""`. */
function given(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value
}

/** The new value of one preset: not sent cancels, `""` keeps, `0` deletes, a value sets. */
function preset(value: string | undefined, old: string | undefined): string | undefined {
  if (value === undefined) return undefined
  if (value === '') return old
  if (Decimal.compare(value, '0') === 0) return undefined
  return value
}

export declare namespace modifyEffect {
  type ReturnType =
    | { readonly kind: 'rejected'; readonly reason: 'not_modifiable' }
    | { readonly kind: 'unchanged' }
    | {
        /** The old order is cancelled and a new one created asynchronously (new orderId). */
        readonly kind: 'replace'
        readonly size: string
        readonly price: string | undefined
        readonly presetStopSurplusPrice: string | undefined
        readonly presetStopLossPrice: string | undefined
      }
    | {
        /** The order stays; only its take-profit/stop-loss change (`undefined` = none). */
        readonly kind: 'update_tpsl'
        readonly presetStopSurplusPrice: string | undefined
        readonly presetStopLossPrice: string | undefined
      }
}
