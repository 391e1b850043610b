/**
 * The campaign's calls on each product line, each made through the public client exactly as a
 * user makes it, and retried only the way a careful user retries (see `careful.ts`). Each intent
 * records its history window: the sandbox's history sequence number just before its first
 * request and once it settled.
 */
import { createClassicFuturesClient, NewOrderNotFoundError } from '@tradeline/classic-futures'
import type { RunningSandbox } from '@tradeline/sandbox'
import { createSavingsClient } from '@tradeline/savings'
import { createSecuritiesClient } from '@tradeline/securities'
import { createUnifiedClient } from '@tradeline/unified'
import { mainClassic, prepare } from './accounts.js'
import { type Intent, startIntent, type Target } from './intents.js'
import { createModificationTiming } from './modificationTiming.js'
import { createOwnLines } from './ownLines.js'
import { type Operation, type Random, retryPauseMs, type Timing } from './plan.js'
import {
  classicOrder,
  contract,
  type Live,
  needs,
  type Pool,
  placementOf,
  unifiedOrder,
} from './pools.js'
import { createRaces } from './races.js'
import { createSenders } from './senders.js'
import { createSingleCalls } from './singleCalls.js'

/** The clients of a campaign and what the calls share. */
export type Lines = ReturnType<typeof createLines>

/**
 * The clients of the four lines against `sandbox`, with the pools of live orders that modify and
 * cancel use, and one function per operation.
 */
/**
 * A whole number of `10^-places` units as a decimal string, built from the integer's digits (a
 * price or quantity never passes through a fraction of a JavaScript number).
 */
