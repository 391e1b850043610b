import type { Named, PlacementErrorType } from '@tradeline/core'
import {
  type ChangeVerdict,
  duplicateClientOidCodes,
  placement,
  runChange,
  validateRequest,
} from '@tradeline/core'
import { combineSignals } from '@tradeline/core/internal'
import { Strategy } from '@tradeline/rules/unified'
import {
  type ChangeOptions,
  type ClientBase,
  checkOf,
  clientOidFor,
  requireArgument,
} from '../internal/call.js'
import {
  assertTradable,
  defined,
  instrumentOf,
  modeAfterLocalRefusal,
  positionModeOf,
  recheckAfterRefusal,
} from '../internal/context.js'
import { settingsOf } from '../internal/settle.js'
import type { StrategyLookupIncompleteError } from '../reconcile.js'
import { lookUpStrategyOrder, OrderNotPlacedError } from '../reconcile.js'
import { type OrderAck, orderAck } from '../schemas/ack.js'
import type { StrategyOrderRecord } from '../schemas/strategy.js'

/**
 * Creates a strategy order (POST /api/v3/trade/place-strategy-order): take-profit/stop-loss
 * (`tpsl`, the default), `trigger`, `oco`, `trailing_stop`, `iceberg` or `twap`, on the
 * categories that support the type. The request is checked before it is sent (the support
 * matrix, each type's fields, and the tick and position-mode rules where the client knows the
 * instrument and mode). A `clientOid` is effective only for `tpsl`, so one is generated only
 * for `tpsl`. An unknown outcome of a `tpsl` order is reconciled by looking it up by `clientOid`
 * in the open strategy orders and the history (the real acknowledgement, or
 * `OrderNotPlacedError`); the other types carry no `clientOid`, so their `UnknownOutcomeError`
 * is thrown as it is. Nothing is sent twice.
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
  requireArgument(Strategy.placeStrategyOrder, parameters, 'object', 'parameters')
  // The call's own reconciliation settings are checked before anything is sent.
  const reconcile = settingsOf(client, options.reconcile, Strategy.placeStrategyOrder)
  const tpsl = parameters.type === undefined || parameters.type === 'tpsl'
  const clientOid = tpsl ? clientOidFor(client, parameters.clientOid) : parameters.clientOid
  const input = clientOid === undefined ? parameters : { ...parameters, clientOid }
  const [instrument, loadedMode] = await Promise.all([
    instrumentOf(client, parameters.symbol, parameters.category),
    positionModeOf(client, parameters.category),
  ])
  let positionMode = loadedMode
  await assertTradable(client, Strategy.placeStrategyOrder, [input])
  const check = () =>
    validateRequest(
      Strategy.placeStrategyOrder,
      input,
      defined({ instrument, positionMode, lastPrice: options.lastPrice }),
    )
  let request: unknown
  try {
    request = check()
  } catch (error) {
    // As placeOrder: a mode switched elsewhere since it was read is read again, once.
    const fresh = await modeAfterLocalRefusal(client, error, parameters.category)
    if (fresh === undefined) throw error
    positionMode = fresh
    request = check()
  }
  const signal = combineSignals(client.config?.signal, options.signal)
  const { category, symbol } = request as { category: string; symbol: string }
  // Only a tpsl order carries a clientOid: another type cannot be found again, so its unknown
  // outcome is reported as it is.
  const findable = tpsl && clientOid !== undefined
  const judge = (
    found: StrategyOrderRecord | undefined,
  ): ChangeVerdict<placeStrategyOrder.ReturnType> => {
    if (found === undefined) return { kind: 'not-applied', final: false }
    if (found.symbol != null && found.symbol !== symbol) return { kind: 'not-applied', final: true }
    return { kind: 'done', value: { orderId: found.orderId, clientOid: clientOid ?? null } }
  }
  return runChange(
    client.transport,
    {
      ...placement({
        endpoint: Strategy.placeStrategyOrder,
        request,
        response: orderAck,
        channelApiCode: options.channelApiCode,
        parameters,
        input,
        clientOid,
        // Only a tpsl order can be found again by its clientOid.
        duplicateCodes: findable ? duplicateClientOidCodes : [],
        judge,
        clock: client.transport.clock,
        createdAt: (found) => found.createdTime,
      }),
      acknowledged: (ack: OrderAck) => ({
        orderId: ack.orderId,
        clientOid: ack.clientOid ?? clientOid ?? null,
      }),
      lookup: findable
        ? (s) =>
            lookUpStrategyOrder(
              client,
              { category, symbol, clientOid: clientOid as string },
              { signal: s },
            )
        : undefined,
      notApplied: (_, attempts, cause) =>
        new OrderNotPlacedError({
          endpoint: Strategy.placeStrategyOrder.id,
          clientOid: clientOid ?? '',
          attempts,
          cause,
        }),
      // As placeOrder: a refusal for the instrument's attributes or the position mode reads them
      // again, and a mistake they explain is reported as such (nothing is sent again).
      explain: (error: unknown) =>
        recheckAfterRefusal(client, error, input, (fresh) =>
          checkOf(
            Strategy.placeStrategyOrder,
            input,
            defined({ instrument, positionMode, lastPrice: options.lastPrice, ...fresh }),
          ),
        ),
    },
    { signal, reconcile },
  )
}

export declare namespace placeStrategyOrder {
  /** The strategy order as a caller writes it. */
  type Parameters = Strategy.placeStrategyOrder.Parameters
  /**
   * Options of the call; `reconcile` applies to `tpsl` orders only (the other types carry no
   * `clientOid` to find them by).
   */
  type Options = ChangeOptions & {
    /** Sends the transport's broker code as `X-CHANNEL-API-CODE`. @default false */
    channelApiCode?: boolean | undefined
    /** The latest trade price of `symbol`, to bound a twap `limitOffsetSpread`. @default undefined */
    lastPrice?: string | undefined
  }
  /** The strategy order's id, and its `clientOid` (tpsl only). */
  type ReturnType = { readonly orderId: string | null; readonly clientOid: string | null }
  /** What the call may throw. */
  type ErrorType =
    | PlacementErrorType<placeStrategyOrder.Parameters>
    | Named<StrategyLookupIncompleteError, 'StrategyLookupIncompleteError'>
}
