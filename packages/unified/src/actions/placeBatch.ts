import type { WriteErrorType } from '@tradeline/core'
import { sendRequest, ValidationError, validateRequest } from '@tradeline/core'
import { combineSignals } from '@tradeline/core/internal'
import { type Issues, Unified } from '@tradeline/rules'
import { duplicates } from '../internal/batches.js'
import {
  type CallOptions,
  type ClientBase,
  clientOidFor,
  requireArgument,
} from '../internal/call.js'
import { assertTradable, defined, instrumentsOf, positionModeOf } from '../internal/context.js'
import { type BatchItemResult, batchResults } from '../schemas/ack.js'

/**
 * Places one batch of 1 to 20 orders of one category (POST /api/v3/trade/place-batch). Every
 * order gets a `clientOid` when it has none and is checked before anything is sent. An unknown
 * outcome is thrown as is: use {@link placeOrders} for reconciliation, any number of orders
 * and progress.
 *
 * @example
 * import { createUnifiedClient, placeBatch } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await placeBatch(client, [{ category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '60000' }])
 * // [{ orderId: '1001', clientOid: 'Jc3m_…', code: '00000', msg: 'success' }]
 */
export async function placeBatch(
  client: ClientBase,
  orders: placeBatch.Parameters,
  options: placeBatch.Options = {},
): Promise<placeBatch.ReturnType> {
  requireArgument(Unified.placeBatch, orders, 'array', 'orders')
  const items = withClientOids(client, orders)
  const repeated = duplicates(items, (item: { clientOid?: string | undefined }) => ({
    clientOid: item.clientOid,
  }))
  if (repeated.length > 0)
    throw new ValidationError({
      endpoint: Unified.placeBatch.id,
      issues: repeated as unknown as Issues,
    })
  await assertTradable(client, Unified.placeBatch, items, (i) => [i])
  const request = validateRequest(Unified.placeBatch, items, await placeBatchContext(client, items))
  const results = await sendRequest(client.transport, Unified.placeBatch, request, batchResults, {
    signal: combineSignals(client.config?.signal, options.signal),
  })
  results.forEach((result, i) => void client.symbols?.remember(result, items[i]?.symbol))
  return results
}

/** Gives every order without a `clientOid` a generated one. */
export function withClientOids<item extends { clientOid?: string | undefined }>(
  client: ClientBase,
  orders: readonly item[],
): item[] {
  return orders.map((order) =>
    // What is not an object is left as it is, for the rules to refuse as such ("[0]: expected
    // Object"), not spread into an object of its characters.
    typeof order === 'object' &&
    order !== null &&
    !Array.isArray(order) &&
    order.clientOid === undefined
      ? { ...order, clientOid: clientOidFor(client, undefined) }
      : order,
  )
}

/** The rules' context of one place-batch: instruments and the position mode of its category. */
export async function placeBatchContext(
  client: ClientBase,
  items: readonly unknown[],
): Promise<Unified.placeBatch.Context> {
  const category = (items[0] as { category?: unknown } | undefined)?.category
  const [instruments, positionMode] = await Promise.all([
    instrumentsOf(client, items),
    positionModeOf(client, category),
  ])
  return defined({ instruments, positionMode })
}

export declare namespace placeBatch {
  /** Up to 20 orders of one category. */
  type Parameters = readonly Unified.placeBatch.Item[]
  /** Options of the call. */
  type Options = CallOptions
  /** Per-item results, in order. */
  type ReturnType = BatchItemResult[]
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}
