import type { BaseError } from '@tradeline/core'
import { Strategy } from '@tradeline/rules'
import {
  type CallOptions,
  type ClientBase,
  call,
  requireArgument,
  signalOf,
} from '../internal/call.js'
import { orderAck } from '../schemas/ack.js'

/**
 * Cancels one strategy order found by `orderId` or `clientOid` (POST /api/v3/trade/cancel-strategy-order).
 *
 * @example
 * import { createUnifiedClient, cancelStrategyOrder } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await cancelStrategyOrder(client, { orderId: '5001', category: 'USDT-FUTURES' }) // { orderId: '5001', clientOid: null }
 */
export async function cancelStrategyOrder(
  client: ClientBase,
  parameters: cancelStrategyOrder.Parameters,
  options: cancelStrategyOrder.Options = {},
): Promise<cancelStrategyOrder.ReturnType> {
  requireArgument(Strategy.cancelStrategyOrder, parameters, 'object', 'parameters')
  const ack = await call(client, Strategy.cancelStrategyOrder, parameters, undefined, orderAck, {
    signal: signalOf(client, options.signal),
  })
  return { orderId: ack.orderId ?? parameters.orderId ?? null, clientOid: ack.clientOid }
}

export declare namespace cancelStrategyOrder {
  /** The request as a caller writes it. */
  type Parameters = Strategy.cancelStrategyOrder.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The strategy order's id and `clientOid`. */
  type ReturnType = { readonly orderId: string | null; readonly clientOid: string | null }
  /** What the call may throw. */
  type ErrorType = BaseError
}
