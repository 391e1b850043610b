import type { ChangeErrorType, Named } from '@tradeline/core'
import {
  type ChangeVerdict,
  settle as coreSettle,
  defaultReconcile,
  isRetry,
  OrderClosedOutcomeUnknownError,
  OrderIdUnresolvedError,
  OrderNotChangedError,
  runChange,
  validateRequest,
} from '@tradeline/core'
import { combineSignals, modificationRefusal, requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import { Decimal, BaseError as RulesBaseError } from '@tradeline/rules/shared'
import {
  type ChangeOptions,
  type ClientBase,
  clientOidFor,
  defined,
  instrumentOf,
} from '../internal/client.js'
import { replacementsOf } from '../internal/replacements.js'
import { isCanceled, lookUpOrder, settingsOf } from '../reconcile.js'
import { type OrderAck, type OrderDetail, orderAck } from '../schemas/records.js'

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
  options: modifyOrder.Options & { waitForNew: true },
): Promise<modifyOrder.WaitedReturnType>
export async function modifyOrder(
  client: ClientBase,
  parameters: modifyOrder.Parameters,
  options?: modifyOrder.Options,
): Promise<modifyOrder.ReturnType>
export async function modifyOrder(
  client: ClientBase,
  parameters: modifyOrder.Parameters,
  options: modifyOrder.Options = {},
): Promise<modifyOrder.ReturnType> {
  requireArgument(ClassicFutures.modifyOrder, parameters, 'object')
  // The call's own reconciliation settings are checked before anything is sent.
  const reconcile = settingsOf(client, options.reconcile, ClassicFutures.modifyOrder)
  const newClientOid = clientOidFor(client, parameters.newClientOid)
  const input = { ...parameters, newClientOid }
  const instrument = await instrumentOf(client, input.symbol, input.productType)
  const request = validateRequest(
    ClassicFutures.modifyOrder,
    input,
    defined({ instrument, orderType: options.orderType }),
  )
  const signal = combineSignals(client.config?.signal, options.signal)
  const replaces = sent(input.newSize) || sent(input.newPrice)
  const original = {
    symbol: input.symbol,
    productType: input.productType,
    orderId: input.orderId,
    clientOid: input.orderId === undefined ? input.clientOid : undefined,
  }
  const byNew = { symbol: input.symbol, productType: input.productType, clientOid: newClientOid }
  const retry = isRetry(parameters)
  // Remembered before sending: a cancel of the original racing this call learns its successor.
  if (replaces) replacementsOf(client.transport.baseUrl).remember(original, { newClientOid })
  /** Whether the order found by `newClientOid` is this call's replacement of the original. */
  const successorOf = (found: ModifyLookup | undefined): OrderDetail | undefined => {
    const renewed = found?.renewed
    if (!replaces || renewed === undefined) return undefined
    // The original itself (its clientOid is the newClientOid) or another order is not it.
    if (found?.old !== undefined && renewed.orderId === found.old.orderId) return undefined
    if (input.orderId !== undefined && renewed.orderId === input.orderId) return undefined
    if (renewed.symbol?.toUpperCase() !== input.symbol.toUpperCase()) return undefined
    const shows = (asked: string | undefined, now: string | null) =>
      !sent(asked) ||
      (now !== null && Decimal.isDecimal(now) && Decimal.compare(now, asked as string) === 0)
    if (!shows(input.newSize, renewed.size) || !shows(input.newPrice, renewed.price))
      return undefined
    // A replacement cancels the original first; an original still open was not replaced.
    if (found?.old !== undefined && !isCanceled(found.old.state)) return undefined
    return renewed
  }
  const judge = (found: ModifyLookup | undefined): ChangeVerdict<modifyOrder.ReturnType> => {
    const renewed = successorOf(found)
    if (renewed)
      return {
        kind: 'done',
        value: { orderId: renewed.orderId, clientOid: newClientOid, newClientOid },
      }
    const old = found?.old
    if (!replaces && old && presetsApplied(old, input))
      return {
        kind: 'done',
        value: { orderId: old.orderId, clientOid: old.clientOid, newClientOid },
      }
    // Another order carries the newClientOid: the replacement was refused (40786).
    if (replaces && found?.renewed !== undefined) return { kind: 'not-applied', final: true }
    // A replaced order is cancelled before its successor appears: cancelled is not final.
    if (old === undefined) return { kind: 'not-applied', final: true }
    // A take-profit/stop-loss change of an order that closed showing other presets: another
    // change may have applied after this one; the final state proves nothing.
    if (!replaces && (old.state === 'filled' || isCanceled(old.state)))
      return {
        kind: 'error',
        error: new OrderClosedOutcomeUnknownError({
          endpoint: ClassicFutures.modifyOrder.id,
          method: ClassicFutures.modifyOrder.method,
          path: ClassicFutures.modifyOrder.path,
          status: old.state,
        }),
      }
    return { kind: 'not-applied', final: old.state === 'filled' }
  }
  const ack = await runChange(
    client.transport,
    {
      endpoint: ClassicFutures.modifyOrder,
      request,
      response: orderAck,
      retryWith: input,
      retry,
      clientOid: newClientOid,
      acknowledged: (ack): modifyOrder.ReturnType | { readonly ack: OrderAck } => ({ ack }),
      lookup: async (s) => {
        const renewed = replaces ? await lookUpOrder(client, byNew, s) : undefined
        const old = await lookUpOrder(client, original, s)
        return renewed === undefined && old === undefined ? undefined : { renewed, old }
      },
      judge,
      // A refusal may meet this call's own first attempt only when it is the retry of an unknown
      // outcome (`retryWith`, the same newClientOid): a modification still awaiting its result
      // (43021) may be that attempt; any other refusal is checked for its replacement.
      refusal: (error) => modificationRefusal(retry, error),
      judgeRefusal: (found) => {
        const verdict = judge(found)
        return verdict.kind === 'done' ? verdict : { kind: 'not-applied', final: true }
      },
      notApplied: (found, attempts, cause) =>
        new OrderNotChangedError({
          endpoint: ClassicFutures.modifyOrder.id,
          order: found?.old,
          status: found?.old?.state,
          attempts,
          cause,
        }),
    },
    { reconcile, signal },
  )
  if (!('ack' in ack)) return ack
  if (!options.waitForNew)
    return { orderId: ack.ack.orderId, clientOid: ack.ack.clientOid, newClientOid }
  if (!replaces) {
    // No new order (a take-profit/stop-loss change): the order keeps its id, named by the call
    // or read back by its clientOid, so that `waitForNew` always returns an `orderId`.
    const orderId =
      ack.ack.orderId ?? input.orderId ?? (await lookUpOrder(client, original, signal))?.orderId
    if (orderId === undefined)
      throw new OrderIdUnresolvedError({ clientOid: input.clientOid ?? newClientOid })
    return { orderId, clientOid: ack.ack.clientOid, newClientOid }
  }
  const missing = new NewOrderNotFoundError({ newClientOid })
  return coreSettle<modifyOrder.ReturnType, ModifyLookup>({
    error: missing,
    settings:
      settingsOf(client, options.reconcile === false ? undefined : options.reconcile) ??
      defaultReconcile,
    signal,
    lookup: async (s) => {
      const renewed = await lookUpOrder(client, byNew, s)
      return renewed === undefined ? undefined : { renewed, old: undefined }
    },
    judge: (found) => {
      const renewed = successorOf(found)
      return renewed
        ? {
            kind: 'done',
            value: { orderId: renewed.orderId, clientOid: newClientOid, newClientOid },
          }
        : { kind: 'pending' }
    },
    notApplied: () => missing,
  })
}

