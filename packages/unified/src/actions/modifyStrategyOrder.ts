import type { ChangeErrorType, Named } from '@tradeline/core'
import {
  type ChangeVerdict,
  isRetry,
  OrderClosedOutcomeUnknownError,
  validateRequest,
} from '@tradeline/core'
import { modificationRefusal } from '@tradeline/core/internal'
import { Strategy } from '@tradeline/rules/unified'
import { type ChangeOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { settingsOf, showsValue } from '../internal/settle.js'
import type { StrategyLookupIncompleteError } from '../reconcile.js'
import type { StrategyOrderRecord } from '../schemas/strategy.js'
import { ackClientOid, changeStrategyOrder, closedStrategyStatuses } from './cancelStrategyOrder.js'

/**
 * Changes the quantity, the take-profit/stop-loss or the trigger of a strategy order found by
 * `orderId` or `clientOid` (POST /api/v3/trade/modify-strategy-order). The request names no
 * category, so an unknown outcome is reconciled only when `options.category` says where to find
 * the order (the strategy lists): the acknowledgement once the order shows the new values;
 * without it the `UnknownOutcomeError` is thrown.
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
  // The call's own reconciliation settings are checked before anything is sent.
  const reconcile = settingsOf(client, options.reconcile, Strategy.modifyStrategyOrder)
  const request = validateRequest(Strategy.modifyStrategyOrder, parameters, undefined)
  const retry = isRetry(parameters)
  return changeStrategyOrder(
    client,
    Strategy.modifyStrategyOrder,
    parameters,
    request,
    {
      category: options.category,
      judge: (found) => judgeStrategyModify(found, parameters),
      refusal: (error) => modificationRefusal(retry, error),
    },
    { signal: options.signal, reconcile },
  )
}

const decimalFields = [
  'qty',
  'takeProfit',
  'stopLoss',
  'tpLimitPrice',
  'slLimitPrice',
  'triggerPrice',
  'triggerOrderPrice',
] as const
const textFields = [
  'tpTriggerBy',
  'slTriggerBy',
  'tpOrderType',
  'slOrderType',
  'triggerBy',
  'triggerOrderType',
] as const

/** What a strategy order shows of a modification (as the unified order modify is judged). */
function judgeStrategyModify(
  found: StrategyOrderRecord | undefined,
  parameters: modifyStrategyOrder.Parameters,
): ChangeVerdict<modifyStrategyOrder.ReturnType> {
  if (found === undefined) return { kind: 'not-applied', final: true }
  const shows =
    decimalFields.every((key) => showsValue(found[key], parameters[key])) &&
    textFields.every((key) => parameters[key] === undefined || found[key] === parameters[key])
  if (shows)
    return { kind: 'done', value: { orderId: found.orderId, clientOid: ackClientOid(found) } }
  if (found.status != null && closedStrategyStatuses.includes(found.status))
    return {
      kind: 'error',
      error: new OrderClosedOutcomeUnknownError({
        endpoint: Strategy.modifyStrategyOrder.id,
        method: Strategy.modifyStrategyOrder.method,
        path: Strategy.modifyStrategyOrder.path,
        status: found.status,
      }),
    }
  return { kind: 'not-applied', final: false }
}

export declare namespace modifyStrategyOrder {
  /** The request as a caller writes it. */
  type Parameters = Strategy.modifyStrategyOrder.Parameters
  /** Options of the call. */
  type Options = ChangeOptions & {
    /**
     * The order's category, where to find it after an unknown outcome (the request names none).
     * @default undefined (an unknown outcome is thrown as it is)
     */
    category?: string | undefined
  }
  /** The strategy order's id and `clientOid`. */
  type ReturnType = { readonly orderId: string | null; readonly clientOid: string | null }
  /** What the call may throw. */
  type ErrorType =
    | ChangeErrorType<modifyStrategyOrder.Parameters>
    | Named<StrategyLookupIncompleteError, 'StrategyLookupIncompleteError'>
}
