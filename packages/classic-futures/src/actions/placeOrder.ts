import type { PlacementErrorType } from '@tradeline/core'
import {
  type ChangeVerdict,
  defaultReconcile,
  duplicateClientOidCodes,
  OrderIdUnresolvedError,
  OrderNotPlacedError,
  placement,
  runChange,
} from '@tradeline/core'
import { combineSignals, requireArgument } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import {
  assertTradable,
  type ChangeOptions,
  type ClientBase,
  clientOidFor,
  orderContextOf,
  validateOrder,
} from '../internal/client.js'
import { withModeHint } from '../internal/modeHint.js'
import { lookUpOrder, type OrderQuery, sameOrder, settingsOf, settle } from '../reconcile.js'
import { type OrderDetail, orderAck } from '../schemas/records.js'

/**
 * Codes with which a classic placement refuses a `clientOid` an order already carries: core's
 * (43118, 25212) and 40786 "Duplicate clientOid", which the sandbox's classic routes answer.
 */
export const classicDuplicateCodes: readonly string[] = [...duplicateClientOidCodes, '40786']

/**
 * Places one classic futures order (POST /api/v2/mix/order/place-order). The order is checked
 * before it is sent (schema; tick, lot and minimum with the contract; `tradeSide`/`reduceOnly`
 * with the position mode when the client knows it), always carries a `clientOid` (generated when
 * absent), and an unknown outcome is reconciled by order detail by `clientOid`: the real result
 * is returned, or the outcome error is thrown; nothing is sent twice. A `clientOid` refused as a
 * duplicate returns the earlier order when it is this one. An acknowledgement without `orderId`
 * (a reduce-only replacement, rule 2) is resolved by `clientOid`.
 *
 * @example
 * import { createClassicFuturesClient, placeOrder } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials })
 * await placeOrder(client, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginMode: 'crossed', marginCoin: 'USDT', size: '0.01', side: 'buy', orderType: 'limit', price: '60000' })
 * // { orderId: '1001', clientOid: 'Jc3m_0q9ZyXb-4TtUu1wQe8K' }
 */
export async function placeOrder(
  client: ClientBase,
  parameters: placeOrder.Parameters,
  options: placeOrder.Options = {},
): Promise<placeOrder.ReturnType> {
  requireArgument(ClassicFutures.placeOrder, parameters, 'object')
  const clientOid = clientOidFor(client, parameters.clientOid)
  const input = { ...parameters, clientOid }
  return placeWith(
    client,
    ClassicFutures.placeOrder,
    input,
    options,
    (found) => sameOrder(found, input),
    parameters,
  )
}

/** The placement path shared by place-order and the reversal. */
export async function placeWith(
  client: ClientBase,
  endpoint: typeof ClassicFutures.placeOrder | typeof ClassicFutures.clickBackhand,
  input: { symbol: string; productType: string; clientOid: string },
  options: placeOrder.Options,
  same: (found: OrderDetail) => boolean,
  /** The parameters as the caller passed them (a `retryWith` is marked as a retry). */
  parameters: unknown,
): Promise<placeOrder.ReturnType> {
  const { clientOid } = input
  // The call's own reconciliation settings are checked before anything (a load) is sent.
  const reconcile = settingsOf(client, options.reconcile, endpoint)
  const context = await orderContextOf(client, input)
  await assertTradable(client, endpoint, [input])
  // Refused on tradeSide or reduceOnly with a mode read earlier: it may have been switched
  // elsewhere; read again, a new mode checks the order once more (client.ts).
  const request = await validateOrder(client, endpoint, input, context)
  const signal = combineSignals(client.config?.signal, options.signal)
  const query: OrderQuery = {
    symbol: input.symbol,
    productType: input.productType,
    clientOid,
  }
  // A position-mode refusal (40774) says what the account's mode is and what it needs.
  return runChange(
    client.transport,
    {
      ...placement({
        endpoint,
        request,
        response: orderAck,
        channelApiCode: options.channelApiCode,
        parameters,
        input,
        clientOid,
        duplicateCodes: classicDuplicateCodes,
        // An order found by the clientOid that this placement could not have made means the
        // clientOid was taken: this placement was refused.
        judge: (found: OrderDetail | undefined): ChangeVerdict<placeOrder.ReturnType> =>
          found === undefined
            ? { kind: 'not-applied', final: false }
            : same(found)
              ? { kind: 'done', value: { orderId: found.orderId, clientOid } }
              : { kind: 'not-applied', final: true },
        clock: client.transport.clock,
        createdAt: (found) => found.cTime,
      }),
      acknowledged: (ack, s) => {
        if (ack.orderId !== null)
          return { orderId: ack.orderId, clientOid: ack.clientOid ?? clientOid }
        // Rule 2: the newest reduce-only order of a replacement comes without orderId.
        const unresolved = new OrderIdUnresolvedError({ clientOid })
        return settle(client, {
          error: unresolved,
          settings: settingsOf(client, undefined) ?? defaultReconcile,
          signal: s,
          query,
          judge: (found) =>
            found
              ? { kind: 'done', value: { orderId: found.orderId, clientOid } }
              : { kind: 'pending' },
          notApplied: () => unresolved,
        })
      },
      lookup: (s) => lookUpOrder(client, query, s),
      notApplied: (_, attempts, cause) =>
        new OrderNotPlacedError({ endpoint: endpoint.id, clientOid, attempts, cause }),
    },
    { reconcile, signal },
  ).catch(async (error: unknown) => {
    throw await withModeHint(client, error, input)
  })
}

export declare namespace placeOrder {
  /** The order as a caller writes it; `clientOid` is generated when absent. */
  type Parameters = ClassicFutures.placeOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions & {
    /** Sends the transport's broker code as `X-CHANNEL-API-CODE`. @default false */
    channelApiCode?: boolean | undefined
  }
  /** The acknowledgement: the order's id and `clientOid`. */
  type ReturnType = { readonly orderId: string; readonly clientOid: string }
  /** What the call may throw. */
  type ErrorType = PlacementErrorType<placeOrder.Parameters>
}
