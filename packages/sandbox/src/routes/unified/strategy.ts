/** Strategy-order routes: place, modify, cancel, and the open and history lists. */
import { failures } from '../../exchange/codes.js'
import { cancelStrategy, modifyStrategy, placeStrategy } from '../../exchange/strategy.js'
import type { StrategyOrder } from '../../exchange/types.js'
import type { Route } from '../../exchange.js'
import { setField } from '../../json.js'
import { decimalOfNumber } from '../../jsonNumbers.js'
import { strategyRecord } from '../../records/strategy.js'
import type { SandboxState } from '../../state.js'
import { inWindow, orderContext, page, uidOf } from './common.js'

/** The account's strategy order named by `orderId` (which wins) or `clientOid`. */
function findStrategy(
  state: SandboxState,
  uid: string,
  params: Record<string, unknown>,
): StrategyOrder | undefined {
  if (typeof params.orderId === 'string') {
    const order = state.strategies.get(params.orderId)
    return order?.uid === uid ? order : undefined
  }
  return [...state.strategies.values()].find(
    (s) => s.uid === uid && s.clientOid !== null && s.clientOid === params.clientOid,
  )
}

const ack = (s: StrategyOrder) => ({ data: { orderId: s.orderId, clientOid: s.clientOid } })

/**
 * The fields of a `twapParams` element the exchange documentation types `number`: tradeline sends
 * them as JSON numbers of their exact decimal text, as ccxt and bitget-api may.
 */
export const twapNumberFields = [
  'limitOffsetPercentage',
  'limitOffsetSpread',
  'twapTriggerPrice',
  'twapTerminationPrice',
] as const

/** A copy of `value` (an object) with `read` applied to each field, every field an own property. */
function mapFields(
  value: object,
  read: (name: string, field: unknown) => unknown,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(value)) setField(copy, name, read(name, field))
  return copy
}

const isRecord = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * place-strategy-order as it comes over the wire: the twap offsets and prices are JSON numbers
 * there, read as the decimal text written, never through a float (`parseJson` keeps a number a
 * double does not hold as a `JsonNumber` of its text), since the rules take decimal strings only;
 * a decimal string is kept, and anything else is left for the rules to refuse.
 */
export function readsTwapNumbers(input: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(input.twapParams)) return input
  const numbers: readonly string[] = twapNumberFields
  const params = input.twapParams.map((param: unknown) =>
    isRecord(param)
      ? mapFields(param, (name, field) => (numbers.includes(name) ? decimalOfNumber(field) : field))
      : param,
  )
  return mapFields(input, (name, field) => (name === 'twapParams' ? params : field))
}

/** POST /api/v3/trade/place-strategy-order. */
export const placeStrategyRoute: Route = {
  id: 'strategy.placeStrategyOrder',
  method: 'POST',
  path: '/api/v3/trade/place-strategy-order',
  auth: true,
  wire: readsTwapNumbers,
  context: (input, { state, key }) => orderContext(state, key, input),
  handle({ state, key, params }) {
    const placed = placeStrategy(state, uidOf(key), params)
    return placed.ok ? ack(placed.order) : { error: placed.error }
  },
}

/** POST /api/v3/trade/modify-strategy-order: a live strategy order only. */
export const modifyStrategyRoute: Route = {
  id: 'strategy.modifyStrategyOrder',
  method: 'POST',
  path: '/api/v3/trade/modify-strategy-order',
  auth: true,
  handle({ state, key, params }) {
    const order = findStrategy(state, uidOf(key), params)
    if (!order) return { error: failures.notFound }
    const failed = modifyStrategy(state, order, params)
    return failed ? { error: failed } : ack(order)
  },
}

/** POST /api/v3/trade/cancel-strategy-order: a live strategy order only. */
export const cancelStrategyRoute: Route = {
  id: 'strategy.cancelStrategyOrder',
  method: 'POST',
  path: '/api/v3/trade/cancel-strategy-order',
  auth: true,
  handle({ state, key, params }) {
    const order = findStrategy(state, uidOf(key), params)
    if (!order) return { error: failures.notFound }
    const failed = cancelStrategy(state, order)
    // `data: null`, as the exchange's Cancel Strategy Order page shows (modify answers the ids).
    return failed ? { error: failed } : { data: null }
  },
}

/** The account's strategy orders of the query's category (and type, symbol, times), newest first. */
function strategiesOf(
  state: SandboxState,
  uid: string,
  params: Record<string, unknown>,
  open: boolean,
): StrategyOrder[] {
  const category = String(params.category).toUpperCase()
  return [...state.strategies.values()]
    .filter(
      (s) =>
        s.uid === uid &&
        s.category === category &&
        (s.status === 'live') === open &&
        (params.type === undefined || s.type === params.type) &&
        (params.symbol === undefined || s.symbol === params.symbol) &&
        inWindow(params, s.createdTime),
    )
    .reverse()
}

/**
 * GET /api/v3/trade/unfilled-strategy-orders: live strategy orders, newest first, as a bare
 * array without a cursor (docs/records.md and the exchange's example).
 */
export const unfilledStrategyRoute: Route = {
  id: 'strategy.getUnfilledStrategyOrders',
  method: 'GET',
  path: '/api/v3/trade/unfilled-strategy-orders',
  auth: true,
  handle: ({ state, key, params }) => ({
    data: strategiesOf(state, uidOf(key), params, true).map(strategyRecord),
  }),
}

/** GET /api/v3/trade/history-strategy-orders: triggered and cancelled ones, newest first, paged. */
export const historyStrategyRoute: Route = {
  id: 'strategy.getHistoryStrategyOrders',
  method: 'GET',
  path: '/api/v3/trade/history-strategy-orders',
  auth: true,
  handle: ({ state, key, params }) => ({
    data: page(
      strategiesOf(state, uidOf(key), params, false),
      (s) => s.orderId,
      params,
      strategyRecord,
    ),
  }),
}
