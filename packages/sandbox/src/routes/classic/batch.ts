/**
 * Classic batches with partial success: batch-place-order (at most 50 orders of one symbol)
 * and batch-cancel-orders (at most 50 ids). An issue of the whole request fails it; an item's
 * own issue or exchange failure fails only that item, in `failureList` as
 * `{ orderId, clientOid, errorMsg, errorCode }` (docs/records.md).
 */
import { ClassicFutures, Endpoint, type Issue } from '@tradeline/rules'
import type { Failure } from '../../envelope.js'
import { type ClassicOrderRequest, placeClassicOrder } from '../../exchange/classic/place.js'
import { classicFailures, issueFailure } from '../../exchange/codes.js'
import { cancelOrder } from '../../exchange/matching.js'
import type { Outcome, Route } from '../../exchange.js'
import { openStatuses } from '../../orders.js'
import {
  classicContext,
  findClassicOrder,
  ignoresTradeSide,
  readsClassicBatch,
  uidOf,
} from './common.js'
import { classicAck, openClassicOrders } from './orders.js'

/** A failed item: `""` stands for an id the item has not (the classic "not set"). */
function failed(orderId: unknown, clientOid: unknown, error: Failure): Record<string, string> {
  return {
    orderId: typeof orderId === 'string' ? orderId : '',
    clientOid: typeof clientOid === 'string' ? clientOid : '',
    errorMsg: error.msg,
    errorCode: error.code,
  }
}

/**
 * Splits the rules' issues of a batch into a failure of the whole request and the first issue
 * per item of `list`. A clientOid used twice fails the later item with the exchange's
 * duplicate code, as placing it after the first would.
 */
function splitIssues(
  issues: readonly Issue.Issue[] | undefined,
  list: string,
): { whole: Failure } | { items: Map<number, Failure> } {
  const items = new Map<number, Failure>()
  for (const issue of issues ?? []) {
    const [name, index] = issue.path
    if (name !== list || typeof index !== 'number' || issue.path.length < 3)
      return { whole: issueFailure(issue) }
    const failure =
      issue.type === 'duplicate' && issue.path.at(-1) === 'clientOid'
        ? classicFailures.duplicate
        : issueFailure(issue)
    if (!items.has(index)) items.set(index, failure)
  }
  return { items }
}

/** The fields every item of a batch placement shares. */
const shared = ['symbol', 'productType', 'marginCoin', 'marginMode'] as const

/**
 * POST /api/v2/mix/order/batch-place-order: places the items one by one with the rules of
 * place-order; an item's preset take-profit/stop-loss is a preset when its position is flat
 * and modifies the position's when held (`batchPresetEffect`). `data`: `{ successList,
 * failureList, result }` (`result` true when every item was placed, as the exchange documentation states).
 */
export const batchPlaceOrderRoute: Route = {
  id: ClassicFutures.batchPlaceOrder.id,
  method: 'POST',
  path: ClassicFutures.batchPlaceOrder.path,
  auth: true,
  partial: true,
  reads: readsClassicBatch,
  context: (input, { state, key }) => classicContext(state, key, input),
  ignores: ignoresTradeSide,
  handle({ state, key, params, issues }): Outcome {
    const split = splitIssues(issues, 'orderList')
    if ('whole' in split) return { error: split.whole }
    const uid = uidOf(key)
    const top = Object.fromEntries(shared.map((field) => [field, params[field]]))
    const items = params.orderList as Record<string, unknown>[]
    const successList: Record<string, string>[] = []
    const failureList: Record<string, string>[] = []
    for (const [index, raw] of items.entries()) {
      const refused = split.items.get(index)
      const request = { ...top, ...normalised(top, raw) } as ClassicOrderRequest
      const placed = refused
        ? ({ ok: false, error: refused } as const)
        : placeClassicOrder(state, uid, request, { batch: true })
      if (placed.ok) successList.push(classicAck(placed.order, placed.ackHasOrderId))
      else failureList.push(failed(undefined, raw.clientOid, placed.error))
    }
    return { data: { successList, failureList, result: failureList.length === 0 } }
  },
}

/** The normalised form of one valid item (decimals trimmed), as the rules send it. */
function normalised(top: Record<string, unknown>, item: unknown): Record<string, unknown> {
  const result = Endpoint.check(ClassicFutures.batchPlaceOrder, { ...top, orderList: [item] })
  return result.success
    ? (result.output.orderList[0] as Record<string, unknown>)
    : (item as Record<string, unknown>)
}

/**
 * POST /api/v2/mix/order/batch-cancel-orders: cancels the listed orders of the symbol one by
 * one (an order of another symbol or product type is not found: `40768`; a closed one
 * `45055`); without `orderIdList`, every open order of the product type (and symbol, margin
 * coin). `data`: `{ successList, failureList }`.
 */
export const batchCancelOrdersRoute: Route = {
  id: ClassicFutures.batchCancelOrders.id,
  method: 'POST',
  path: ClassicFutures.batchCancelOrders.path,
  auth: true,
  partial: true,
  handle({ state, key, params, issues }): Outcome {
    const split = splitIssues(issues, 'orderIdList')
    if ('whole' in split) return { error: split.whole }
    const uid = uidOf(key)
    const productType = String(params.productType).toUpperCase()
    const symbol = params.symbol as string | undefined
    const list = params.orderIdList as Record<string, unknown>[] | undefined
    if (list === undefined) {
      const open = openClassicOrders(state, uid, {
        productType,
        symbol,
        marginCoin: params.marginCoin as string | undefined,
      })
      for (const order of open) cancelOrder(state, order.orderId, 'user')
      return { data: { successList: open.map((order) => classicAck(order)), failureList: [] } }
    }
    const successList: Record<string, string>[] = []
    const failureList: Record<string, string>[] = []
    for (const [index, item] of list.entries()) {
      const outcome = cancelItem(state, uid, item, split.items.get(index), { symbol, productType })
      if ('error' in outcome) failureList.push(outcome.error)
      else successList.push(outcome.ok)
    }
    return { data: { successList, failureList } }
  },
}

/** Cancels one item of batch-cancel-orders: its success item or its failure item. */
function cancelItem(
  state: Parameters<Route['handle']>[0]['state'],
  uid: string,
  item: Record<string, unknown>,
  refused: Failure | undefined,
  of: { symbol: string | undefined; productType: string },
): { ok: Record<string, string> } | { error: Record<string, string> } {
  if (refused) return { error: failed(item.orderId, item.clientOid, refused) }
  // The page: "Either orderId or clientOid is required. If both are entered, orderId prevails."
  const order = findClassicOrder(state, uid, {
    orderId: item.orderId,
    clientOid: item.clientOid,
    ...of,
  })
  if (!order) return { error: failed(item.orderId, item.clientOid, classicFailures.notFound) }
  if (!openStatuses.includes(order.status))
    return { error: failed(order.orderId, order.clientOid, classicFailures.notCancellable) }
  cancelOrder(state, order.orderId, 'user')
  return { ok: classicAck(order) }
}
