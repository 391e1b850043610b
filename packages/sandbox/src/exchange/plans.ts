/**
 * Classic plan orders (https://www.bitget.com/api-doc/contract/plan/Place-Plan-Order and its
 * sibling pages): trigger orders (`normal_plan`), trailing stops (`track_plan`) and the
 * take-profit/stop-loss of a position (`profit_plan`, `loss_plan`, `moving_plan`, `pos_profit`,
 * `pos_loss`), kept per account in `state.plans` until the trigger engine (./triggers.ts)
 * executes them or the owner cancels them.
 */
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../envelope.js'
import type { SandboxState } from '../state.js'
import { classicTradeFields } from './classic/fields.js'
import { accountRefusal } from './classic/place.js'
import { classicFailures, failures, parameterFailure, unknownSymbol } from './codes.js'
import { instrumentFor } from './matching.js'
import { reducible } from './positions.js'

const big = (value: string): Big => new Big(value)

/** Every plan type the sandbox keeps. */
export type PlanKind =
  | 'normal_plan'
  | 'track_plan'
  | 'profit_plan'
  | 'loss_plan'
  | 'moving_plan'
  | 'pos_profit'
  | 'pos_loss'

/** The take-profit/stop-loss types: they protect a position and go when it closes. */
export const tpslKinds: readonly PlanKind[] = [
  'profit_plan',
  'loss_plan',
  'moving_plan',
  'pos_profit',
  'pos_loss',
]

/** A plan order; prices and sizes are decimal strings as sent (normalised by the rules). */
export type PlanOrder = {
  readonly orderId: string
  readonly clientOid: string
  readonly uid: string
  /** The product type, upper-case. */
  readonly category: string
  readonly symbol: string
  readonly planType: PlanKind
  readonly marginCoin: string
  readonly marginMode: string
  /** The order it places, on the classic wire: `side`, `tradeSide` (hedge), `reduceOnly` (one-way). */
  readonly side: 'buy' | 'sell'
  readonly tradeSide?: 'open' | 'close' | undefined
  readonly reduceOnly?: 'YES' | 'NO' | undefined
  /** The direction of the trade in the book (a hedge close of a long sells). */
  readonly bookSide: 'buy' | 'sell'
  /** `long`, `short`, or `net` (one-way). */
  readonly posSide: 'long' | 'short' | 'net'
  /** `""` for a take-profit/stop-loss of the whole position. */
  readonly size: string
  readonly orderType: 'limit' | 'market'
  /** The execute price of a limit order. */
  readonly price?: string | undefined
  /** Trailing stops: the callback ratio in percent. */
  readonly callbackRatio?: string | undefined
  readonly triggerPrice: string
  readonly triggerType: 'fill_price' | 'mark_price'
  /** `up`: triggers at or above `triggerPrice`; `down`: at or below. */
  readonly direction: 'up' | 'down'
  /** Trailing stops: whether `triggerPrice` was reached and the trailing started. */
  readonly active?: boolean | undefined
  /** Trailing stops: the best price since the trailing started. */
  readonly best?: string | undefined
  /** The take-profit/stop-loss of a trigger order, as sent (`stopSurplusTriggerPrice`, ...). */
  readonly presets: Readonly<Record<string, string>>
  readonly status: 'live' | 'executed' | 'fail_execute' | 'cancelled'
  /** The order it placed when executed. */
  readonly executeOrderId?: string | undefined
  /** Why it failed to execute. */
  readonly failure?: Failure | undefined
  /** The classic order whose preset take-profit/stop-loss made it. */
  readonly parentOrderId?: string | undefined
  readonly createdTime: number
  readonly updatedTime: number
}

/** The outcome of placing or changing a plan order. */
export type PlanOutcome =
  | { readonly ok: true; readonly plan: PlanOrder }
  | { readonly ok: false; readonly error: Failure }

const fail = (error: Failure): { ok: false; error: Failure } => ({ ok: false, error })

/** The price a trigger watches: the mark price (the last price when none is set apart) or the last price. */
export function watchedPrice(
  state: SandboxState,
  symbol: string,
  triggerType: PlanOrder['triggerType'],
): string | undefined {
  const last = state.prices.get(symbol)
  return triggerType === 'mark_price' ? (state.marks.get(symbol) ?? last) : last
}

/** Stores a plan order and tells the listeners. */
export function savePlan(state: SandboxState, plan: PlanOrder): PlanOrder {
  state.plans.set(plan.orderId, plan)
  state.events.emit({ type: 'plan', plan })
  return plan
}

/** Changes a stored plan order (its `updatedTime` too) and tells the listeners. */
export function updatePlan(
  state: SandboxState,
  plan: PlanOrder,
  changes: Partial<Omit<PlanOrder, 'orderId' | 'uid' | 'clientOid'>>,
): PlanOrder {
  return savePlan(state, { ...plan, ...changes, updatedTime: state.clock.now() })
}

