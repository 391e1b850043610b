/**
 * How the securities client settles an unknown outcome: by reading the order (order-detail) for
 * a cancel or a modification, and, for a placement (stockplus orders carry no client id in the
 * request), by finding the one order of today that matches every field sent within the window
 * of the call.
 */
import {
  ApiError,
  type ChangeOptions,
  type ChangeVerdict,
  clockTolerance,
  isRetry,
  OrderNotChangedError,
  orderAbsentCodes,
  type RefusalMeaning,
  reconcileSettings,
  runChange,
  sendRequest,
  UnknownOutcomeError,
  validateRequest,
} from '@tradeline/core'
import { combineSignals, idlessWrites } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import { Decimal } from '@tradeline/rules/shared'
import type { ClientBase } from './internal/client.js'
import { type StockOrder, stockOrderDetail, todayOrders } from './schemas/orders.js'
import { type OrderAck, orderAck } from './schemas/records.js'

/**
 * One lookup of an order by `orderId` (order-detail): `undefined` when the exchange says it
 * does not exist; throws when the lookup itself fails.
 */
export async function lookUpOrder(
  client: ClientBase,
  orderId: string,
  signal?: AbortSignal | undefined,
): Promise<StockOrder | undefined> {
  try {
    return await sendRequest(
      client.transport,
      Securities.getOrderDetail,
      { orderId },
      stockOrderDetail,
      { signal },
    )
  } catch (error) {
    if (ApiError.isInstance(error) && orderAbsentCodes.includes(error.code)) return undefined
    throw error
  }
}

/** The acknowledgement a found order stands for (stockplus orders carry no client id). */
export function ackOf(order: StockOrder): OrderAck {
  return { orderId: order.orderId, clientOid: null, symbol: order.symbol }
}

/**
 * Runs a change of one order (cancel, modify) through core's change engine: checked by the
 * rules, sent once, an unknown outcome settled by reading the order by `orderId` (order-detail)
 * and judged by `judge`; proven not applied, `OrderNotChangedError`. A retry of an unknown
 * outcome (its parameters are an error's `retryWith`) may meet its own first attempt, applied
 * meanwhile: its refusal means what `refusal` says (`check`: the order is read, and
 * `judgeRefusal` tells whether the first attempt applied), a first attempt's refusal stands.
 */
export async function changeOrder(
  client: ClientBase,
  endpoint: typeof Securities.cancelOrder | typeof Securities.modifyOrder,
  parameters: Readonly<Record<string, unknown>>,
  options: ChangeOptions,
  change: {
    readonly orderId: string | undefined
    readonly symbol?: string | undefined
    /** Checks of the validated request beyond its schema, before it is sent (throws to refuse). */
    check?(request: Readonly<Record<string, string>>, signal?: AbortSignal): Promise<void>
    judge(
      found: StockOrder | undefined,
      request: Readonly<Record<string, string>>,
    ): ChangeVerdict<OrderAck>
    /** What a refusal of a retry means (a first attempt's refusal stands). */
    refusal(error: ApiError): RefusalMeaning
    /** The judge of the order read after a retry's refusal (`check`). */
    judgeRefusal(
      found: StockOrder | undefined,
      request: Readonly<Record<string, string>>,
    ): ChangeVerdict<OrderAck>
  },
): Promise<OrderAck> {
  const reconcile = reconcileSettings(options.reconcile, client.config?.reconcile, endpoint.id)
  const request = validateRequest(endpoint, parameters, {}) as Readonly<Record<string, string>>
  const signal = combineSignals(client.config?.signal, options.signal)
  await change.check?.(request, signal)
  const { orderId } = change
  const retry = isRetry(parameters)
  return runChange<OrderAck, OrderAck, StockOrder>(
    client.transport,
    {
      endpoint,
      request,
      response: orderAck,
      symbol: change.symbol,
      retryWith: parameters,
      retry,
      acknowledged: (ack) => ack,
      // Only an orderId can be read back (order-detail takes no clientOid).
      lookup: orderId === undefined ? undefined : (s) => lookUpOrder(client, orderId, s),
      judge: (found) => change.judge(found, request),
      // Only a retry's refusal may meet its first attempt, which may have applied meanwhile.
      refusal: (error) => (retry ? change.refusal(error) : 'stands'),
      judgeRefusal: (found) => change.judgeRefusal(found, request),
      notApplied: (order, attempts, cause) =>
        new OrderNotChangedError({
          endpoint: endpoint.id,
          order,
          status: order?.status,
          attempts,
          cause,
        }),
    },
    { signal, reconcile },
  )
}

/** The placement as sent, the fields a found order must show. */
export type SentOrder = {
  readonly symbol: string
  readonly side: string
  readonly orderType: string
  readonly submittedQuantity: string
  readonly submittedPrice?: string | undefined
  readonly triggerPrice?: string | undefined
  readonly timeInForce?: string | undefined
  readonly expireDate?: string | undefined
  readonly outsideRth?: string | undefined
  readonly remark?: string | undefined
  readonly trailingAmount?: string | undefined
  readonly trailingPercent?: string | undefined
  readonly limitOffset?: string | undefined
  readonly monitorPrice?: string | undefined
  readonly limitDepthLevel?: string | number | undefined
  readonly triggerCount?: string | number | undefined
}

/**
 * The placements of each client (by transport) whose outcome is not settled, and the orders they
 * were answered with or claimed (core's registry of writes without a client id): a matching order
 * is one call's at most, and a match another placement of the same fields may have made is
 * ambiguous.
 */
export const placements = idlessWrites()

