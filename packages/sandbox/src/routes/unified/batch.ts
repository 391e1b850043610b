/**
 * Batch placement and cancellation with partial success: issues of the whole request (batch
 * size, categories that differ, the holding limit) fail it; an item's own issue or exchange
 * failure fails only that item, answered with its `code` and `msg`.
 */
import { Endpoint, type Issue, Unified } from '@tradeline/rules'
import type { Failure } from '../../envelope.js'
import { failures, issueFailure } from '../../exchange/codes.js'
import { cancelOrder, type PlaceRequest, placeOrder } from '../../exchange/matching.js'
import type { Outcome, Route } from '../../exchange.js'
import { openStatuses } from '../../orders.js'
import { findOrder, instrumentsOf, modeFor, openCounts, uidOf } from './common.js'

/**
 * A field of a batch item, `undefined` when the item is not an object (`null`, a number, a
 * list): such an item has its own issue from the rules and fails alone, never the handler.
 */
const field = (item: unknown, name: string): unknown =>
  typeof item === 'object' && item !== null && !Array.isArray(item)
    ? (item as Record<string, unknown>)[name]
    : undefined

/** A batch item result. */
type ItemResult = { orderId: string | null; clientOid: string | null; code: string; msg: string }

const ok = (orderId: string, clientOid: string): ItemResult => ({
  orderId,
  clientOid,
  code: '00000',
  msg: 'success',
})
const failed = (clientOid: unknown, error: Failure): ItemResult => ({
  orderId: null,
  clientOid: typeof clientOid === 'string' ? clientOid : null,
  code: error.code,
  msg: error.msg,
})

/**
 * Splits the rules' issues into a failure of the whole request and the first issue per item
 * index; `undefined` items mean the whole request failed.
 */
function splitIssues(
  issues: readonly Issue.Issue[] | undefined,
): { whole: Failure } | { items: Map<number, Issue.Issue> } {
  const items = new Map<number, Issue.Issue>()
  for (const issue of issues ?? []) {
    const index = issue.path[0]
    const acrossItems = issue.type === 'mismatch' || issue.type === 'duplicate'
    if (typeof index !== 'number' || acrossItems) return { whole: issueFailure(issue) }
    if (!items.has(index)) items.set(index, issue)
  }
  return { items }
}

/** The normalised form of one valid item (category upper-case, ...). */
function normalised<endpoint extends Endpoint.Endpoint<any, any>>(
  endpoint: endpoint,
  item: unknown,
): Record<string, unknown> {
  const result = Endpoint.check(endpoint, [item], {} as never)
  return result.success
    ? (result.output as Record<string, unknown>[])[0]!
    : (item as Record<string, unknown>)
}

/** POST /api/v3/trade/place-batch: places up to 20 orders of one category, item by item. */
export const placeBatchRoute: Route = {
  id: 'unified.placeBatch',
  method: 'POST',
  path: '/api/v3/trade/place-batch',
  auth: true,
  partial: true,
  context: (input, { state, key }) => {
    const first = Array.isArray(input) ? input[0] : undefined
    return {
      instruments: instrumentsOf(state, input, (item) => item.category),
      positionMode: modeFor(state, key, field(first, 'category')),
      rpiPermission: key?.permissions.includes('rpi') ?? false,
      openOrders: key ? openCounts(state, key.uid) : undefined,
    }
  },
  handle({ state, key, params, issues }): Outcome {
    const split = splitIssues(issues)
    if ('whole' in split) return { error: split.whole }
    const uid = uidOf(key)
    const items = params as unknown as unknown[]
    return {
      data: items.map((raw, index) => {
        const issue = split.items.get(index)
        if (issue) return failed(field(raw, 'clientOid'), issueFailure(issue))
        const placed = placeOrder(state, uid, normalised(Unified.placeBatch, raw) as PlaceRequest)
        if (!placed.ok) return failed(field(raw, 'clientOid'), placed.error)
        return ok(placed.order.orderId, placed.order.clientOid)
      }),
    }
  },
}

/**
 * POST /api/v3/trade/cancel-batch: cancels up to 20 orders, item by item. `orderId` wins over
 * `clientOid`; when the call mixes orderId items and clientOid items, clientOids are ignored,
 * so an item with a clientOid only is not found (`43001`).
 */
export const cancelBatchRoute: Route = {
  id: 'unified.cancelBatch',
  method: 'POST',
  path: '/api/v3/trade/cancel-batch',
  auth: true,
  partial: true,
  handle({ state, key, params, issues }): Outcome {
    const split = splitIssues(issues)
    if ('whole' in split) return { error: split.whole }
    const uid = uidOf(key)
    const items = params as unknown as unknown[]
    const mixed =
      items.some((item) => typeof field(item, 'orderId') === 'string') &&
      items.some(
        (item) =>
          typeof field(item, 'orderId') !== 'string' &&
          typeof field(item, 'clientOid') === 'string',
      )
    return {
      data: items.map((item, index) => {
        const issue = split.items.get(index)
        if (issue) return failed(field(item, 'clientOid'), issueFailure(issue))
        // An item without an issue is an object (the rules give every other item one).
        const raw = item as Record<string, unknown>
        const ref = mixed ? { orderId: raw.orderId } : raw
        const order = findOrder(state, uid, ref)
        if (!order || order.category.toUpperCase() !== String(raw.category).toUpperCase())
          return {
            ...failed(raw.clientOid, failures.notFound),
            orderId: (raw.orderId as string) ?? null,
          }
        if (!openStatuses.includes(order.status))
          return { ...failed(order.clientOid, failures.closed), orderId: order.orderId }
        cancelOrder(state, order.orderId, 'user')
        return ok(order.orderId, order.clientOid)
      }),
    }
  },
}
