/**
 * The calls only concurrency brings (twin modifications, a cancel racing a fill or a classic
 * modification) and the strategy orders of the unified line, made with what the lines share.
 */
import type { RunningSandbox } from '@tradeline/sandbox'
import type { createUnifiedClient } from '@tradeline/unified'
import type { Call, Fallback, Intent, Target } from './intents.js'
import type { Operation, Random } from './plan.js'
import type { Live, Pool } from './pools.js'
import type { createSenders } from './senders.js'

/** Strategy orders rest on ETHUSDT (3200): none of their levels is reached. */
const strategyOrders = {
  'strategy.tpsl': {
    type: 'tpsl',
    tpslMode: 'partial',
    takeProfit: '5000',
    stopLoss: '1000',
  },
  'strategy.trigger': {
    type: 'trigger',
    side: 'buy',
    triggerPrice: '4000',
    triggerOrderType: 'market',
  },
  'strategy.trailingStop': {
    type: 'trailing_stop',
    side: 'buy',
    trailingStopParams: [
      {
        activationPrice: '4000',
        activationType: 'market',
        trailType: 'ratio',
        trailVariance: '1',
        preOrderType: 'market',
      },
    ],
  },
} as const

/** The operations made here. */
export type RaceOperation = Extract<
  Operation,
  | 'unified.twinModify'
  | 'unified.cancelVsFill'
  | 'classic.twinModify'
  | 'classic.cancelVsFill'
  | 'classic.cancelVsModify'
  | `strategy.${string}`
>

/** What the races take of the lines (see `createLines`). */
export type RaceContext = {
  readonly sandbox: RunningSandbox
  readonly unified: ReturnType<typeof createUnifiedClient>
  readonly random: Random
  jitter(): Promise<void>
  id(prefix: string): string
  unifiedPrice(): string
  strategyQty(): string
  take(pool: Pool): Live | undefined
  keep(pool: Pool, live: Live, intent: Intent, delayed: boolean): void
  keepSuccessor(made: Intent, delayed: boolean): void
  awaitResult(fault: string | undefined): () => void
  intent(call: number, operation: Operation, fault: string | undefined, target: Target): Intent
  done(made: Intent): Intent
  readonly carefully: ReturnType<typeof createSenders>['carefully']
  cancelIntent(
    line: 'unified' | 'classic',
    call: number,
    operation: Operation,
    fault: string | undefined,
    live: Live,
  ): Promise<Intent>
  modifyUnified(
    call: number,
    operation: Operation,
    fault: string | undefined,
    live: Live,
    price?: string,
  ): Promise<Intent>
  replaceClassic(
    call: number,
    operation: Operation,
    fault: string | undefined,
    live: Live,
  ): Promise<Intent>
  /** Another operation of the lines (a placement when a pool is empty). */
  fallback: Fallback
}

