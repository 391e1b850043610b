/**
 * What the unified routes share: the rules' context of an account, finding
 * an order (orderId wins over clientOid) and cursor paging.
 */
import { Category, type Instrument } from '@tradeline/rules'
import { instrumentFor } from '../../exchange/matching.js'
import { lineOf, type Order, openStatuses } from '../../orders.js'
import type { ApiKey, SandboxState } from '../../state.js'

/** Open orders of an account per holding-limit group (rule 6). */
export function openCounts(
  state: SandboxState,
  uid: string,
): { futures: number; spotMargin: number } {
  let futures = 0
  let spotMargin = 0
  for (const order of state.orders.list({ uid, line: 'unified', statuses: openStatuses })) {
    const category = Category.normalize(order.category)
    if (category && Category.isFutures(category)) futures += 1
    else spotMargin += 1
  }
  return { futures, spotMargin }
}

/**
 * The instruments of a batch's items by symbol, as the rules' batch contexts take them: each
 * item's symbol in the category it names (`categoryOf`), so a pair listed in several categories
 * is checked against the tick and lot of the one the item trades.
 */
export function instrumentsOf(
  state: SandboxState,
  items: unknown,
  categoryOf: (item: Record<string, unknown>) => unknown,
): Record<string, Instrument> {
  const found: Record<string, Instrument> = {}
  for (const item of Array.isArray(items) ? items : []) {
    if (typeof item !== 'object' || item === null) continue
    const fields = item as Record<string, unknown>
    const category = categoryOf(fields)
    if (typeof fields.symbol !== 'string' || typeof category !== 'string') continue
    const instrument = instrumentFor(state, category, fields.symbol)
    if (instrument) found[fields.symbol] = instrument
  }
  return found
}

/** The position mode of the account for a category, for futures categories only. */
export function modeFor(
  state: SandboxState,
  key: ApiKey | undefined,
  category: unknown,
): 'one_way' | 'hedge' | undefined {
  const normalized = typeof category === 'string' ? Category.normalize(category) : undefined
  if (!key || !normalized || !Category.isFutures(normalized)) return undefined
  return state.modeOf(key.uid, normalized)
}

/** The context of place-order and place-strategy-order for one request. */
export function orderContext(
  state: SandboxState,
  key: ApiKey | undefined,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const symbol = typeof input.symbol === 'string' ? input.symbol : undefined
  const category = typeof input.category === 'string' ? input.category : undefined
  // Only an instrument of the category asked: another category's symbol is unknown (40034).
  const instrument =
    symbol === undefined || category === undefined
      ? undefined
      : instrumentFor(state, category, symbol)
  return {
    instrument,
    positionMode: modeFor(state, key, input.category),
    rpiPermission: key?.permissions.includes('rpi') ?? false,
    openOrders: key ? openCounts(state, key.uid) : undefined,
    lastPrice: symbol === undefined ? undefined : state.prices.get(symbol),
  }
}

/** The account's order named by `orderId` (which wins) or `clientOid`. */
export function findOrder(
  state: SandboxState,
  uid: string,
  params: Record<string, unknown>,
): Order | undefined {
  // The unified account does not see the classic account's orders (and the reverse).
  const own = (order: Order | undefined) =>
    order?.uid === uid && lineOf(order) === 'unified' ? order : undefined
  if (typeof params.orderId === 'string') return own(state.orders.get(params.orderId))
  if (typeof params.clientOid === 'string')
    return own(state.orders.byClientOid(uid, params.clientOid))
  return undefined
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** Filters by `startTime`/`endTime` (inclusive) on a time field. */
export function inWindow(params: Record<string, unknown>, time: number): boolean {
  const start = text(params.startTime)
  const end = text(params.endTime)
  return (
    (start === undefined || time >= Number(start)) && (end === undefined || time <= Number(end))
  )
}

/**
 * One page of `all` (newest first) after `cursor`, at most `limit` (default and max 100). The
 * cursor is the id of the page's last record on every page, the last one included, as the
 * exchange's example shows it on a one-record page (docs/records.md: stop on an empty or
 * short list); `""` on an empty page.
 */
export function page<item>(
  all: readonly item[],
  idOf: (item: item) => string,
  params: Record<string, unknown>,
  toRecord: (item: item) => unknown,
): { list: unknown[]; cursor: string } {
  const cursor = text(params.cursor)
  const from = cursor === undefined ? 0 : all.findIndex((item) => idOf(item) === cursor) + 1
  const n = Number(params.limit)
  const limit = Number.isInteger(n) && n > 0 ? Math.min(n, 100) : 100
  const slice = all.slice(from, from + limit)
  const last = slice.at(-1)
  return { list: slice.map(toRecord), cursor: last === undefined ? '' : idOf(last) }
}

/** The caller's uid: every unified route is signed. */
export function uidOf(key: ApiKey | undefined): string {
  if (!key) throw new Error('A signed route was called without a key')
  return key.uid
}
