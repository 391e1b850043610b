/**
 * What the campaign records of each call: the paths its faults go to, and one intent per order
 * with what the call reported.
 */
import { ClassicFutures, Savings, Securities, Strategy, Unified } from '@tradeline/rules'
import type { Report } from './careful.js'
import type { Operation } from './plan.js'

/** The request path each operation's first request goes to: where its fault is injected. */
export const pathOf: Readonly<Record<Operation, string>> = {
  'unified.place': Unified.placeOrder.path,
  'unified.batchPlace': Unified.placeBatch.path,
  'unified.modify': Unified.modifyOrder.path,
  'unified.cancel': Unified.cancelOrder.path,
  'unified.batchCancel': Unified.cancelBatch.path,
  'classic.place': ClassicFutures.placeOrder.path,
  'classic.batchPlace': ClassicFutures.batchPlaceOrder.path,
  'classic.modify': ClassicFutures.modifyOrder.path,
  'classic.cancel': ClassicFutures.cancelOrder.path,
  'classic.batchCancel': ClassicFutures.batchCancelOrders.path,
  'classic.reverse': ClassicFutures.clickBackhand.path,
  'securities.place': Securities.placeOrder.path,
  'savings.read': Savings.getProducts.path,
  'unified.twinModify': Unified.modifyOrder.path,
  'unified.cancelVsFill': Unified.cancelOrder.path,
  'classic.twinModify': ClassicFutures.modifyOrder.path,
  'classic.cancelVsFill': ClassicFutures.cancelOrder.path,
  'classic.cancelVsModify': ClassicFutures.cancelOrder.path,
  'strategy.tpsl': Strategy.placeStrategyOrder.path,
  'strategy.trigger': Strategy.placeStrategyOrder.path,
  'strategy.trailingStop': Strategy.placeStrategyOrder.path,
  'strategy.modify': Strategy.modifyStrategyOrder.path,
  'strategy.cancel': Strategy.cancelStrategyOrder.path,
  // settings writes and classic plan orders
  'classic.setLeverage': ClassicFutures.setLeverage.path,
  'classic.setMarginMode': ClassicFutures.setMarginMode.path,
  'classic.setPositionMode': ClassicFutures.setPositionMode.path,
  'unified.setLeverage': Unified.setLeverage.path,
  'unified.setHoldMode': Unified.setHoldMode.path,
  'plans.place': ClassicFutures.placePlanOrder.path,
  'plans.placeTrack': ClassicFutures.placePlanOrder.path,
  'plans.placeTpsl': ClassicFutures.placeTpslOrder.path,
  'plans.modify': ClassicFutures.modifyPlanOrder.path,
  'plans.cancel': ClassicFutures.cancelPlanOrder.path,
}

/**
 * The reconciliation lookup of each operation (where a lookup fault is injected): order-info,
 * order detail, the open strategy orders (a tpsl order is looked up there first); none where
 * the client does not reconcile.
 */
export const lookupPathOf: Readonly<Partial<Record<Operation, string>>> = {
  'unified.place': Unified.getOrderInfo.path,
  'unified.batchPlace': Unified.getOrderInfo.path,
  'unified.modify': Unified.getOrderInfo.path,
  'unified.cancel': Unified.getOrderInfo.path,
  'unified.batchCancel': Unified.getOrderInfo.path,
  'classic.place': ClassicFutures.getOrderDetail.path,
  'classic.batchPlace': ClassicFutures.getOrderDetail.path,
  'classic.modify': ClassicFutures.getOrderDetail.path,
  'classic.cancel': ClassicFutures.getOrderDetail.path,
  'classic.batchCancel': ClassicFutures.getOrderDetail.path,
  'classic.reverse': ClassicFutures.getOrderDetail.path,
  'unified.twinModify': Unified.getOrderInfo.path,
  'unified.cancelVsFill': Unified.getOrderInfo.path,
  'classic.twinModify': ClassicFutures.getOrderDetail.path,
  'classic.cancelVsFill': ClassicFutures.getOrderDetail.path,
  'classic.cancelVsModify': ClassicFutures.getOrderDetail.path,
  'strategy.tpsl': Strategy.getUnfilledStrategyOrders.path,
  // a stock placement: looked up among today's orders (matched by every field sent)
  'securities.place': Securities.getTodayOrders.path,
  // classic plan orders: looked up among the pending plan orders first
  'plans.place': ClassicFutures.getOrdersPlanPending.path,
  'plans.placeTrack': ClassicFutures.getOrdersPlanPending.path,
  'plans.placeTpsl': ClassicFutures.getOrdersPlanPending.path,
  'plans.modify': ClassicFutures.getOrdersPlanPending.path,
  'plans.cancel': ClassicFutures.getOrdersPlanPending.path,
}