/** The account's plan order named by `orderId` (which wins) or `clientOid`. */
export function findPlan(
  state: SandboxState,
  uid: string,
  ref: { readonly orderId?: unknown; readonly clientOid?: unknown },
): PlanOrder | undefined {
  const orderId = typeof ref.orderId === 'string' && ref.orderId !== '' ? ref.orderId : undefined
  const clientOid =
    typeof ref.clientOid === 'string' && ref.clientOid !== '' ? ref.clientOid : undefined
  if (orderId !== undefined) {
    const plan = state.plans.get(orderId)
    return plan?.uid === uid ? plan : undefined
  }
  if (clientOid === undefined) return undefined
  for (const plan of state.plans.values())
    if (plan.uid === uid && plan.clientOid === clientOid) return plan
  return undefined
}

type Common = {
  readonly symbol: string
  readonly productType: string
  readonly marginCoin: string
  readonly marginMode?: string | undefined
  readonly clientOid?: string | undefined
}

/** The checks every placement meets: symbol, margin coin and mode, a fresh clientOid. */
function admitPlan(state: SandboxState, uid: string, request: Common): Failure | undefined {
  const productType = request.productType.toUpperCase()
  if (!instrumentFor(state, productType, request.symbol)) return unknownSymbol(request.symbol)
  if (state.prices.get(request.symbol) === undefined)
    return parameterFailure(`symbol: no price for "${request.symbol}"`)
  const refused = accountRefusal(state, uid, productType, {
    symbol: request.symbol,
    marginCoin: request.marginCoin,
    ...(request.marginMode !== undefined && { marginMode: request.marginMode }),
  })
  if (refused) return refused
  if (request.clientOid !== undefined && findPlan(state, uid, { clientOid: request.clientOid }))
    return classicFailures.duplicate
  return undefined
}

/** A new plan order's identity and times. */
function identity(state: SandboxState, uid: string, clientOid: string | undefined) {
  const orderId = state.ids.orderId()
  const now = state.clock.now()
  return {
    orderId,
    clientOid: clientOid ?? `sbx${orderId}`,
    uid,
    createdTime: now,
    updatedTime: now,
  }
}

/** The request of place-plan-order after the rules' check. */
export type PlanRequest = Common & {
  readonly planType: 'normal_plan' | 'track_plan'
  readonly size: string
  readonly price?: string | undefined
  readonly callbackRatio?: string | undefined
  readonly triggerPrice: string
  readonly triggerType: PlanOrder['triggerType']
  readonly side: 'buy' | 'sell'
  readonly tradeSide?: 'open' | 'close' | undefined
  readonly orderType: 'limit' | 'market'
  readonly reduceOnly?: 'YES' | 'NO' | undefined
  readonly [field: string]: unknown
}

const presetKeys = [
  'stopSurplusTriggerPrice',
  'stopSurplusExecutePrice',
  'stopSurplusTriggerType',
  'stopLossTriggerPrice',
  'stopLossExecutePrice',
  'stopLossTriggerType',
] as const

/** The take-profit/stop-loss fields a request sets (`""` and `0` prices set nothing). */
export function planPresets(request: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    presetKeys.flatMap((key) => {
      const value = request[key]
      return typeof value === 'string' && value !== '' ? [[key, value]] : []
    }),
  )
}

/**
 * Places a trigger order or trailing stop: it triggers when the watched price reaches
 * `triggerPrice` from the side it is on now (a trigger above the price waits for a rise).
 */
export function placePlan(
  state: SandboxState,
  uid: string,
  sent: Omit<PlanRequest, 'reduceOnly'> & { readonly reduceOnly?: string | undefined },
): PlanOutcome {
  // The page's table spells reduceOnly `yes`/`no`, its example and place-order `YES`/`NO`.
  const { reduceOnly } = sent
  const request = (
    reduceOnly === undefined ? sent : { ...sent, reduceOnly: reduceOnly.toUpperCase() }
  ) as PlanRequest
  const refused = admitPlan(state, uid, request)
  if (refused) return fail(refused)
  const category = request.productType.toUpperCase()
  const trade = classicTradeFields(request, state.classicModeOf(uid, category))
  if (!trade) return fail(failures.mode)
  const watched = watchedPrice(state, request.symbol, request.triggerType) ?? '0'
  const plan: PlanOrder = {
    ...identity(state, uid, request.clientOid),
    category,
    symbol: request.symbol,
    planType: request.planType,
    marginCoin: request.marginCoin,
    marginMode: request.marginMode ?? 'crossed',
    side: request.side,
    ...(request.tradeSide !== undefined && { tradeSide: request.tradeSide }),
    ...(request.reduceOnly !== undefined && { reduceOnly: request.reduceOnly }),
    bookSide: trade.side,
    posSide: trade.posSide ?? 'net',
    size: request.size,
    orderType: request.planType === 'track_plan' ? 'market' : request.orderType,
    ...(request.price !== undefined && { price: request.price }),
    ...(request.planType === 'track_plan' && { callbackRatio: request.callbackRatio }),
    triggerPrice: request.triggerPrice,
    triggerType: request.triggerType,
    direction: big(request.triggerPrice).gte(watched) ? 'up' : 'down',
    presets: planPresets(request),
    status: 'live',
  }
  return { ok: true, plan: savePlan(state, plan) }
}

