import {
  ApiError,
  type BaseError,
  settle as coreSettle,
  defaultReconcile,
  isReconcilable,
  OrderNotChangedError,
  OrderOutcomeUnknownError,
  pendingAsUnknown,
  RateLimitedError,
  requireArgument,
  sendRequest,
  type UnknownOutcomeError,
} from '@tradeline/core'
import { ClassicFutures, BaseError as RulesBaseError } from '@tradeline/rules'
import {
  type ChangeOptions,
  type ClientBase,
  clientOidFor,
  defined,
  instrumentOf,
  validate,
} from '../internal/client.js'
import { signalOf } from '../internal/signal.js'
import { isCanceled, lookUpOrder, settingsOf } from '../reconcile.js'
import type { OrderDetail } from '../schemas/records.js'
import { orderAck } from '../schemas/records.js'

/**
 * Modifies a pending limit order (POST /api/v2/mix/order/modify-order). A size or price change
 * cancels the order and creates a new one asynchronously (pass both size and price): its
 * `newClientOid` is generated when absent, and with `waitForNew: true` the call waits for the
 * new order (order detail by `newClientOid`, with backoff) and returns its `orderId`. A
 * take-profit/stop-loss-only change sends neither size nor price. An unknown outcome is
 * reconciled: the new order found by `newClientOid` is the result; a filled, cancelled or absent
 * original without it is `OrderNotChangedError`.
 *
 * @example
 * import { createClassicFuturesClient, modifyOrder } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await modifyOrder(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderId: '1001', newSize: '0.02', newPrice: '59000' }, { waitForNew: true })
 * // { orderId: '1003', clientOid: 'Lf5o_…', newClientOid: 'Lf5o_…' }
 */
export async function modifyOrder(
  client: ClientBase,
  parameters: modifyOrder.Parameters,
  options: modifyOrder.Options = {},
): Promise<modifyOrder.ReturnType> {
  requireArgument(ClassicFutures.modifyOrder, parameters, 'object')
  // The call's own reconciliation settings are checked before anything is sent.
  const settings = settingsOf(client, options.reconcile, ClassicFutures.modifyOrder)
  const newClientOid = clientOidFor(client, parameters.newClientOid)
  const input = { ...parameters, newClientOid }
  const instrument = await instrumentOf(client, input.symbol, input.productType)
  const request = validate(
    ClassicFutures.modifyOrder,
    input,
    defined({ instrument, orderType: options.orderType }),
  )
  const signal = signalOf(client, options.signal)
  const replaces = sent(input.newSize) || sent(input.newPrice)
  const original = {
    symbol: input.symbol,
    productType: input.productType,
    orderId: input.orderId,
    clientOid: input.orderId === undefined ? input.clientOid : undefined,
  }
  const byNew = { symbol: input.symbol, productType: input.productType, clientOid: newClientOid }
  let ack: { orderId: string | null; clientOid: string | null }
  try {
    ack = await sendRequest(client.transport, ClassicFutures.modifyOrder, request, orderAck, {
      signal,
    })
  } catch (caught) {
    // Refused because a modification still awaits its result: that may be this call's own first
    // attempt (the retry of an unknown outcome), so the outcome is unknown and reconciled.
    const error = pendingAsUnknown(caught)
    // The safe retry of an unknown change (`retryWith`, the same newClientOid) is refused when
    // its first attempt replaced the order after all: the new order found by newClientOid is
    // the result, as reconciliation judges it.
    if (replaces && ApiError.isInstance(error) && !RateLimitedError.isInstance(error)) {
      const renewed = await lookUpOrder(client, byNew, signal).catch(() => undefined)
      if (renewed) return { orderId: renewed.orderId, clientOid: newClientOid, newClientOid }
      throw error
    }
    if (settings === undefined || !isReconcilable(error, signal)) throw caught
    return coreSettle<modifyOrder.ReturnType, { renewed?: OrderDetail; old?: OrderDetail }>({
      error,
      settings,
      signal,
      lookup: async (s) => {
        const renewed = await lookUpOrder(client, byNew, s)
        if (renewed) return { renewed }
        const old = await lookUpOrder(client, original, s)
        return old ? { old } : undefined
      },
      judge: (found) => {
        if (found?.renewed)
          return {
            kind: 'done',
            value: { orderId: found.renewed.orderId, clientOid: newClientOid, newClientOid },
          }
        const old = found?.old
        if (!replaces && old && presetsApplied(old, input))
          return {
            kind: 'done',
            value: { orderId: old.orderId, clientOid: old.clientOid, newClientOid },
          }
        // A replaced order is cancelled before its successor appears: cancelled is not final.
        if (old === undefined) return { kind: 'not-applied', final: true }
        return {
          kind: 'not-applied',
          final: old.state === 'filled' || (!replaces && isCanceled(old.state)),
        }
      },
      notApplied: (found, attempts) =>
        new OrderNotChangedError({
          endpoint: ClassicFutures.modifyOrder.id,
          order: found?.old,
          status: found?.old?.state,
          attempts,
          cause: error,
        }),
      unresolved: (attempts) =>
        new OrderOutcomeUnknownError({
          error: error as UnknownOutcomeError,
          attempts,
          clientOid: newClientOid,
          retryWith: input,
        }),
    })
  }
  if (!replaces || !options.waitForNew)
    return { orderId: ack.orderId, clientOid: ack.clientOid, newClientOid }
  const missing = new NewOrderNotFoundError({ newClientOid })
  return coreSettle<modifyOrder.ReturnType, OrderDetail>({
    error: missing,
    settings:
      settingsOf(client, options.reconcile === false ? undefined : options.reconcile) ??
      defaultReconcile,
    signal,
    lookup: (s) => lookUpOrder(client, byNew, s),
    judge: (found) =>
      found
        ? { kind: 'done', value: { orderId: found.orderId, clientOid: newClientOid, newClientOid } }
        : { kind: 'pending' },
    notApplied: () => missing,
  })
}