/** What one intent of a call names, for the audit. */
export type Target =
  /** A placement (single, batch item, reversal) known by its `clientOid`. */
  | { readonly kind: 'place'; readonly line: 'unified' | 'classic'; readonly clientOid: string }
  /** A price change of a unified order (the same `orderId`). */
  | {
      readonly kind: 'modify'
      readonly line: 'unified'
      readonly orderId: string
      readonly price: string
    }
  /** A classic size/price change: the order is replaced by one carrying `newClientOid`. */
  | {
      readonly kind: 'replace'
      readonly line: 'classic'
      readonly orderId: string
      readonly newClientOid: string
    }
  | { readonly kind: 'cancel'; readonly line: 'unified' | 'classic'; readonly orderId: string }
  /** A securities order (no clientOid): known by its quantity, unique in the campaign. */
  | { readonly kind: 'stock'; readonly quantity: number }
  | { readonly kind: 'read' }
  /**
   * A strategy order of the unified line: a `tpsl` one known by its `clientOid`, the others
   * (no clientOid) by their quantity, unique in the campaign.
   */
  | {
      readonly kind: 'strategy'
      readonly type: 'tpsl' | 'trigger' | 'trailing_stop'
      readonly clientOid?: string | undefined
      readonly qty: string
    }
  /** A quantity change of a strategy order (the new quantity is unique in the campaign). */
  | { readonly kind: 'strategyModify'; readonly orderId: string; readonly qty: string }
  | { readonly kind: 'strategyCancel'; readonly orderId: string }
  /** A classic plan order (trigger, trailing stop, take-profit/stop-loss) known by its `clientOid`. */
  | { readonly kind: 'plan'; readonly planType: string; readonly clientOid: string }
  /** A new trigger price of a classic plan order (its own in the campaign). */
  | { readonly kind: 'planModify'; readonly orderId: string; readonly trigger: string }
  | { readonly kind: 'planCancel'; readonly orderId: string }
  /**
   * A settings write: `setting` of `scope` (a symbol, a product type, the unified account) set
   * to `asked`; the sandbox's values around the call are the intent's `truth` ({@link SettingTruth}).
   */
  | {
      readonly kind: 'setting'
      readonly line: 'classic' | 'unified'
      readonly setting: string
      readonly scope: string
      readonly asked: string
    }

/**
 * What the sandbox's account settings showed around a settings write (read from its state, not
 * through a client): before the first request, once the call settled, and once every late
 * request of the call had landed (before any later call touched the same settings).
 */
export type SettingTruth = {
  readonly before: string
  settled?: string | undefined
  later?: string | undefined
  /** A position was open where the change needs none (the exchange refuses it with `code`). */
  readonly holding: boolean
  /** The exchange's refusal while a position is open. */
  readonly refusal: string
}

/**
 * The order history between a call's start and its settlement: the sequence numbers of the
 * sandbox's order history (`admin.orderHistory`) read just before the intent's first request
 * and once it settled (a modification: once the exchange no longer awaits its result). For a
 * plan order, the sequence numbers of the plan log (every save of a plan order).
 */
export type Window = { start: number; settled: number }

/** One intent of a call and what it reported. */
export type Intent = {
  /** The call's step in the plan (0-based): `--seed` and the step find it again. */
  readonly call: number
  readonly operation: Operation
  readonly fault: string | undefined
  readonly target: Target
  report: Report
  /** Requests sent for it by the user (the first and each retry). */
  sends: number
  /** The history window of the intent; absent on a made-up intent (the whole history). */
  window?: Window | undefined
  /**
   * What the history alone cannot tell: the classic position around a reversal (calls one after
   * another only), the data of a read.
   */
  truth?: unknown
}

/** A call of the campaign: its intents once settled. */
export type Call = (call: number, fault: string | undefined, delayed: boolean) => Promise<Intent[]>

/** Another operation of the lines, made in place of a call (a placement when a pool is empty). */
export type Fallback = (
  operation: Operation,
  call: number,
  fault: string | undefined,
  delayed: boolean,
) => Promise<Intent[]>

/**
 * A new intent, its window starting at `mark()` (the order history's or the plan log's sequence
 * number now) and open until it settles.
 */
export function startIntent(
  mark: () => number,
  call: number,
  operation: Operation,
  fault: string | undefined,
  target: Target,
): Intent {
  return {
    call,
    operation,
    fault,
    target,
    report: { status: 'hung' },
    sends: 0,
    window: { start: mark(), settled: Number.POSITIVE_INFINITY },
  }
}
