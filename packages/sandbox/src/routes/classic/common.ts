/**
 * What the classic routes share: the rules' context of an account (instrument of the product
 * type, the classic position mode, the elite-trader pairs of an elite trader's key), finding a
 * classic order, and the fields the exchange ignores.
 */
import type { Issue } from '@tradeline/rules'
import { instrumentFor } from '../../exchange/matching.js'
import { setField } from '../../json.js'
import { decimalOfNumber } from '../../jsonNumbers.js'
import { lineOf, type Order } from '../../orders.js'
import type { ApiKey, SandboxState } from '../../state.js'

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** The context of the classic order endpoints (place, batch place, reversal) for one request. */
export function classicContext(
  state: SandboxState,
  key: ApiKey | undefined,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const symbol = text(input.symbol)
  const productType = text(input.productType)
  // Only an instrument of the product type asked: another one's symbol is unknown (40034).
  const instrument =
    symbol === undefined || productType === undefined
      ? undefined
      : instrumentFor(state, productType, symbol)
  return {
    instrument,
    // The position mode's checks only for a listed contract: a symbol the product type does not
    // list is answered 40034 by the route, as the account read of that symbol is, not refused
    // first for a side its mode would not take (which the client, unable to read the mode of an
    // unlisted symbol, could not have checked).
    positionMode:
      key && productType !== undefined && instrument !== undefined
        ? state.classicModeOf(key.uid, productType)
        : undefined,
    eliteTraderPairs: key?.eliteTrader === true ? state.classic.eliteTraderPairs : undefined,
  }
}

/**
 * The account's classic order named by `orderId` (which wins) or `clientOid`, of the `symbol`
 * and `productType` asked when they are given (an order of another symbol is not found).
 */
export function findClassicOrder(
  state: SandboxState,
  uid: string,
  params: Record<string, unknown>,
): Order | undefined {
  const orderId = text(params.orderId)
  const clientOid = text(params.clientOid)
  const order =
    orderId !== undefined
      ? state.orders.get(orderId)
      : clientOid !== undefined
        ? state.orders.byClientOid(uid, clientOid)
        : undefined
  if (!order || order.uid !== uid || lineOf(order) !== 'classic') return undefined
  const symbol = text(params.symbol)
  const productType = text(params.productType)?.toUpperCase()
  if (symbol !== undefined && order.symbol !== symbol) return undefined
  if (productType !== undefined && order.category.toUpperCase() !== productType) return undefined
  return order
}

/**
 * classic order rule 1 and the reversal: "tradeSide ignored in one-way mode" — the rules refuse it
 * (sending it means the caller assumed hedge mode); the exchange ignores it, and so does the
 * sandbox unless `strict`.
 */
export function ignoresTradeSide(issue: Issue.Issue): boolean {
  return issue.type === 'forbidden' && issue.path.at(-1) === 'tradeSide'
}

/** The fields the exchange reads in any case: ccxt sends `force` `GTC` and `tradeSide` `Open`/`Close`. */
const anyCase = new Set(['force', 'tradeSide'])

/**
 * A classic order, plan or transfer request as the exchange reads it: `force` and `tradeSide` in
 * any case (ccxt sends `GTC`, `IOC`, `FOK`, and `Open`/`Close` for its hedged orders, which a
 * ccxt user trades with live; the rules, and so the SDK, send the lower case of the table) and
 * prices and sizes as JSON numbers (ccxt's `createTriggerOrder` sends its `triggerPrice` so) are
 * taken as the rules' lower-case value and decimal string. No field of
 * these requests is typed a number, so every top-level number is read as the decimal written:
 * `parseJson` keeps a number a double does not hold as a `JsonNumber` of its text, and the text
 * is written without an exponent (`0.0000005`, not `5e-7`). Each field is an own property, so a
 * `__proto__` key stays an unknown field (it set the prototype, and the rules read the order
 * through it).
 */
export function readsClassicOrder(input: Record<string, unknown>): Record<string, unknown> {
  const read: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(input))
    setField(
      read,
      name,
      anyCase.has(name) && typeof value === 'string' ? value.toLowerCase() : decimalOfNumber(value),
    )
  return read
}

/**
 * A classic batch placement as the exchange reads it: each item of `orderList` as
 * {@link readsClassicOrder} reads a single order (ccxt builds its batch items with the request of
 * a single order: `force: 'GTC'`, prices as numbers), the shared fields likewise.
 */
export function readsClassicBatch(input: Record<string, unknown>): Record<string, unknown> {
  const read = readsClassicOrder(input)
  const list = input.orderList
  if (Array.isArray(list))
    setField(
      read,
      'orderList',
      list.map((item) =>
        typeof item === 'object' && item !== null && !Array.isArray(item)
          ? readsClassicOrder(item as Record<string, unknown>)
          : item,
      ),
    )
  return read
}

/** The caller's uid: every classic route is signed. */
export function uidOf(key: ApiKey | undefined): string {
  if (!key) throw new Error('A signed route was called without a key')
  return key.uid
}
