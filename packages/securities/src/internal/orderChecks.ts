/**
 * The checks of a placement's and a modification's prices and fields before they are sent,
 * beyond the endpoint's schema: prices on the tick (the rules' `Securities.tickIssues`, Reg NMS
 * Rule 612) and, for a modification, the fields the order's type forbids. Modify-order names
 * only the `orderId`, so the client keeps a memory of the orders it knows (its placements and
 * the orders it read), the symbol and type a modification is checked against.
 */
import { ValidationError } from '@tradeline/core'
import { keepState } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import type { Issue, Issues } from '@tradeline/rules/shared'
import type { ClientBase, KnownOrders } from './client.js'
import { checkLot } from './lotSizes.js'

/** Throws a `ValidationError` of `endpoint` with `issues` when there is any. */
function refuse(endpoint: string, issues: readonly Issue.Issue[]): void {
  if (issues.length > 0) throw new ValidationError({ endpoint, issues: issues as Issues })
}

/**
 * Refuses a price off the finest tick any US venue may accept for it (`finest`: 0.0001 below
 * 1 USD, 0.005 from 1 USD, options 0.01), naming the field. A stock's own tick (0.01, or 0.005
 * in the amended rule's group) is not published per symbol, so a half-penny price of a stock is
 * left to the exchange.
 */
export function checkTicks(
  endpoint: string,
  symbol: string,
  request: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): void {
  refuse(endpoint, Securities.tickIssues(symbol, request, fields, 'finest'))
}

/** The most orders a client remembers; the oldest is forgotten first. */
export const knownOrdersMax = 2000

/** A new memory of orders (`orderId` to its `symbol` and `orderType`), bounded by {@link knownOrdersMax}. */
export function createKnownOrders(max = knownOrdersMax): KnownOrders {
  const orders = new Map<string, { readonly symbol: string; readonly orderType: string }>()
  return {
    get: (orderId) => orders.get(orderId),
    // Core's bounded state map: the newest `max`, the least recently remembered dropped first.
    remember(orderId, order) {
      keepState(orders, orderId, { symbol: order.symbol, orderType: order.orderType }, max)
    },
  }
}

/**
 * Checks a modification of an order the client knows (placed or read through it) before it is
 * sent: the fields its type forbids (`trailingPercent` on an `LO`), its prices on the tick,
 * `quantity` in whole lots. An order it does not know is sent as given (the exchange checks):
 * reading the order first would spend a call of the order endpoints' 30 per 30 seconds on every
 * modification.
 */
export async function checkModification(
  client: ClientBase,
  request: Readonly<Record<string, string>>,
  signal?: AbortSignal | undefined,
): Promise<void> {
  const orderId = request.orderId
  const order = orderId === undefined ? undefined : client.knownOrders?.get(orderId)
  if (!order) return
  const endpoint = Securities.modifyOrder.id
  refuse(endpoint, Securities.modifyFieldIssues(order.orderType, request))
  checkTicks(endpoint, order.symbol, request, Securities.tickedPrices.modifyOrder)
  const quantity = request.quantity
  if (quantity !== undefined)
    await checkLot(client, { endpoint, field: 'quantity', symbol: order.symbol, quantity }, signal)
}
