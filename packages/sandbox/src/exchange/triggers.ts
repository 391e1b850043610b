/**
 * The trigger engine of the classic plan orders: run on every new price (last or mark), it
 * executes the live plan orders whose trigger the watched price reaches by placing their order
 * through the classic account's normal order path (so fills, positions, balances and pushes
 * follow); it moves trailing stops along; it turns the preset take-profit/stop-loss of a filled
 * classic order into take-profit/stop-loss plan orders; and it cancels the take-profit/stop-loss
 * of a position that has closed.
 */
import { Big } from '@tradeline/rules/big'
import type { SandboxEvent } from '../events.js'
import type { Order } from '../orders.js'
import type { SandboxState } from '../state.js'
import { type ClassicOrderRequest, placeClassicOrder } from './classic/place.js'
import {
  cancelPlan,
  type PlanOrder,
  savePlan,
  tpslKinds,
  updatePlan,
  watchedPrice,
} from './plans.js'
import { positionKey, positionOf, reducible } from './positions.js'

const big = (value: string): Big => new Big(value)

/** Whether `price` has reached the trigger in the plan's direction. */
const reached = (plan: PlanOrder, price: string) =>
  plan.direction === 'up' ? big(price).gte(plan.triggerPrice) : big(price).lte(plan.triggerPrice)

/**
 * Evaluates the live plan orders of `symbol` at its current prices, oldest first: a trigger
 * order executes when its trigger is reached; a trailing stop starts trailing there and
 * executes when the price turns back from its best by the callback ratio (a sell when it falls
 * that far below the highest price, a buy when it rises that far above the lowest).
 *
 * @example
 * import { evaluatePlans } from './exchange/triggers.js'
 * import { createState } from './state.js'
 * const state = createState()
 * evaluatePlans(state, 'BTCUSDT') // no plan orders: nothing happens
 */
export function evaluatePlans(state: SandboxState, symbol: string): void {
  const live = [...state.plans.values()].filter((p) => p.symbol === symbol && p.status === 'live')
  for (const listed of live) {
    const plan = state.plans.get(listed.orderId)
    // An earlier execution may have cancelled it (its position closed).
    if (plan?.status !== 'live') continue
    const price = watchedPrice(state, symbol, plan.triggerType)
    if (price === undefined) continue
    if (plan.callbackRatio === undefined) {
      if (reached(plan, price)) execute(state, plan)
      continue
    }
    const step = trail(
      { active: plan.active === true, best: plan.best },
      { price, reached: reached(plan, price), selling: plan.bookSide === 'sell' },
      (best) =>
        big(best)
          .times(plan.callbackRatio ?? '0')
          .div(100),
    )
    if (step.fire) execute(state, plan)
    else if (step.active !== (plan.active === true) || step.best !== plan.best)
      updatePlan(state, plan, { active: step.active, best: step.best })
  }
}

/** Where a trailing stop stands: trailing or not yet, and its best price since it started. */
export type Trail = { readonly active: boolean; readonly best?: string | undefined }

/**
 * One price of a trailing stop, shared by the classic plan orders and the unified account's
 * `trailing_stop` strategy orders: it starts trailing when its activation is `reached`; then a
 * sell follows the highest price and fires when the price falls `distance(best)` below it, a
 * buy the lowest and fires when the price rises that far above it.
 *
 * @example
 * import { trail } from './exchange/triggers.js'
 * trail({ active: true, best: '67000' }, { price: '66330', reached: true, selling: true }, () => '670').fire // true
 */
export function trail(
  current: Trail,
  at: { readonly price: string; readonly reached: boolean; readonly selling: boolean },
  distance: (best: string) => Big | string,
): Trail & { readonly fire: boolean } {
  const { price, selling } = at
  if (!current.active)
    return at.reached ? { active: true, best: price, fire: false } : { ...current, fire: false }
  const best = current.best ?? price
  const gap = distance(best)
  const fire = selling ? big(price).lte(big(best).minus(gap)) : big(price).gte(big(best).plus(gap))
  const better = selling ? big(price).gt(best) : big(price).lt(best)
  return { active: true, best: better ? price : best, fire }
}