/** The request of place-tpsl-order after the rules' check. */
export type TpslRequest = Common & {
  readonly planType: 'profit_plan' | 'loss_plan' | 'moving_plan' | 'pos_profit' | 'pos_loss'
  readonly triggerPrice: string
  readonly triggerType?: PlanOrder['triggerType'] | undefined
  readonly executePrice?: string | undefined
  readonly holdSide: 'long' | 'short' | 'buy' | 'sell'
  readonly size?: string | undefined
  readonly rangeRate?: string | undefined
  readonly [field: string]: unknown
}

const isSet = (value: string | undefined): value is string =>
  value !== undefined && value !== '' && /[1-9]/.test(value)

/**
 * Places a take-profit/stop-loss on a held position: it closes (part of) the position when the
 * watched price reaches the trigger, so a take-profit of a long waits for a rise and must lie
 * above the price, a stop-loss below (a short the other way round). No position: `22002`. A
 * new `pos_profit`/`pos_loss` replaces the position's earlier one.
 */
export function placeTpsl(state: SandboxState, uid: string, request: TpslRequest): PlanOutcome {
  const refused = admitPlan(state, uid, request)
  if (refused) return fail(refused)
  const category = request.productType.toUpperCase()
  const hedge = state.classicModeOf(uid, category) === 'hedge'
  const long = request.holdSide === 'long' || request.holdSide === 'buy'
  const bookSide = long ? 'sell' : 'buy'
  const posSide = hedge ? (long ? 'long' : 'short') : 'net'
  const held = reducible(state, {
    uid,
    category,
    symbol: request.symbol,
    side: bookSide,
    line: 'classic',
    ...(hedge && { posSide }),
  })
  if (big(held).isZero()) return fail(failures.noPosition)
  const triggerType = request.triggerType ?? 'fill_price'
  const watched = watchedPrice(state, request.symbol, triggerType) ?? '0'
  const profit = request.planType === 'profit_plan' || request.planType === 'pos_profit'
  const trailing = request.planType === 'moving_plan'
  // A take-profit of a long and a stop-loss of a short wait for a rise.
  const direction: PlanOrder['direction'] = trailing
    ? big(request.triggerPrice).gte(watched)
      ? 'up'
      : 'down'
    : profit === long
      ? 'up'
      : 'down'
  if (!trailing && (direction === 'up') !== big(request.triggerPrice).gt(watched))
    return fail(
      parameterFailure(
        `triggerPrice: a ${profit ? 'take-profit' : 'stop-loss'} of a ${long ? 'long' : 'short'} position must be ${direction === 'up' ? 'above' : 'below'} the ${triggerType === 'mark_price' ? 'mark' : 'last'} price (${watched}), received "${request.triggerPrice}"`,
      ),
    )
  if (request.planType === 'pos_profit' || request.planType === 'pos_loss')
    for (const earlier of [...state.plans.values()])
      if (
        earlier.uid === uid &&
        earlier.status === 'live' &&
        earlier.planType === request.planType &&
        earlier.symbol === request.symbol &&
        earlier.posSide === posSide
      )
        updatePlan(state, earlier, { status: 'cancelled' })
  const limit = isSet(request.executePrice) && !trailing ? request.executePrice : undefined
  const plan: PlanOrder = {
    ...identity(state, uid, request.clientOid),
    category,
    symbol: request.symbol,
    planType: request.planType,
    marginCoin: request.marginCoin,
    marginMode: positionMarginMode(state, uid, request.symbol),
    // The classic wire closes a long by "buy + close" in hedge mode, by a reduce-only sell in one-way mode.
    ...(hedge
      ? { side: long ? ('buy' as const) : ('sell' as const), tradeSide: 'close' as const }
      : { side: bookSide, reduceOnly: 'YES' as const }),
    bookSide,
    posSide,
    size: isSet(request.size) ? request.size : '',
    orderType: limit === undefined ? 'market' : 'limit',
    ...(limit !== undefined && { price: limit }),
    ...(trailing && { callbackRatio: request.rangeRate }),
    triggerPrice: request.triggerPrice,
    triggerType,
    direction,
    presets: {},
    status: 'live',
  }
  return { ok: true, plan: savePlan(state, plan) }
}

/** The margin mode of the account's classic position of `symbol` (`crossed` when none says). */
function positionMarginMode(state: SandboxState, uid: string, symbol: string): string {
  for (const position of state.positions.values())
    if (position.uid === uid && position.line === 'classic' && position.symbol === symbol)
      return position.marginMode ?? 'crossed'
  return 'crossed'
}

/** Whether a plan order can still change: live, else `40768` when unknown, `45055` when done. */
export function livePlan(plan: PlanOrder | undefined): Failure | undefined {
  if (!plan) return classicFailures.notFound
  return plan.status === 'live' ? undefined : classicFailures.notCancellable
}

/** Cancels a live plan order. */
export function cancelPlan(state: SandboxState, plan: PlanOrder): PlanOrder {
  return updatePlan(state, plan, { status: 'cancelled' })
}