export function fixedPoint(units: number, places: number): string {
  const digits = String(units).padStart(places + 1, '0')
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`
}

export function createLines(parameters: {
  sandbox: RunningSandbox
  seed: number
  timing: Timing
  random: Random
  maxSends: number
  wait: (ms: number) => Promise<void>
  /** The sandbox's order history sequence number now (reading what was added since). */
  mark: () => number
  /** Calls in flight at once; above 1 the reversal's position is not judged (others change it). @default 1 */
  concurrency?: number | undefined
  /** The longest delay a fault may hold a request (a settings write's late request lands within it). @default 0 */
  longestDelayMs?: number | undefined
}) {
  const { sandbox, timing, random, maxSends, wait, mark } = parameters
  const concurrent = (parameters.concurrency ?? 1) > 1
  const pauseMs = retryPauseMs(timing)
  /** Waits `ms` of real time (the sandbox's delays are). */
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
  /** Before sending `retryWith`, a careful user pauses. */
  const pause = () => sleep(pauseMs)
  /** The gap between the two calls of a race: a few milliseconds, so that they overlap. */
  const jitter = () => sleep(random() * (timing.timeoutMs / 20))
  // The clients sign, and the careful user waits, on the sandbox's clock (see runCampaign).
  const clock = { now: () => sandbox.admin.now() }
  const common = {
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    clock,
    timeout: timing.timeoutMs,
    // The campaign measures outcomes, not pacing: only the injected faults answer 429.
    rateLimiter: false as const,
    retry: {
      baseDelayMs: timing.reconcile.baseDelayMs,
      random,
      wait: (ms: number) => wait(ms),
    },
  }
  const unified = createUnifiedClient({ ...common, reconcile: timing.reconcile })
  // The sandbox's key is a unified account's; the classic line has a classic account of its own.
  const classicAccount = mainClassic(sandbox)
  const classic = createClassicFuturesClient({
    ...common,
    credentials: classicAccount.credentials,
    reconcile: timing.reconcile,
  })
  // An unknown stock placement is reconciled by matching today's orders (no client id).
  const securities = createSecuritiesClient({ ...common, reconcile: timing.reconcile })
  const savings = createSavingsClient(common)
  const pools: Record<Pool, Live[]> = { unified: [], classic: [], strategy: [], plan: [], tpsl: [] }
  let sequence = 0
  let priceStep = 0
  let unifiedPriceStep = 0
  let strategyStep = 0
  const id = (prefix: string) => `c${parameters.seed}-${prefix}-${++sequence}`
  /** A unified modification's price: its own in the campaign, so the history shows who set it. */
  const unifiedPrice = () => fixedPoint(200_000 + ++unifiedPriceStep, 2)
  /** A strategy order's quantity: its own in the campaign (placements and modifications). */
  const strategyQty = () => fixedPoint(100 + ++strategyStep, 4)
  const senders = createSenders({ maxSends, pause, wait, now: clock.now })
  const { carefully, batchCarefully } = senders

  /** Takes a random live order of a pool (it leaves the pool). */
  function take(pool: Pool): Live | undefined {
    const live = pools[pool]
    if (live.length === 0) return undefined
    const [taken] = live.splice(Math.floor(random() * live.length), 1)
    return taken
  }

  /** Puts an order back for later calls, unless a late request of a delayed call may still touch it. */
  function keep(pool: Pool, live: Live, intent: Intent, delayed: boolean): void {
    if (
      intent.report.status === 'ok' &&
      !delayed &&
      !pools[pool].some((l) => l.orderId === live.orderId)
    )
      pools[pool].push(live)
  }

  /** The intent settled: the end of its history window. */
  function done(made: Intent): Intent {
    if (made.window) made.window.settled = mark()
    return made
  }

  const { awaitResult, modificationsDone, asynchronous } = createModificationTiming({
    sandbox,
    timing,
    random,
    pauseMs,
    sleep,
  })

  /** The order a classic modification created, by its `newClientOid` (a read, retried). */
  async function lookUpNew(newClientOid: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        const found = await classic.orders.get({ ...contract, clientOid: newClientOid })
        return { orderId: found.orderId, clientOid: newClientOid, newClientOid }
      } catch (error) {
        if (attempt >= maxSends) throw error
      }
    }
  }

  const intent = (call: number, operation: Operation, fault: string | undefined, target: Target) =>
    startIntent(mark, call, operation, fault, target)

  /** A placement of one order (single call). */
  async function placeOne(
    line: 'unified' | 'classic',
    made: Intent,
    order: Record<string, unknown>,
    delayed: boolean,
  ): Promise<void> {
    const send =
      line === 'unified'
        ? (p: unknown) => unified.orders.place(p as never)
        : (p: unknown) => classic.orders.place(p as never)
    const ack = await carefully(made, order, send)
    if (ack) {
      made.report = { status: 'ok', orderId: ack.orderId }
      keep(
        line,
        { orderId: String(ack.orderId), clientOid: String(order.clientOid) },
        made,
        delayed,
      )
    }
    done(made)
  }

  /** Places a batch with a batch helper. */
  async function placeMany(
    line: 'unified' | 'classic',
    made: Intent[],
    orders: Record<string, unknown>[],
    delayed: boolean,
  ): Promise<void> {
    await batchCarefully(
      made,
      orders,
      (items) =>
        line === 'unified'
          ? unified.batch.place(items as never)
          : classic.batch.place(items as never),
      (intent, order, outcome) =>
        keep(
          line,
          { orderId: String(outcome.orderId), clientOid: String(order.clientOid) },
          intent,
          delayed,
        ),
    )
    made.forEach(done)
  }

  /** A cancel of one live order with the line's single call. */
  async function cancelIntent(
    line: 'unified' | 'classic',
    call: number,
    operation: Operation,
    fault: string | undefined,
    live: Live,
  ): Promise<Intent> {
    const made = intent(call, operation, fault, { kind: 'cancel', line, orderId: live.orderId })
    const ack = await carefully(
      made,
      line === 'unified' ? { orderId: live.orderId } : { ...contract, orderId: live.orderId },
      (p) =>
        line === 'unified' ? unified.orders.cancel(p as never) : classic.orders.cancel(p as never),
    )
    if (ack) made.report = { status: 'ok', orderId: ack.orderId }
    return done(made)
  }

  /** Cancels one live order with the line's single call (a placement when there is none). */
  async function cancelOne(
    line: 'unified' | 'classic',
    call: number,
    fault: string | undefined,
    delayed: boolean,
  ): Promise<Intent[]> {
    const live = take(line)
    if (!live) return run[`${line}.place`](call, fault, delayed)
    return [await cancelIntent(line, call, `${line}.cancel`, fault, live)]
  }

  /** Cancels 1 to 3 live orders with a batch helper (a placement when there is none). */
  async function cancelMany(
    line: 'unified' | 'classic',
    call: number,
    fault: string | undefined,
    delayed: boolean,
  ): Promise<Intent[]> {
    const operation = line === 'unified' ? 'unified.batchCancel' : 'classic.batchCancel'
    const lives = Array.from({ length: 1 + Math.floor(random() * 3) }, () => take(line)).filter(
      (live): live is Live => live !== undefined,
    )
    if (lives.length === 0) return run[`${line}.place`](call, fault, delayed)
    const made = lives.map((live) =>
      intent(call, operation, fault, { kind: 'cancel', line, orderId: live.orderId }),
    )
    const items = lives.map((live) =>
      line === 'unified'
        ? { orderId: live.orderId, category: 'SPOT', symbol: 'ETHUSDT' }
        : { ...contract, orderId: live.orderId },
    )
    await batchCarefully(
      made,
      items,
      (chunk) =>
        line === 'unified'
          ? unified.batch.cancel(chunk as never)
          : classic.batch.cancel(chunk as never),
      () => {},
    )
    return made.map(done)
  }

  /** One order of `base` placed with a new `clientOid`, by the line's single call. */
  async function placeFresh(
    line: 'unified' | 'classic',
    operation: Operation,
    base: Record<string, unknown>,
    prefix: string,
    call: number,
    fault: string | undefined,
    delayed: boolean,
  ): Promise<Intent[]> {
    const clientOid = id(prefix)
    const made = intent(call, operation, fault, { kind: 'place', line, clientOid })
    await placeOne(line, made, { ...base, clientOid }, delayed)
    return [made]
  }

  /** Two to four orders of `base`, each with a new `clientOid`, by the line's batch helper. */
  async function placeFreshBatch(
    line: 'unified' | 'classic',
    operation: Operation,
    base: Record<string, unknown>,
    prefix: string,
    call: number,
    fault: string | undefined,
    delayed: boolean,
  ): Promise<Intent[]> {
    const orders = Array.from({ length: 2 + Math.floor(random() * 3) }, () => ({
      ...base,
      clientOid: id(prefix),
    }))
    const made = orders.map((o) =>
      intent(call, operation, fault, { kind: 'place', line, clientOid: o.clientOid }),
    )
    await placeMany(line, made, orders, delayed)
    return made
  }

  /** A new price of a unified order; settled once the exchange no longer awaits its result. */
  async function modifyUnified(
    call: number,
    operation: Operation,
    fault: string | undefined,
    live: Live,
    price: string = unifiedPrice(),
  ): Promise<Intent> {
    const made = intent(call, operation, fault, {
      kind: 'modify',
      line: 'unified',
      orderId: live.orderId,
      price,
    })
    const request = { orderId: live.orderId, symbol: 'ETHUSDT', category: 'SPOT', price }
    const ack = await carefully(made, request, (p) => unified.orders.modify(p as never))
    if (ack) made.report = { status: 'ok', orderId: ack.orderId }
    await modificationsDone(live.orderId)
    return done(made)
  }

  /**
   * A classic size and price change (the order is replaced under a new `newClientOid`), waiting
   * for the new order; settled once the exchange no longer awaits its result.
   */
  async function replaceClassic(
    call: number,
    operation: Operation,
    fault: string | undefined,
    live: Live,
  ): Promise<Intent> {
    const newClientOid = id('cm')
    const made = intent(call, operation, fault, {
      kind: 'replace',
      line: 'classic',
      orderId: live.orderId,
      newClientOid,
    })
    const request = {
      ...contract,
      orderId: live.orderId,
      newClientOid,
      newSize: '0.01',
      newPrice: String(29000 + (++priceStep % 900)),
    }
    const ack = await carefully(made, request, (p) =>
      classic.orders.modify(p as never, { waitForNew: true }).catch(async (error: unknown) => {
        // Acknowledged, but the new order was not there yet: a careful user looks it up later.
        if (!NewOrderNotFoundError.isInstance(error)) throw error
        await modificationsDone(live.orderId)
        return lookUpNew(error.newClientOid)
      }),
    )
    if (ack) made.report = { status: 'ok', orderId: ack.orderId }
    await modificationsDone(live.orderId)
    return done(made)
  }

  /** The successor a classic modification reported, for later calls. */
  function keepSuccessor(made: Intent, delayed: boolean): void {
    const { report, target } = made
    if (report.status === 'ok' && report.orderId && target.kind === 'replace')
      keep('classic', { orderId: report.orderId, clientOid: target.newClientOid }, made, delayed)
  }

  // The operations only concurrency brings, and the strategy orders (races.ts).
  const races = createRaces({
    sandbox,
    unified,
    random,
    jitter,
    id,
    unifiedPrice,
    strategyQty,
    take,
    keep,
    keepSuccessor,
    awaitResult,
    intent,
    done,
    carefully,
    cancelIntent,
    modifyUnified,
    replaceClassic,
    fallback: (operation, call, fault, delayed) => run[operation](call, fault, delayed),
  })

  // The settings writes and the plan orders: accounts of their own, each with its clients.
  const own = createOwnLines({
    sandbox,
    clientsOf: (credentials) => ({
      classic: createClassicFuturesClient({ ...common, credentials, reconcile: timing.reconcile }),
      unified: createUnifiedClient({ ...common, credentials, reconcile: timing.reconcile }),
    }),
    random,
    longestDelayMs: parameters.longestDelayMs ?? 0,
    sleep,
    senders,
    id,
    fixedPoint,
    take,
    keep,
    fallback: (operation, call, fault, delayed) => run[operation](call, fault, delayed),
  })

  // The calls of one request each: the reversal, a stock order, a savings read.
  const single = createSingleCalls({
    sandbox,
    classic,
    securities,
    savings,
    intent,
    done,
    carefully,
    id,
    concurrent,
    maxSends,
    wait,
  })

  /** The calls, by operation; each returns its intents once settled. */
  const run: Record<
    Operation,
    (call: number, fault: string | undefined, delayed: boolean) => Promise<Intent[]>
  > = {
    'unified.place': (call, fault, delayed) =>
      placeFresh('unified', 'unified.place', unifiedOrder, 'u', call, fault, delayed),
    'unified.batchPlace': (call, fault, delayed) =>
      placeFreshBatch('unified', 'unified.batchPlace', unifiedOrder, 'ub', call, fault, delayed),
    async 'unified.modify'(call, fault, delayed) {
      const live = take('unified')
      if (!live) return run['unified.place'](call, fault, delayed)
      const release = awaitResult(fault)
      const made = await modifyUnified(call, 'unified.modify', fault, live)
      release()
      keep('unified', live, made, delayed)
      return [made]
    },
    'unified.cancel': (call, fault, delayed) => cancelOne('unified', call, fault, delayed),
    'unified.batchCancel': (call, fault, delayed) => cancelMany('unified', call, fault, delayed),
    'classic.batchCancel': (call, fault, delayed) => cancelMany('classic', call, fault, delayed),
    'classic.place': (call, fault, delayed) =>
      placeFresh('classic', 'classic.place', classicOrder, 'c', call, fault, delayed),
    'classic.batchPlace': (call, fault, delayed) =>
      placeFreshBatch('classic', 'classic.batchPlace', classicOrder, 'cb', call, fault, delayed),
    async 'classic.modify'(call, fault, delayed) {
      const live = take('classic')
      if (!live) return run['classic.place'](call, fault, delayed)
      const release = awaitResult(fault)
      const made = await replaceClassic(call, 'classic.modify', fault, live)
      release()
      keepSuccessor(made, delayed)
      return [made]
    },
    'classic.cancel': (call, fault, delayed) => cancelOne('classic', call, fault, delayed),
    ...single,
    ...races,
    ...own.run,
  }

  /**
   * The operation a planned call makes: a modify or cancel needs a live order of its pool, and
   * places one when there is none (so the fault goes to the path actually called).
   */
  function resolve(operation: Operation): Operation {
    const pool = needs[operation]
    return pool && pools[pool].length === 0 ? placementOf[pool] : operation
  }

  return {
    run,
    prepare: () => prepare(sandbox, classicAccount),
    pools,
    resolve,
    asynchronous,
    exclusive: own.exclusive,
    planLog: own.planLog,
    finish: own.finish,
  }
}
