/**
 * The classic plan orders of a campaign, made through the public client of an account of their
 * own on BTCUSDT (65000, a price the campaign never moves): trigger orders and trailing stops
 * waiting for 100000, take-profits (100000) and stop-losses (30000) of the account's long
 * position, new trigger prices of their own (100000.1, 100000.2, ...), and cancels. None of them
 * triggers. Each intent's window is in the plan log's sequence numbers.
 */
import type { createClassicFuturesClient } from '@tradeline/classic-futures'
import { type Call, type Fallback, type Intent, startIntent, type Target } from './intents.js'
import type { Operation, Random } from './plan.js'
import type { PlanLog } from './planLog.js'
import type { Live, Pool } from './pools.js'
import type { createSenders } from './senders.js'

/** The contract of the plan orders. */
const planContract = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  marginCoin: 'USDT',
} as const

/** The operations made here. */
export type PlanOperation = Extract<Operation, `plans.${string}`>

/**
 * The plan order calls of a campaign on `classic` (the plan account's client); `take` and
 * `keep` are the campaign's pools (`plan`: trigger orders and trailing stops, `tpsl`: the
 * take-profits and stop-losses).
 */
export function createPlanOrders(parameters: {
  classic: ReturnType<typeof createClassicFuturesClient>
  log: PlanLog
  random: Random
  id(prefix: string): string
  /** A whole number of `10^-places` units as a decimal string. */
  fixedPoint(units: number, places: number): string
  take(pool: Pool): Live | undefined
  keep(pool: Pool, live: Live, intent: Intent, delayed: boolean): void
  readonly carefully: ReturnType<typeof createSenders>['carefully']
  /** Places instead when no plan order is live (the planned fault went to the placement path). */
  fallback: Fallback
}) {
  const { classic, log, random, id, take, keep, carefully } = parameters
  let triggerStep = 0

  const intent = (call: number, operation: Operation, fault: string | undefined, target: Target) =>
    startIntent(log.mark, call, operation, fault, target)

  const done = (made: Intent): Intent[] => {
    if (made.window) made.window.settled = log.mark()
    return [made]
  }

  /** A placement with its own `clientOid`, kept in `pool` for later modifications and cancels. */
  function place(
    operation: PlanOperation,
    pool: Pool,
    planType: string,
    order: Record<string, unknown>,
    send: (p: unknown) => Promise<{ orderId: string }>,
  ): Call {
    return async (call, fault, delayed) => {
      const clientOid = id('p')
      const made = intent(call, operation, fault, { kind: 'plan', planType, clientOid })
      const ack = await carefully(made, { ...planContract, ...order, planType, clientOid }, send)
      if (ack) {
        made.report = { status: 'ok', orderId: ack.orderId }
        keep(pool, { orderId: ack.orderId, clientOid, planType }, made, delayed)
      }
      return done(made)
    }
  }

  const trigger = { marginMode: 'crossed', size: '0.01', side: 'buy', triggerType: 'fill_price' }
  const run: Record<PlanOperation, Call> = {
    'plans.place': place(
      'plans.place',
      'plan',
      'normal_plan',
      { ...trigger, triggerPrice: '100000', orderType: 'market' },
      (p) => classic.plans.place(p as never),
    ),
    'plans.placeTrack': place(
      'plans.placeTrack',
      'plan',
      'track_plan',
      { ...trigger, triggerPrice: '100000', orderType: 'market', callbackRatio: '1' },
      (p) => classic.plans.place(p as never),
    ),
    async 'plans.placeTpsl'(call, fault, delayed) {
      // A take-profit above the price or a stop-loss below it, of part of the long position.
      const profit = random() < 0.5
      return place(
        'plans.placeTpsl',
        'tpsl',
        profit ? 'profit_plan' : 'loss_plan',
        { triggerPrice: profit ? '100000' : '30000', holdSide: 'buy', size: '0.01' },
        (p) => classic.plans.placeTpsl(p as never),
      )(call, fault, delayed)
    },
    async 'plans.modify'(call, fault, delayed) {
      const live = take('plan')
      if (!live) return parameters.fallback('plans.place', call, fault, delayed)
      const newTriggerPrice = parameters.fixedPoint(1_000_000 + ++triggerStep, 1)
      const made = intent(call, 'plans.modify', fault, {
        kind: 'planModify',
        orderId: live.orderId,
        trigger: newTriggerPrice,
      })
      const request = {
        symbol: planContract.symbol,
        productType: planContract.productType,
        planType: live.planType,
        orderId: live.orderId,
        newTriggerPrice,
      }
      const ack = await carefully(made, request, (p) => classic.plans.modify(p as never))
      if (ack) {
        made.report = { status: 'ok', orderId: ack.orderId }
        keep('plan', live, made, delayed)
      }
      return done(made)
    },
    async 'plans.cancel'(call, fault, delayed) {
      // A take-profit or stop-loss one time in two when there is one.
      const live = (random() < 0.5 && take('tpsl')) || take('plan')
      if (!live) return parameters.fallback('plans.place', call, fault, delayed)
      const made = intent(call, 'plans.cancel', fault, {
        kind: 'planCancel',
        orderId: live.orderId,
      })
      const request = {
        ...planContract,
        planType: live.planType,
        orderIdList: [{ orderId: live.orderId }],
      }
      const result = await carefully(made, request, (p) => classic.plans.cancel(p as never))
      if (result) {
        const cancelled = result.successList.some((s) => s.orderId === live.orderId)
        made.report = cancelled
          ? { status: 'ok', orderId: live.orderId }
          : {
              status: 'refused',
              error: 'failureList',
              code: result.failureList[0]?.errorMsg ?? undefined,
            }
      }
      return done(made)
    },
  }
  return run
}
