import type { ChangeErrorType, Named } from '@tradeline/core'
import {
  type Change,
  type ChangeVerdict,
  isRetry,
  OrderNotChangedError,
  type ReconcileSettings,
  runChange,
  validateRequest,
} from '@tradeline/core'
import { combineSignals } from '@tradeline/core/internal'
import { Strategy } from '@tradeline/rules/unified'
import { type ChangeOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { settingsOf } from '../internal/settle.js'
import type { StrategyLookupIncompleteError } from '../reconcile.js'
import { findStrategyOrder } from '../reconcile.js'
import { type OrderAck, strategyAck } from '../schemas/ack.js'
import type { StrategyOrderRecord } from '../schemas/strategy.js'

/**
 * Cancels one strategy order found by `orderId` or `clientOid` (POST /api/v3/trade/cancel-strategy-order).
 * With `category`, an unknown outcome is reconciled by finding the order in the strategy lists:
 * the acknowledgement once it shows `cancelled`, `OrderNotChangedError` when it triggered or does
 * not exist; without `category` it cannot be looked up and the `UnknownOutcomeError` is thrown.
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
  // The call's own reconciliation settings are checked before anything is sent.
  const reconcile = settingsOf(client, options.reconcile, Strategy.cancelStrategyOrder)
  const request = validateRequest(Strategy.cancelStrategyOrder, parameters, undefined) as {
    category?: string
    symbol?: string
  }
  const retry = isRetry(parameters)
  return changeStrategyOrder(
    client,
    Strategy.cancelStrategyOrder,
    parameters,
    request,
    { ...request, judge: judgeStrategyCancel, refusal: () => (retry ? 'check' : 'stands') },
    { signal: options.signal, reconcile },
  )
}

/**
 * A change of one strategy order found by `orderId` or `clientOid` (modify, cancel) on the
 * safe-change engine: looked up in the strategy lists of `where.category` (none: an unknown
 * outcome is thrown as it is).
 */
export function changeStrategyOrder(
  client: ClientBase,
  endpoint: typeof Strategy.cancelStrategyOrder | typeof Strategy.modifyStrategyOrder,
  parameters: { orderId?: string | undefined; clientOid?: string | undefined },
  request: unknown,
  where: {
    category?: string | undefined
    symbol?: string | undefined
    judge: Change<OrderAck | null, cancelStrategyOrder.ReturnType, StrategyOrderRecord>['judge']
    refusal: NonNullable<
      Change<OrderAck | null, cancelStrategyOrder.ReturnType, StrategyOrderRecord>['refusal']
    >
  },
  options: { signal: AbortSignal | undefined; reconcile: ReconcileSettings | undefined },
): Promise<cancelStrategyOrder.ReturnType> {
  const { category, symbol } = where
  return runChange(
    client.transport,
    {
      endpoint,
      request,
      response: strategyAck,
      retryWith: parameters,
      retry: isRetry(parameters),
      clientOid: parameters.clientOid,
      acknowledged: (ack) => ({
        orderId: ack?.orderId ?? parameters.orderId ?? null,
        clientOid: ack === null ? (parameters.clientOid ?? null) : ack.clientOid,
      }),
      lookup:
        typeof category !== 'string'
          ? undefined
          : (s) =>
              findStrategyOrder(
                client,
                { category, symbol, orderId: parameters.orderId, clientOid: parameters.clientOid },
                { signal: s },
              ),
      judge: where.judge,
      refusal: where.refusal,
      notApplied: (order, attempts, cause) =>
        new OrderNotChangedError({
          endpoint: endpoint.id,
          order,
          status: order?.status,
          attempts,
          cause,
        }),
    },
    { signal: combineSignals(client.config?.signal, options.signal), reconcile: options.reconcile },
  )
}

/**
 * The `clientOid` of an acknowledgement read from a found strategy order: `null` when it has none
 * (a record writes `""`, an acknowledgement `null`, as the exchange's own answers do).
 */
export function ackClientOid(found: Pick<StrategyOrderRecord, 'clientOid'>): string | null {
  return found.clientOid === '' ? null : (found.clientOid ?? null)
}

/** Strategy-order statuses in which the order can no longer change. */
export const closedStrategyStatuses: readonly string[] = [
  'cancelled',
  'triggered',
  'success',
  'failed',
]

/** What a strategy order shows of a cancellation. */
function judgeStrategyCancel(
  found: StrategyOrderRecord | undefined,
): ChangeVerdict<cancelStrategyOrder.ReturnType> {
  if (found === undefined) return { kind: 'not-applied', final: true }
  if (found.status === 'cancelled')
    return { kind: 'done', value: { orderId: found.orderId, clientOid: ackClientOid(found) } }
  return {
    kind: 'not-applied',
    final: found.status != null && closedStrategyStatuses.includes(found.status),
  }
}

export declare namespace cancelStrategyOrder {
  /** The request as a caller writes it. */
  type Parameters = Strategy.cancelStrategyOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions
  /** The strategy order's id and `clientOid`. */
  type ReturnType = { readonly orderId: string | null; readonly clientOid: string | null }
  /** What the call may throw. */
  type ErrorType =
    | ChangeErrorType<cancelStrategyOrder.Parameters>
    | Named<StrategyLookupIncompleteError, 'StrategyLookupIncompleteError'>
}
