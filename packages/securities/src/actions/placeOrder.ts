import type { Named, WriteErrorType } from '@tradeline/core'
import {
  OrderNotChangedError,
  OrderOutcomeUnknownError,
  reconcileSettings,
  runChange,
  UnknownOutcomeError,
  validateRequest,
} from '@tradeline/core'
import { combineSignals, requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { ChangeOptions, ClientBase } from '../internal/client.js'
import { checkLot } from '../internal/lotSizes.js'
import { checkTicks } from '../internal/orderChecks.js'
import {
  ackOf,
  findPlacements,
  placementKey,
  placements,
  type SentOrder,
  StockOrderOutcomeUnknownError,
} from '../reconcile.js'
import type { StockOrder } from '../schemas/orders.js'
import { type OrderAck, orderAck } from '../schemas/records.js'

/**
 * Places a stock or option order (POST /api/v3/stockplus/trade/place-order), checked by the
 * rules before it is sent: each order type's required and forbidden fields (`LO`, `MO`, `LIT`,
 * `MIT`, `TSLPAMT`, `TSLPPCT`), `expireDate` with `GoodTilDate`, `outsideRth` for US stocks,
 * `limitDepthLevel`, `triggerCount` and `remark` bounds, `submittedPrice`, `triggerPrice` and
 * `monitorPrice` on the price tick (Reg NMS Rule 612: 0.0001 below 1 USD, options 0.01; from
 * 1 USD the finest, 0.005, since a stock's own 0.01 or 0.005 is not published per symbol), and
 * `submittedQuantity` in whole lots of the symbol's `lotSize` (market/static, cached per symbol).
 *
 * The request carries no client id, so a placement whose outcome is unknown (an unknown-outcome
 * code, a timeout, a lost connection) is settled through core's change engine by looking for
 * today's order that shows every field sent (symbol, side, order type, quantity, limit and
 * trigger prices), submitted within the call's window and not already another call's: exactly
 * one is the result; none after every lookup, or several, throw `StockOrderOutcomeUnknownError`
 * (`why`, `candidates`). While another placement of this client with the same symbol, side, type,
 * quantity and prices is in flight, or ended unknown within reach, a match may be that one's:
 * the lookups wait for the one in flight, and a match they end with is `ambiguous`. A matching
 * order is claimed by one call at most. It is never sent twice.
 *
 * @example
 * import { createSecuritiesClient, placeOrder } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * await placeOrder(client, { symbol: 'AAPL.US', orderType: 'LO', side: 'Buy', submittedQuantity: '1', submittedPrice: '150', timeInForce: 'Day', outsideRth: 'RTHOnly' })
 * // { orderId: '1001', clientOid: null, symbol: 'AAPL.US' }
 */
export async function placeOrder(
  client: ClientBase,
  parameters: placeOrder.Parameters,
  options: ChangeOptions = {},
): Promise<placeOrder.ReturnType> {
  requireArgument(Securities.placeOrder, parameters, 'object')
  const reconcile = reconcileSettings(
    options.reconcile,
    client.config?.reconcile,
    Securities.placeOrder.id,
  )
  const request = validateRequest(Securities.placeOrder, parameters, {}) as SentOrder
  const signal = combineSignals(client.config?.signal, options.signal)
  checkTicks(Securities.placeOrder.id, request.symbol, request, Securities.tickedPrices.placeOrder)
  await checkLot(
    client,
    {
      endpoint: Securities.placeOrder.id,
      field: 'submittedQuantity',
      symbol: request.symbol,
      quantity: request.submittedQuantity,
    },
    signal,
  )
  const { clock } = client.transport
  const window = { from: clock.now(), to: () => clock.now() }
  // This placement among the client's placements whose outcome is not settled.
  const write = placements.begin(client.transport, placementKey(request), window.from)
  // The failure that left the outcome unknown, and the matches the last lookup left ambiguous.
  let failure: UnknownOutcomeError | undefined
  let ambiguous: readonly string[] = []
  const unknown = (error: UnknownOutcomeError, attempts?: number) =>
    new StockOrderOutcomeUnknownError({
      error,
      why: ambiguous.length > 0 ? 'ambiguous' : 'not-found',
      candidates: ambiguous,
      attempts,
    })
  // The order is this call's: known to the client (its symbol and type, for a modification's
  // checks: modify-order names only the orderId), and never another placement's match.
  const claim = (ack: OrderAck) => {
    client.knownOrders?.remember(ack.orderId, request)
    return ack
  }
  try {
    const ack = await runChange<OrderAck, OrderAck, StockOrder[]>(
      client.transport,
      {
        endpoint: Securities.placeOrder,
        request,
        response: orderAck,
        symbol: request.symbol,
        retryWith: request,
        acknowledged: (ack) => {
          write.answered(ack.orderId)
          return claim(ack)
        },
        explain: (error) => {
          if (UnknownOutcomeError.isInstance(error)) failure = error
          return undefined
        },
        lookup: (s) => findPlacements(client, request, window, s),
        // Judged after the lookup's last read: a single match is claimed here, at once.
        judge: (orders = []) => {
          const fresh = orders.filter(
            (order) => client.knownOrders?.get(order.orderId) === undefined,
          )
          const judgement = write.judge(fresh.map((order) => order.orderId))
          ambiguous =
            judgement.kind === 'wait' || judgement.kind === 'ambiguous' ? judgement.ids : []
          if (judgement.kind === 'none') return { kind: 'not-applied', final: false }
          if (judgement.kind === 'one') {
            const only = fresh.find((order) => order.orderId === judgement.id) as StockOrder
            return { kind: 'done', value: claim(ackOf(only)) }
          }
          // Several orders that show every field sent, or one that another placement of the same
          // fields may have made: which one is this call's cannot be told.
          if (judgement.kind === 'ambiguous' && failure)
            return { kind: 'error', error: unknown(failure) }
          return { kind: 'pending' }
        },
        notApplied: (_found, attempts, cause) =>
          new OrderNotChangedError({
            endpoint: Securities.placeOrder.id,
            order: undefined,
            attempts,
            cause,
          }),
      },
      { signal, reconcile },
    )
    return ack
  } catch (error) {
    // Only an outcome core could not learn may have made an order; a refusal, a request never
    // sent (a refused connection, an abort before the send) or a local check applied nothing.
    if (UnknownOutcomeError.isInstance(error)) write.unknown()
    else write.settled()
    // The lookups found no order: the exchange may still create it. No `retryWith` is offered.
    if (OrderOutcomeUnknownError.isInstance(error)) throw unknown(error, error.attempts)
    throw error
  }
}

export declare namespace placeOrder {
  /** The order: `symbol`, `orderType`, `side`, `submittedQuantity`, `timeInForce` and the fields its type needs. */
  type Parameters = Securities.placeOrder.Parameters
  /** `orderId`, `clientOid` (`null`: none is sent) and `symbol`. */
  type ReturnType = OrderAck
  /**
   * What the call may throw: `ValidationError` before sending (also for a price off its tick
   * or a quantity not in whole lots), `ApiError`, `StockOrderOutcomeUnknownError` (reconciliation settled nothing),
   * `UnknownOutcomeError` (reconciliation off).
   */
  type ErrorType =
    | WriteErrorType
    | Named<StockOrderOutcomeUnknownError, 'StockOrderOutcomeUnknownError'>
    | Named<OrderNotChangedError, 'OrderNotChangedError'>
}