function sent(value: string | undefined): boolean {
  return value !== undefined && value !== ''
}

/** Whether the order shows the take-profit/stop-loss a tp/sl-only change asked for. */
function presetsApplied(
  order: OrderDetail,
  input: {
    newPresetStopSurplusPrice?: string | undefined
    newPresetStopLossPrice?: string | undefined
  },
): boolean {
  const same = (asked: string | undefined, now: string | null) =>
    asked === undefined ||
    asked === '' ||
    (asked === '0' ? now === null || now === '0' : now === asked)
  return (
    same(input.newPresetStopSurplusPrice, order.presetStopSurplusPrice) &&
    same(input.newPresetStopLossPrice, order.presetStopLossPrice)
  )
}

/**
 * A size or price change was acknowledged, but its new order did not appear by `newClientOid`
 * within the lookups of `waitForNew`.
 *
 * @example
 * import { NewOrderNotFoundError } from '@tradeline/classic-futures'
 * new NewOrderNotFoundError({ newClientOid: 'n-1' }).newClientOid // 'n-1'
 */
export class NewOrderNotFoundError extends RulesBaseError {
  static override readonly kind: string = 'NewOrderNotFoundError'
  override name = 'NewOrderNotFoundError'
  /** The `newClientOid` looked for. */
  readonly newClientOid: string

  constructor(parameters: { newClientOid: string }) {
    super(`The new order ${parameters.newClientOid} of a modification was not found.`, {
      metaMessages: [
        'The modification was acknowledged; the exchange creates the new order asynchronously. Look it up later by newClientOid.',
      ],
    })
    this.newClientOid = parameters.newClientOid
  }
}

export declare namespace modifyOrder {
  /** The modification as a caller writes it; `newClientOid` is generated when absent. */
  type Parameters = Omit<ClassicFutures.modifyOrder.Parameters, 'newClientOid'> & {
    newClientOid?: string | undefined
  }
  /** Options of the call. */
  type Options = ChangeOptions & {
    /** Waits for the new order of a size or price change and returns its `orderId`. @default false */
    waitForNew?: boolean | undefined
    /** The type of the order being modified, for the market-order price check. @default unknown */
    orderType?: ClassicFutures.OrderType | undefined
  }
  /**
   * The acknowledgement and the `newClientOid` sent. `orderId` is the new order's with
   * `waitForNew` (or after reconciliation), else as the exchange sent it (often `null`).
   */
  type ReturnType = {
    readonly orderId: string | null
    readonly clientOid: string | null
    readonly newClientOid: string
  }
  /** What the call may throw. */
  type ErrorType = BaseError
}
