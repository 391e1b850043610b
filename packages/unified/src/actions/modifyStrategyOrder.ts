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
 * Changes the quantity or the take-profit/stop-loss of a strategy order found by `orderId` or `clientOid` (POST /api/v3/trade/modify-strategy-order).
 *
 * @example
 * import { createUnifiedClient, modifyStrategyOrder } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await modifyStrategyOrder(client, { orderId: '5001', stopLoss: '57500' }) // { orderId: '5001', clientOid: null }
 */
export async function modifyStrategyOrder(
  client: ClientBase,
  parameters: modifyStrategyOrder.Parameters,
  options: modifyStrategyOrder.Options = {},
): Promise<modifyStrategyOrder.ReturnType> {
  requireArgument(Strategy.modifyStrategyOrder, parameters, 'object', 'parameters')
  const ack = await call(client, Strategy.modifyStrategyOrder, parameters, undefined, orderAck, {
    signal: signalOf(client, options.signal),
  })
  return { orderId: ack.orderId ?? parameters.orderId ?? null, clientOid: ack.clientOid }
}

export declare namespace modifyStrategyOrder {
  /** The request as a caller writes it. */
  type Parameters = Strategy.modifyStrategyOrder.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The strategy order's id and `clientOid`. */
  type ReturnType = { readonly orderId: string | null; readonly clientOid: string | null }
  /** What the call may throw. */
  type ErrorType = BaseError
}
