import type { BaseError } from '@tradeline/core'
import { Strategy } from '@tradeline/rules'
import {
  type CallOptions,
  type ClientBase,
  clientOidFor,
  send,
  signalOf,
  validate,
} from '../internal/call.js'
import { defined, instrumentOf, positionModeOf } from '../internal/context.js'
import { orderAck } from '../schemas/ack.js'

/**
 * Creates a strategy order (POST /api/v3/trade/place-strategy-order): take-profit/stop-loss
 * (`tpsl`, the default), `trigger`, `oco`, `trailing_stop`, `iceberg` or `twap`, on the
 * categories that support the type. The request is checked before it is sent (the support
 * matrix, each type's fields, and the tick and position-mode rules where the client knows the
 * instrument and mode). A `clientOid` is effective only for `tpsl`, so one is generated only
 * for `tpsl`.
 *
 * @example
 * import { createUnifiedClient, placeStrategyOrder } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials, positionMode: 'hedge' })
 * await placeStrategyOrder(client, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'long', stopLoss: '58000' })
 * // { orderId: '5001', clientOid: 'Jc3m_0q9ZyXb-4TtUu1wQe8K' }
 */
export async function placeStrategyOrder(
  client: ClientBase,
  parameters: placeStrategyOrder.Parameters,
  options: placeStrategyOrder.Options = {},
): Promise<placeStrategyOrder.ReturnType> {
  const tpsl = parameters.type === undefined || parameters.type === 'tpsl'
  const clientOid = tpsl ? clientOidFor(client, parameters.clientOid) : parameters.clientOid
  const input = clientOid === undefined ? parameters : { ...parameters, clientOid }
  const [instrument, positionMode] = await Promise.all([
    instrumentOf(client, parameters.symbol, parameters.category),
    positionModeOf(client, parameters.category),
  ])
  const request = validate(
    Strategy.placeStrategyOrder,
    input,
    defined({ instrument, positionMode, lastPrice: options.lastPrice }),
  )
  const ack = await send(client, Strategy.placeStrategyOrder, request, orderAck, {
    signal: signalOf(client, options.signal),
    channelApiCode: options.channelApiCode,
  })
  return { orderId: ack.orderId, clientOid: ack.clientOid ?? clientOid ?? null }
}

export declare namespace placeStrategyOrder {
  /** The strategy order as a caller writes it. */
  type Parameters = Strategy.placeStrategyOrder.Parameters
  /** Options of the call. */
  type Options = CallOptions & {
    /** Sends the transport's broker code as `X-CHANNEL-API-CODE`. @default false */
    channelApiCode?: boolean | undefined
    /** The latest trade price of `symbol`, to bound a twap `limitOffsetSpread`. @default undefined */
    lastPrice?: string | undefined
  }
  /** The strategy order's id, and its `clientOid` (tpsl only). */
  type ReturnType = { readonly orderId: string | null; readonly clientOid: string | null }
  /** What the call may throw. */
  type ErrorType = BaseError
}