/**
 * Executes a plan order: places its order (a take-profit/stop-loss closes its size, or the
 * whole position, and never more than is held); the plan moves to history `executed` with the
 * id of the order, or `fail_execute` when the order is refused.
 */
function execute(state: SandboxState, plan: PlanOrder): void {
  const closing = tpslKinds.includes(plan.planType)
  let size = plan.size
  if (closing) {
    const held = reducible(state, {
      uid: plan.uid,
      category: plan.category,
      symbol: plan.symbol,
      side: plan.bookSide,
      line: 'classic',
      ...(plan.posSide !== 'net' && { posSide: plan.posSide }),
    })
    size = size === '' || big(size).gt(held) ? held : size
  }
  const request: ClassicOrderRequest = {
    symbol: plan.symbol,
    productType: plan.category,
    marginMode: plan.marginMode,
    marginCoin: plan.marginCoin,
    size,
    side: plan.side,
    orderType: plan.orderType,
    ...(plan.price !== undefined && plan.orderType === 'limit' && { price: plan.price }),
    ...(plan.tradeSide !== undefined && { tradeSide: plan.tradeSide }),
    ...(plan.reduceOnly !== undefined && { reduceOnly: plan.reduceOnly }),
    ...presetsOfPlan(plan),
  }
  const placed = big(size).isZero()
    ? ({ ok: false, error: { code: '22002', msg: 'No position to close' } } as const)
    : placeClassicOrder(state, plan.uid, request)
  const current = state.plans.get(plan.orderId) ?? plan
  if (placed.ok)
    updatePlan(state, current, { status: 'executed', executeOrderId: placed.order.orderId })
  else updatePlan(state, current, { status: 'fail_execute', failure: placed.error })
  sweepClosedPositions(state, plan.uid)
}

/** A trigger order's take-profit/stop-loss as the preset prices of the order it places. */
function presetsOfPlan(plan: PlanOrder): Record<string, string> {
  if (plan.planType !== 'normal_plan') return {}
  const p = plan.presets
  const set = (value: string | undefined) => value !== undefined && /[1-9]/.test(value)
  return {
    ...(set(p.stopSurplusTriggerPrice) && { presetStopSurplusPrice: p.stopSurplusTriggerPrice }),
    ...(set(p.stopSurplusExecutePrice) && {
      presetStopSurplusExecutePrice: p.stopSurplusExecutePrice,
    }),
    ...(set(p.stopLossTriggerPrice) && { presetStopLossPrice: p.stopLossTriggerPrice }),
    ...(set(p.stopLossExecutePrice) && { presetStopLossExecutePrice: p.stopLossExecutePrice }),
  }
}

/** Cancels the live take-profit/stop-loss orders of the account's positions that are closed. */
export function sweepClosedPositions(state: SandboxState, uid: string): void {
  for (const plan of [...state.plans.values()]) {
    if (plan.uid !== uid || plan.status !== 'live' || !tpslKinds.includes(plan.planType)) continue
    const position = positionOf(state, uid, plan.category, plan.symbol, plan.posSide, 'classic')
    const size = big(position.size)
    const protects = plan.posSide !== 'net' || (plan.bookSide === 'sell' ? size.gt(0) : size.lt(0))
    if (size.isZero() || !protects) cancelPlan(state, plan)
  }
}

/** The plan types a classic order's presets become. */
const presetKinds: ReadonlySet<string> = new Set(['profit_plan', 'loss_plan'])

/**
 * Turns the preset take-profit/stop-loss of a classic order that has just filled into
 * `profit_plan`/`loss_plan` orders of its filled size on the position it opened (watching the
 * last price; a preset execute price makes a limit order), once per order.
 */