/**
 * What a placement's lookup matches on, as a key: the symbol, side, order type, quantity, limit
 * and trigger prices (decimals as numbers). Two placements of one key may find each other's
 * order (the other fields match leniently: one an order does not show proves nothing).
 */
export function placementKey(sent: SentOrder): string {
  const number = (value: string | undefined) =>
    value !== undefined && Decimal.isDecimal(value) ? Decimal.trimZeros(value) : String(value)
  return [
    sent.symbol,
    sent.side,
    sent.orderType,
    number(sent.submittedQuantity),
    number(sent.submittedPrice),
    number(sent.triggerPrice),
  ].join('|')
}

/** Whether two decimals (or two absent values) are the same number. */
function same(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a == null || b == null) return a == null && b == null
  return Decimal.isDecimal(a) && Decimal.isDecimal(b) ? Decimal.compare(a, b) === 0 : a === b
}

/** The fields a placement may send beyond its type, quantity and prices, read back leniently. */
const optionalFields = [
  'timeInForce',
  'expireDate',
  'outsideRth',
  'remark',
  'trailingAmount',
  'trailingPercent',
  'limitOffset',
  'monitorPrice',
  'limitDepthLevel',
  'triggerCount',
] as const

/**
 * Whether an order shows every optional field the placement sent: the same number, or the same
 * text; a field the order does not show (`null`) proves nothing either way, as the records are
 * read leniently, and a field not sent is not compared (the exchange may fill in its default).
 */
function showsSent(order: StockOrder, sent: SentOrder): boolean {
  return optionalFields.every((field) => {
    const asked = sent[field]
    const shown = order[field]
    if (asked === undefined || shown === null || shown === undefined) return true
    return same(String(shown), String(asked))
  })
}

/**
 * The orders of today that a placement may have made: its symbol and side (asked of
 * today-orders), its order type, quantity, limit and trigger prices and every other field it sent
 * that the order shows, submitted within the call's window (`from` to `to`, the transport's
 * clock, widened by core's `clockTolerance`), and not an order this client already knows (one it
 * placed, or read, before: that order is another call's; checked again when the lookup is
 * judged). Without a client id, an order of
 * another process with every field the same within the window cannot be told apart.
 */
export async function findPlacements(
  client: ClientBase,
  sent: SentOrder,
  window: { readonly from: number; readonly to: () => number },
  signal?: AbortSignal | undefined,
): Promise<StockOrder[]> {
  const orders = await sendRequest(
    client.transport,
    Securities.getTodayOrders,
    { symbol: sent.symbol, side: sent.side },
    todayOrders,
    { signal },
  )
  const to = window.to() + clockTolerance
  return orders.filter(
    (order) =>
      order.symbol === sent.symbol &&
      order.side === sent.side &&
      order.orderType === sent.orderType &&
      same(order.quantity, sent.submittedQuantity) &&
      same(order.price, sent.submittedPrice) &&
      same(order.triggerPrice, sent.triggerPrice) &&
      showsSent(order, sent) &&
      order.submittedAt !== null &&
      order.submittedAt >= window.from - clockTolerance &&
      order.submittedAt <= to &&
      client.knownOrders?.get(order.orderId) === undefined &&
      !placements.has(client.transport, order.orderId),
  )
}

/**
 * The outcome of a securities placement stayed unknown: the request carries no client id, so
 * the client looked for today's order that matches every field it sent within the call's
 * window, and found none (`why: 'not-found'`: the exchange may still create it) or several, or
 * one that another placement of this client with the same fields (in flight at the same time, or
 * itself ended unknown) may have made (`why: 'ambiguous'`: `candidates` lists them; the client
 * cannot tell which one is this call's). There is nothing safe to send again: check the account before placing again.
 *
 * @example
 * import { StockOrderOutcomeUnknownError } from '@tradeline/securities'
 * try {
 *   await client.orders.place(order)
 * } catch (error) {
 *   if (StockOrderOutcomeUnknownError.isInstance(error)) console.log(error.why, error.candidates)
 * }
 */
export class StockOrderOutcomeUnknownError extends UnknownOutcomeError {
  static override readonly kind: string = 'StockOrderOutcomeUnknownError'
  override name = 'StockOrderOutcomeUnknownError'
  /** `not-found`: no order matched; `ambiguous`: several did, or one another placement of the same fields may have made. */
  readonly why: 'not-found' | 'ambiguous'
  /** The orderIds of the matching orders (empty when none matched). */
  readonly candidates: readonly string[]

  constructor(parameters: {
    error: UnknownOutcomeError
    why: 'not-found' | 'ambiguous'
    candidates: readonly string[]
    attempts?: number | undefined
  }) {
    const { error, why, candidates } = parameters
    super({
      endpoint: error.endpoint,
      method: error.method,
      path: error.path,
      reason: error.reason,
      code: error.code,
      msg: error.msg,
      status: error.status,
      cause: error,
      advice: [
        why === 'ambiguous' && candidates.length === 1
          ? `One order of today (${candidates[0]}) matches every field sent within the call's window, and another placement of the same fields by this client, at the same time, may have made it: whose it is cannot be told.`
          : why === 'ambiguous'
            ? `${candidates.length} orders of today match every field sent within the call's window (${candidates.join(', ')}): which one is this call's cannot be told.`
            : `${parameters.attempts ?? 0} lookups of today's orders found none matching every field sent; the exchange may still create it.`,
        'A stockplus order carries no client id: nothing is safe to send again. Check the orders (today-orders) before placing again.',
      ],
    })
    this.why = why
    this.candidates = candidates
  }
}