/** The calls of the races and strategy orders, by operation. */
export function createRaces(context: RaceContext): Record<RaceOperation, Call> {
  const { sandbox, unified, random, jitter, id, unifiedPrice, strategyQty, take, keep } = context
  const { keepSuccessor, awaitResult, intent, done, carefully, cancelIntent } = context
  const { modifyUnified, replaceClassic } = context
  // The placements a race falls back to when its pool is empty.
  const run = {
    'unified.place': (call: number, fault: string | undefined, delayed: boolean) =>
      context.fallback('unified.place', call, fault, delayed),
    'classic.place': (call: number, fault: string | undefined, delayed: boolean) =>
      context.fallback('classic.place', call, fault, delayed),
    'strategy.tpsl': (call: number, fault: string | undefined, delayed: boolean) =>
      placeStrategy('strategy.tpsl', call, fault, delayed),
  } satisfies Record<string, Call>

  /** Runs `first` at once and `second` a few milliseconds later, in a random order. */
  async function race<a, b>(first: () => Promise<a>, second: () => Promise<b>): Promise<[a, b]> {
    const firstWaits = random() < 0.5
    return Promise.all([
      (firstWaits ? jitter() : Promise.resolve()).then(first),
      (firstWaits ? Promise.resolve() : jitter()).then(second),
    ])
  }

  /** A cancel racing an admin fill (the whole order, or part of it) of the same order. */
  async function cancelVsFill(
    line: 'unified' | 'classic',
    call: number,
    fault: string | undefined,
    delayed: boolean,
  ): Promise<Intent[]> {
    const live = take(line)
    if (!live) return run[`${line}.place`](call, fault, delayed)
    const partial = random() < 0.3 ? '0.005' : undefined
    const [made] = await race(
      () => cancelIntent(line, call, `${line}.cancelVsFill`, fault, live),
      async () => {
        try {
          sandbox.admin.fill(live.orderId, partial)
        } catch {
          // The cancel came first: the order is no longer open.
        }
      },
    )
    return [made]
  }

  /** A strategy order of the unified line: `tpsl` with a clientOid, the others without. */
  async function placeStrategy(
    operation: 'strategy.tpsl' | 'strategy.trigger' | 'strategy.trailingStop',
    call: number,
    fault: string | undefined,
    delayed: boolean,
  ): Promise<Intent[]> {
    const order = strategyOrders[operation]
    const qty = strategyQty()
    const clientOid = order.type === 'tpsl' ? id('st') : undefined
    const made = intent(call, operation, fault, {
      kind: 'strategy',
      type: order.type,
      clientOid,
      qty,
    })
    const request = {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      ...order,
      qty,
      ...(clientOid && { clientOid }),
    }
    const ack = await carefully(made, request, (p) => unified.strategy.place(p as never))
    if (ack) {
      made.report = { status: 'ok', orderId: ack.orderId }
      if (ack.orderId)
        keep('strategy', { orderId: ack.orderId, clientOid: clientOid ?? '' }, made, delayed)
    }
    return [done(made)]
  }

  const calls: Record<RaceOperation, Call> = {
    async 'unified.twinModify'(call, fault, delayed) {
      const live = take('unified')
      if (!live) return run['unified.place'](call, fault, delayed)
      const release = awaitResult(fault)
      // Half the twins ask for the same price (two callers moving the order to one level).
      const shared = random() < 0.5 ? unifiedPrice() : undefined
      const made = await race(
        () => modifyUnified(call, 'unified.twinModify', fault, live, shared),
        () => modifyUnified(call, 'unified.twinModify', fault, live, shared),
      )
      release()
      const ok = made.find((m) => m.report.status === 'ok')
      if (ok) keep('unified', live, ok, delayed)
      return made
    },
    'unified.cancelVsFill': (call, fault, delayed) => cancelVsFill('unified', call, fault, delayed),
    async 'classic.twinModify'(call, fault, delayed) {
      const live = take('classic')
      if (!live) return run['classic.place'](call, fault, delayed)
      const release = awaitResult(fault)
      const made = await race(
        () => replaceClassic(call, 'classic.twinModify', fault, live),
        () => replaceClassic(call, 'classic.twinModify', fault, live),
      )
      release()
      for (const m of made) keepSuccessor(m, delayed)
      return made
    },
    'classic.cancelVsFill': (call, fault, delayed) => cancelVsFill('classic', call, fault, delayed),
    async 'classic.cancelVsModify'(call, fault, delayed) {
      const live = take('classic')
      if (!live) return run['classic.place'](call, fault, delayed)
      const release = awaitResult(fault)
      const made = await race(
        () => replaceClassic(call, 'classic.cancelVsModify', fault, live),
        () => cancelIntent('classic', call, 'classic.cancelVsModify', fault, live),
      )
      release()
      keepSuccessor(made[0], delayed)
      return made
    },
    'strategy.tpsl': (call, fault, delayed) => placeStrategy('strategy.tpsl', call, fault, delayed),
    'strategy.trigger': (call, fault, delayed) =>
      placeStrategy('strategy.trigger', call, fault, delayed),
    'strategy.trailingStop': (call, fault, delayed) =>
      placeStrategy('strategy.trailingStop', call, fault, delayed),
    async 'strategy.modify'(call, fault, delayed) {
      const live = take('strategy')
      if (!live) return run['strategy.tpsl'](call, fault, delayed)
      const qty = strategyQty()
      const made = intent(call, 'strategy.modify', fault, {
        kind: 'strategyModify',
        orderId: live.orderId,
        qty,
      })
      // With the category, a client that reconciles a strategy modification can look it up.
      const ack = await carefully(made, { orderId: live.orderId, qty }, (p) =>
        unified.strategy.modify(p as never, { category: 'SPOT' } as never),
      )
      if (ack) made.report = { status: 'ok', orderId: ack.orderId }
      keep('strategy', live, made, delayed)
      return [done(made)]
    },
    async 'strategy.cancel'(call, fault, delayed) {
      const live = take('strategy')
      if (!live) return run['strategy.tpsl'](call, fault, delayed)
      const made = intent(call, 'strategy.cancel', fault, {
        kind: 'strategyCancel',
        orderId: live.orderId,
      })
      const ack = await carefully(made, { orderId: live.orderId, category: 'SPOT' }, (p) =>
        unified.strategy.cancel(p as never),
      )
      if (ack) made.report = { status: 'ok', orderId: ack.orderId }
      return [done(made)]
    },
  }
  return calls
}