export function presetPlans(state: SandboxState, order: Order): void {
  const presets = order.presets
  if (order.line !== 'classic' || order.status !== 'filled' || !presets) return
  if (order.reduceOnly === 'yes') return
  if ([...state.plans.values()].some((p) => p.parentOrderId === order.orderId)) return
  const hedge = order.posSide === 'long' || order.posSide === 'short'
  if (hedge && order.side !== (order.posSide === 'long' ? 'buy' : 'sell')) return
  const long = hedge ? order.posSide === 'long' : order.side === 'buy'
  const bookSide = long ? 'sell' : 'buy'
  const legs = [
    ['profit_plan', presets.presetStopSurplusPrice, presets.presetStopSurplusExecutePrice],
    ['loss_plan', presets.presetStopLossPrice, presets.presetStopLossExecutePrice],
  ] as const
  for (const [planType, trigger, execute] of legs) {
    if (trigger === undefined || !/[1-9]/.test(trigger)) continue
    const now = state.clock.now()
    const orderId = state.ids.orderId()
    const limit = execute !== undefined && /[1-9]/.test(execute) ? execute : undefined
    savePlan(state, {
      orderId,
      clientOid: `sbx${orderId}`,
      uid: order.uid,
      category: order.category,
      symbol: order.symbol,
      planType,
      marginCoin: order.marginCoin ?? '',
      marginMode: order.marginMode ?? 'crossed',
      ...(hedge
        ? { side: long ? ('buy' as const) : ('sell' as const), tradeSide: 'close' as const }
        : { side: bookSide, reduceOnly: 'YES' as const }),
      bookSide,
      posSide: hedge ? (order.posSide as 'long' | 'short') : 'net',
      size: order.filledQty,
      orderType: limit === undefined ? 'market' : 'limit',
      ...(limit !== undefined && { price: limit }),
      triggerPrice: trigger,
      triggerType: 'fill_price',
      direction: (planType === 'profit_plan') === long ? 'up' : 'down',
      presets: {},
      status: 'live',
      parentOrderId: order.orderId,
      createdTime: now,
      updatedTime: now,
    })
    showOnPosition(
      state,
      order.uid,
      order.symbol,
      hedge ? (order.posSide as 'long' | 'short') : 'net',
      {
        planType,
        orderId,
        triggerPrice: trigger,
        status: 'live',
      },
    )
  }
}

/**
 * The position a preset `profit_plan`/`loss_plan` protects names it, as the exchange's position
 * record does (`takeProfit`/`takeProfitId`, `stopLoss`/`stopLossId`): set when the plan is
 * placed, its price following a modified trigger, both cleared when the plan executes or is
 * cancelled (a newer plan of the position, named instead, is left alone).
 */
function showOnPosition(
  state: SandboxState,
  uid: string,
  symbol: string,
  side: 'net' | 'long' | 'short',
  plan: Pick<PlanOrder, 'planType' | 'orderId' | 'triggerPrice' | 'status'>,
): void {
  const key = positionKey(uid, symbol, side, 'classic')
  const position = state.positions.get(key)
  if (!position) return
  const [price, id] =
    plan.planType === 'profit_plan'
      ? (['takeProfit', 'takeProfitId'] as const)
      : (['stopLoss', 'stopLossId'] as const)
  if (plan.status === 'live') {
    state.positions.set(key, { ...position, [price]: plan.triggerPrice, [id]: plan.orderId })
    return
  }
  if (position[id] !== plan.orderId) return
  const { [price]: _price, [id]: _id, ...rest } = position
  state.positions.set(key, rest)
}

/**
 * Keeps the plan orders in step with what happens to orders and positions: presets of filled
 * classic orders become take-profit/stop-loss orders, and those of a closed position go. The
 * function returned detaches it.
 */
export function attachPlanEngine(state: SandboxState): () => void {
  return state.events.listen((events: readonly SandboxEvent[]) => {
    const touched = new Set<string>()
    for (const event of events) {
      if (event.type === 'order' && event.order.line === 'classic') {
        presetPlans(state, event.order)
        touched.add(event.order.uid)
      } else if (event.type === 'position' && event.position.line === 'classic')
        touched.add(event.position.uid)
      else if (event.type === 'plan' && presetKinds.has(event.plan.planType)) {
        // A preset plan that was modified, executed or cancelled: its position follows.
        const { plan } = event
        const key = positionKey(plan.uid, plan.symbol, plan.posSide, 'classic')
        const named = state.positions.get(key)
        const id = plan.planType === 'profit_plan' ? named?.takeProfitId : named?.stopLossId
        if (id === plan.orderId) showOnPosition(state, plan.uid, plan.symbol, plan.posSide, plan)
      }
    }
    for (const uid of touched) sweepClosedPositions(state, uid)
  })
}
