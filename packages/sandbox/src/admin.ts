/**
 * The admin API: set prices, advance the clock, inject faults, read state, add keys and
 * instruments, seed orders. The same operations as a programmatic handle and as unsigned
 * routes under `/sandbox/`, which answer loopback callers only.
 */
import type { Hono } from 'hono'
import { failure, respond, respondFailure, success } from './envelope.js'
import { type Env, remoteAddress } from './exchange.js'
import type { ActiveFault, Fault, FaultStore } from './faults.js'
import type { Order } from './orders.js'
import type { RateLimiter } from './rateLimit.js'
import type { ApiKey, SandboxInstrument, SandboxState } from './state.js'

/** A snapshot of the sandbox state, as `GET /sandbox/state` answers it. */
export type StateSnapshot = {
  readonly now: number
  readonly clockOffset: number
  readonly seed: number
  readonly accounts: readonly { uid: string; positionMode: string }[]
  readonly keys: readonly ApiKey[]
  readonly instruments: readonly SandboxInstrument[]
  readonly prices: Readonly<Record<string, string>>
  readonly orders: readonly Order[]
  readonly faults: readonly ActiveFault[]
}

/** An order to seed: identity and times are generated when absent. */
export type OrderSeed = Omit<
  Order,
  'orderId' | 'clientOid' | 'uid' | 'createdTime' | 'updatedTime' | 'filledQty' | 'status'
> &
  Partial<Pick<Order, 'orderId' | 'clientOid' | 'uid' | 'filledQty' | 'status'>>

/** The admin operations of a sandbox. */
export type Admin = {
  /** Sets the price of one symbol. */
  setPrice(symbol: string, price: string): void
  /** Sets several prices. */
  setPrices(prices: Readonly<Record<string, string>>): void
  /** Moves the sandbox clock forward. */
  advanceClock(ms: number): number
  /** The sandbox clock, Unix milliseconds. */
  now(): number
  /** Injects a fault for the next calls of a path. */
  injectFault(fault: Fault): ActiveFault
  /** Removes faults (of one path when given). */
  clearFaults(path?: string | undefined): void
  /** Adds an API key (and its account when new). */
  addKey(key?: Partial<ApiKey> | undefined): ApiKey
  /** Adds or replaces an instrument. */
  setInstrument(instrument: SandboxInstrument): void
  /** Puts an order in the store (an open order by default). */
  addOrder(order: OrderSeed): Order
  /** Forgets every rate-limit budget. */
  resetRateLimits(): void
  /** A snapshot of the state. */
  state(): StateSnapshot
}

const decimal = /^\d+(\.\d+)?$/

/** Creates the admin handle of a sandbox. */
export function createAdmin(
  state: SandboxState,
  faults: FaultStore,
  limiter: RateLimiter | undefined,
): Admin {
  const setPrice = (symbol: string, price: string) => {
    if (typeof price !== 'string' || !decimal.test(price))
      throw new TypeError(`price of ${symbol} must be a decimal string`)
    state.prices.set(symbol, price)
  }
  return {
    setPrice,
    setPrices: (prices) => {
      for (const [symbol, price] of Object.entries(prices)) setPrice(symbol, price)
    },
    advanceClock(ms) {
      state.clock.advance(ms)
      return state.clock.now()
    },
    now: () => state.clock.now(),
    injectFault: (fault) => faults.inject(fault),
    clearFaults: (path) => faults.clear(path),
    addKey: (key) => state.addKey(key),
    setInstrument: (instrument) => void state.instruments.set(instrument.symbol, instrument),
    addOrder(seed) {
      const now = state.clock.now()
      const uid = seed.uid ?? [...state.accounts.keys()][0] ?? state.ids.uid()
      const orderId = seed.orderId ?? state.ids.orderId()
      return state.orders.add({
        ...seed,
        orderId,
        clientOid: seed.clientOid ?? `sbx${orderId}`,
        uid,
        filledQty: seed.filledQty ?? '0',
        status: seed.status ?? 'live',
        createdTime: now,
        updatedTime: now,
      })
    },
    resetRateLimits: () => limiter?.reset(),
    state: () => ({
      now: state.clock.now(),
      clockOffset: state.clock.offset,
      seed: state.ids.seed,
      accounts: [...state.accounts.values()],
      keys: [...state.keys.values()],
      instruments: [...state.instruments.values()],
      prices: Object.fromEntries(state.prices),
      orders: state.orders.all(),
      faults: faults.list(),
    }),
  }
}

/**
 * Whether a remote address is the local machine (`local` stands for an embedded call
 * without a socket).
 *
 * @example
 * import { isLoopback } from '@tradeline/sandbox'
 * isLoopback('::ffff:127.0.0.1') // true
 */
export function isLoopback(address: string): boolean {
  return (
    address === 'local' ||
    address === '::1' ||
    address.startsWith('127.') ||
    address.startsWith('::ffff:127.')
  )
}

/** Mounts the admin routes under `/sandbox/`. */
export function mountAdmin(app: Hono<Env>, admin: Admin, state: SandboxState): void {
  const ok = (data: unknown) => respond(success(data, state.clock.now()))
  const bad = (msg: string, status = 400) =>
    respondFailure({ code: status === 403 ? '40300' : '40017', msg, status }, state.clock.now())

  app.use('/sandbox/*', async (c, next) => {
    if (!isLoopback(remoteAddress(c)))
      return bad('The admin API answers loopback callers only', 403)
    await next()
  })
  const json = async (c: { req: { text(): Promise<string> } }): Promise<Record<string, any>> => {
    const text = await c.req.text()
    const value: unknown = text.trim() === '' ? {} : JSON.parse(text)
    if (typeof value !== 'object' || value === null) throw new TypeError('expected a JSON object')
    return value as Record<string, any>
  }

  app.get('/sandbox/state', () => ok(admin.state()))
  app.post('/sandbox/prices', async (c) => {
    const body = await json(c)
    admin.setPrices(body.prices ?? { [body.symbol]: body.price })
    return ok(Object.fromEntries(state.prices))
  })
  app.post('/sandbox/clock/advance', async (c) => {
    const body = await json(c)
    return ok({ now: admin.advanceClock(Number(body.ms)) })
  })
  app.post('/sandbox/faults', async (c) => ok(admin.injectFault((await json(c)) as Fault)))
  app.delete('/sandbox/faults', (c) => {
    admin.clearFaults(c.req.query('path'))
    return ok(null)
  })
  app.post('/sandbox/keys', async (c) => ok(admin.addKey(await json(c))))
  app.post('/sandbox/instruments', async (c) => {
    const body = await json(c)
    admin.setInstrument(body as SandboxInstrument)
    return ok([...state.instruments.values()])
  })
  app.post('/sandbox/orders', async (c) => ok(admin.addOrder((await json(c)) as OrderSeed)))
  app.post('/sandbox/rate-limits/reset', () => {
    admin.resetRateLimits()
    return ok(null)
  })
  app.all('/sandbox/*', () =>
    respond(failure({ code: '40404', msg: 'Request URL NOT FOUND' }, state.clock.now()), 404),
  )
}
