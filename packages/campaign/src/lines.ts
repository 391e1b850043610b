/**
 * The campaign's calls on each product line, each made through the public client exactly as a
 * user makes it, and retried only the way a careful user retries (see `careful.ts`).
 */
import { createClassicFuturesClient, NewOrderNotFoundError } from '@tradeline/classic-futures'
import { BaseError, RateLimitedError } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { createSavingsClient } from '@tradeline/savings'
import { createSecuritiesClient } from '@tradeline/securities'
import { createUnifiedClient } from '@tradeline/unified'
import { nameOf, nextStep } from './careful.js'
import type { Intent, Target } from './intents.js'
import { type Operation, type Random, retryPauseMs, type Timing } from './plan.js'
import { createSenders } from './senders.js'

/** An order a later modify or cancel can use. */
type Live = { readonly orderId: string; readonly clientOid: string }

/** The clients of a campaign and what the calls share. */
export type Lines = ReturnType<typeof createLines>

const unifiedOrder = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
} as const
const contract = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const classicOrder = {
  ...contract,
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '0.01',
  side: 'buy',
  orderType: 'limit',
  price: '30000',
} as const

/**
 * The clients of the four lines against `sandbox`, with the pools of live orders that modify and
 * cancel use, and one function per operation.
 */
export function createLines(parameters: {
  sandbox: RunningSandbox
  seed: number
  timing: Timing
  random: Random
  maxSends: number
  wait: (ms: number) => Promise<void>
}) {
  const { sandbox, timing, random, maxSends, wait } = parameters
  const pauseMs = retryPauseMs(timing)
  /** Before sending `retryWith`, a careful user pauses (real time: the sandbox's delays are). */
  const pause = () => new Promise<void>((resolve) => setTimeout(resolve, pauseMs))
  const common = {
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
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
  const classic = createClassicFuturesClient({ ...common, reconcile: timing.reconcile })
  const securities = createSecuritiesClient(common)
  const savings = createSavingsClient(common)
  const pools = { unified: [] as Live[], classic: [] as Live[] }
  let sequence = 0
  let stockQuantity = 0
  let priceStep = 0
  const id = (prefix: string) => `c${parameters.seed}-${prefix}-${++sequence}`
  const { carefully, batchCarefully } = createSenders({ maxSends, pause, wait })

  /** Takes a random live order of a pool (it leaves the pool). */
  function take(line: 'unified' | 'classic'): Live | undefined {
    const pool = pools[line]
    if (pool.length === 0) return undefined
    const [live] = pool.splice(Math.floor(random() * pool.length), 1)
    return live
  }

  /** Puts an order back for later calls, unless a late request of a delayed call may still touch it. */
  function keep(line: 'unified' | 'classic', live: Live, intent: Intent, delayed: boolean): void {
    if (intent.report.status === 'ok' && !delayed) pools[line].push(live)
  }

  let asynchronous = 0
  /**
   * The exchange applies a modification asynchronously (spec Part A modify-order; Part B: a size
   * or price change replaces the order asynchronously): one faulted modification in two waits
   * for its result, either past the client timeout or until after the caller's retry was sent
   * (which the exchange refuses while the first awaits its result).
   */
  function awaitResult(fault: string | undefined): void {
    if (fault === undefined || random() < 0.5) return
    asynchronous++
    const late = pauseMs + retryPauseMs(timing) + 100
    sandbox.admin.setModificationDelay(random() < 0.5 ? timing.timeoutMs : late)
  }

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

  /** Waits (at most 5 s) until no modification awaits its result; then they apply at once again. */
  async function modificationsDone(): Promise<void> {
    const until = Date.now() + 5000
    while (sandbox.admin.state().modifications.length > 0 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10))
    sandbox.admin.setModificationDelay(0)
  }

  const intent = (call: number, operation: Operation, fault: string | undefined, target: Target) =>
    ({ call, operation, fault, target, report: { status: 'hung' }, sends: 0 }) as Intent

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
  }

  /** Places a batch with a batch helper. */
  function placeMany(
    line: 'unified' | 'classic',
    made: Intent[],
    orders: Record<string, unknown>[],
    delayed: boolean,
  ): Promise<void> {
    return batchCarefully(
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
    const made = intent(call, `${line}.cancel`, fault, {
      kind: 'cancel',
      line,
      orderId: live.orderId,
    })
    const ack = await carefully(
      made,
      line === 'unified' ? { orderId: live.orderId } : { ...contract, orderId: live.orderId },
      (p) =>
        line === 'unified' ? unified.orders.cancel(p as never) : classic.orders.cancel(p as never),
    )
    if (ack) made.report = { status: 'ok', orderId: ack.orderId }
    made.truth = sandbox.sandbox.state.orders.get(live.orderId)
    return [made]
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
    for (const [i, live] of lives.entries())
      (made[i] as Intent).truth = sandbox.sandbox.state.orders.get(live.orderId)
    return made
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
      const price = String(2000 + (++priceStep % 900))
      const made = intent(call, 'unified.modify', fault, {
        kind: 'modify',
        line: 'unified',
        orderId: live.orderId,
        price,
      })
      const request = { orderId: live.orderId, symbol: 'ETHUSDT', category: 'SPOT', price }
      awaitResult(fault)
      const ack = await carefully(made, request, (p) => unified.orders.modify(p as never))
      if (ack) made.report = { status: 'ok', orderId: ack.orderId }
      await modificationsDone()
      made.truth = sandbox.sandbox.state.orders.get(live.orderId)
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
      const newClientOid = id('cm')
      const made = intent(call, 'classic.modify', fault, {
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
      awaitResult(fault)
      const ack = await carefully(made, request, (p) =>
        classic.orders.modify(p as never, { waitForNew: true }).catch(async (error: unknown) => {
          // Acknowledged, but the new order was not there yet: a careful user looks it up later.
          if (!NewOrderNotFoundError.isInstance(error)) throw error
          await modificationsDone()
          return lookUpNew(error.newClientOid)
        }),
      )
      if (ack) made.report = { status: 'ok', orderId: ack.orderId }
      await modificationsDone()
      const state = sandbox.sandbox.state
      made.truth = {
        old: state.orders.get(live.orderId),
        renewed: [...state.orders.list({ line: 'classic' })].filter(
          (o) => o.clientOid === newClientOid,
        ),
      }
      if (ack?.orderId)
        keep('classic', { orderId: ack.orderId, clientOid: newClientOid }, made, delayed)
      return [made]
    },
    'classic.cancel': (call, fault, delayed) => cancelOne('classic', call, fault, delayed),
    async 'classic.reverse'(call, fault) {
      const clientOid = id('cr')
      const made = intent(call, 'classic.reverse', fault, {
        kind: 'place',
        line: 'classic',
        clientOid,
      })
      const before = netSize()
      const request = {
        ...contract,
        marginCoin: 'USDT',
        side: before.startsWith('-') ? 'sell' : 'buy',
        clientOid,
      }
      const ack = await carefully(made, request, (p) => classic.orders.reverse(p as never))
      if (ack) made.report = { status: 'ok', orderId: ack.orderId }
      made.truth = { before, after: netSize() }
      return [made]
    },
    async 'securities.place'(call, fault) {
      const quantity = ++stockQuantity
      const made = intent(call, 'securities.place', fault, { kind: 'stock', quantity })
      const order = {
        symbol: 'AAPL.US',
        orderType: 'MO',
        side: 'Buy',
        submittedQuantity: String(quantity),
        timeInForce: 'Day',
        outsideRth: 'RTHOnly',
      }
      const ack = await carefully(made, order, (p) => securities.orders.place(p as never))
      if (ack) made.report = { status: 'ok', orderId: ack.orderId }
      return [made]
    },
    async 'savings.read'(call, fault) {
      const made = intent(call, 'savings.read', fault, { kind: 'read' })
      // A read is safe to send again: a careful user retries one that failed with a typed error.
      for (;;) {
        made.sends++
        try {
          made.truth = JSON.stringify(await savings.products())
          made.report = { status: 'ok', orderId: null }
          return [made]
        } catch (error) {
          if (!BaseError.isInstance(error) || made.sends >= maxSends) {
            const next = nextStep(error, undefined)
            made.report =
              next.kind === 'final' ? next.report : { status: 'unknown', error: nameOf(error) }
            return [made]
          }
          if (RateLimitedError.isInstance(error)) await wait(error.retryAfterMs ?? 0)
        }
      }
    },
  }

  /** The signed net size of the classic BTCUSDT position (`0` when none). */
  function netSize(): string {
    const position = sandbox.admin
      .state()
      .positions.find(
        (p) => p.line === 'classic' && p.symbol === 'BTCUSDT' && p.category === 'USDT-FUTURES',
      )
    return position?.size ?? '0'
  }

  /** Funds the accounts and opens the classic position the reversals flip. */
  async function prepare(): Promise<string> {
    sandbox.admin.setBalance('USDT', '1000000000')
    sandbox.admin.setStockCash('1000000000')
    sandbox.admin.setPosition({
      line: 'classic',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: '0.01',
    })
    // The reference of the reads: the same read before any fault, by a client with the default
    // timeout (a cold first request may take longer than the campaign's short one).
    const reference = createSavingsClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
    })
    return JSON.stringify(await reference.products())
  }

  /**
   * The operation a planned call makes: a modify or cancel needs a live order of its line, and
   * places one when there is none (so the fault goes to the path actually called).
   */
  function resolve(operation: Operation): Operation {
    const line = operation.startsWith('unified.') ? 'unified' : 'classic'
    const needs = /\.(modify|cancel|batchCancel)$/.test(operation)
    return needs && pools[line].length === 0 ? (`${line}.place` as Operation) : operation
  }

  return { run, prepare, pools, resolve, asynchronous: () => asynchronous }
}