/** What a modification's lookup shows: the order under `newClientOid`, and the original. */
type ModifyLookup = {
  readonly renewed: OrderDetail | undefined
  readonly old: OrderDetail | undefined
}

function sent(value: string | undefined): boolean {
  return value !== undefined && value !== ''
}

/**
 * Whether the order shows the take-profit/stop-loss a tp/sl-only change asked for: what the
 * rules' `modifyEffect` leaves on a pending order showing the same presets (`""` keeps, `0`
 * removes, a value sets, a side not sent while the other is, is cancelled). Prices compare as
 * decimals (`29000.0` is `29000`); a removed preset reads null or `0`.
 */
function presetsApplied(
  order: OrderDetail,
  input: {
    newPresetStopSurplusPrice?: string | undefined
    newPresetStopLossPrice?: string | undefined
  },
): boolean {
  const removed = (now: string | null) =>
    now === null || (Decimal.isDecimal(now) && Decimal.compare(now, '0') === 0)
  const shown = (now: string | null) => (removed(now) ? undefined : (now as string))
  const effect = ClassicFutures.modifyEffect(
    {
      orderType: 'limit',
      status: 'live',
      size: '0',
      presetStopSurplusPrice: shown(order.presetStopSurplusPrice),
      presetStopLossPrice: shown(order.presetStopLossPrice),
    },
    {
      newPresetStopSurplusPrice: input.newPresetStopSurplusPrice,
      newPresetStopLossPrice: input.newPresetStopLossPrice,
    },
  )
  if (effect.kind !== 'update_tpsl') return true
  const shows = (expected: string | undefined, now: string | null) =>
    expected === undefined
      ? removed(now)
      : now !== null && Decimal.isDecimal(now) && Decimal.compare(now, expected) === 0
  return (
    shows(effect.presetStopSurplusPrice, order.presetStopSurplusPrice) &&
    shows(effect.presetStopLossPrice, order.presetStopLossPrice)
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
  /** The result with `waitForNew: true`: the order's `orderId` is always known. */
  type WaitedReturnType = ReturnType & { readonly orderId: string }
  /** The bound form of the call (`client.orders.modify`), with the `waitForNew` overload. */
  type Bound = {
    (parameters: Parameters, options: Options & { waitForNew: true }): Promise<WaitedReturnType>
    (parameters: Parameters, options?: Options | undefined): Promise<ReturnType>
  }
  /** What the call may throw. */
  type ErrorType =
    | ChangeErrorType<modifyOrder.Parameters>
    | Named<NewOrderNotFoundError, 'NewOrderNotFoundError'>
    | Named<OrderIdUnresolvedError, 'OrderIdUnresolvedError'>
}
