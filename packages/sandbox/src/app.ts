/**
 * The sandbox as a Hono app: the exchange routes behind the pipeline (auth, rate limits,
 * validation, faults, envelope), the admin API under `/sandbox/`, and the envelope on unknown
 * paths and errors.
 */
import { Hono } from 'hono'
import { type Admin, createAdmin } from './admin.js'
import { isRefusal } from './adminInput.js'
import { mountAdmin } from './adminRoutes.js'
import { defaultTimestampWindowMs } from './auth.js'
import { type AnyEndpoint, endpointMap, routeKey } from './endpoints.js'
import { notFound, respondFailure } from './envelope.js'
import { settleFunding } from './exchange/funding.js'
import { type FeeOptions, feeOptions, ledgerOf } from './exchange/ledger.js'
import type { NumbersAs } from './exchange/stockplus.js'
import { stockplusOf } from './exchange/stockplusBook.js'
import { DroppedConnectionError, type Env, handleCall, type Route } from './exchange.js'
import { mountExplorer } from './explorerRoutes.js'
import { createFaultStore, type FaultStore } from './faults.js'
import {
  createInternalErrors,
  type InternalErrors,
  internalError,
  logInternalError,
} from './internalErrors.js'
import type { Seed } from './random.js'
import { createRateLimiter, type RateLimiter, type RuleSource, rulesOf } from './rateLimit.js'
import { classicRoutes } from './routes/classic.js'
import { classicAnalyticsRoutes } from './routes/classicAnalytics.js'
import { marketRoutes } from './routes/market.js'
import { classicMarketDataRoutes } from './routes/marketData.js'
import { publicRoutes } from './routes/public.js'
import { savingsRoutes } from './routes/savings.js'
import { stockplusRoutes } from './routes/stockplus.js'
import { unifiedRoutes } from './routes/unified.js'
import { unifiedMarketDataRoutes } from './routes/unifiedMarket.js'
import {
  type AccountMode,
  type ClassicSettings,
  type Clock,
  createState,
  type SandboxState,
  type SeedData,
} from './state.js'
import { withClassicStream } from './ws/classic.js'
import { withIpLimits } from './ws/ipGate.js'
import { createWsHub, type WsHub } from './ws/server.js'

/** Options of {@link createSandboxApp}. */
export type SandboxOptions = {
  /** The clock the sandbox reads; `advanceClock` adds an offset to it. @default real time */
  clock?: Clock | undefined
  /** Seed of the generated ids, keys and secrets; random when absent. */
  seed?: Seed | undefined
  /** Accounts, keys, instruments and prices to start from. @default one account with one `trade_rw` key */
  data?: SeedData | undefined
  /**
   * The mode of the default key's account, and of every seeded account that names none: a
   * unified (UTA) account answers the unified API (`/api/v3`) and refuses the classic one with
   * `40085`; a classic account answers the classic API (`/api/v2/mix`, the classic transfers)
   * and refuses the unified one with `40084`, as the exchange does. Start a `'classic'` sandbox
   * to test @tradeline/classic-futures (or add a classic key with `addKey({ accountMode })`).
   * @default 'unified'
   */
  accountMode?: AccountMode | undefined
  /** Enforce the rules' rate limits; `false` turns them off, a function replaces the table. @default true */
  rateLimits?: boolean | RuleSource | undefined
  /** Accepted difference between ACCESS-TIMESTAMP and the sandbox clock. @default 30000 */
  timestampWindowMs?: number | undefined
  /**
   * The timers a `delay` fault waits on; pass fake or manual timers (with the `clock`) to run
   * delays without waiting real time.
   * @default the global `setTimeout`
   */
  timers?: { setTimeout: (callback: () => void, ms: number) => unknown } | undefined
  /**
   * Refuse request fields an endpoint does not take, with `40017` naming the field. The
   * exchange ignores them (ccxt sends an extra `symbol` to cancel-order), and so does the
   * sandbox by default; tradeline's own tests turn this on, so a misspelt field fails there.
   * @default false
   */
  strict?: boolean | undefined
  /** More routes to serve beside the built-in ones (same pipeline; a route of the same id wins). @default [] */
  routes?: readonly Route[] | undefined
  /**
   * The classic futures account's behaviour: `hedgeClose` picks one of classic order rule 3's two
   * published behaviours (`'remainder'`: a market close larger than what limit close orders
   * leave closes only the remainder; `'error'`: it is refused with `40757`), and
   * `eliteTraderPairs` lists the pairs an elite trader's key (`eliteTrader: true`) may trade
   * (rule 5). `admin.setClassicSettings` changes both later.
   * @default { hedgeClose: 'remainder', eliteTraderPairs: ['BTCUSDT', 'ETHUSDT'] }
   */
  classic?: Partial<ClassicSettings> | undefined
  /**
   * How the numeric fields of stockplus (securities) records are answered: JSON strings or
   * JSON numbers (the exchange may send numeric fields as JSON strings or JSON numbers), so a
   * client's leniency can be tested against both. `admin.setNumbersAs` changes it later.
   * @default 'string'
   */
  numbersAs?: NumbersAs | undefined
  /**
   * Entries of the order history (`admin.orderHistory`) each account keeps; the oldest go first.
   * @default 10000
   */
  orderHistoryLimit?: number | undefined
  /**
   * The fee model of futures fills: maker and taker rates (decimal fractions of a fill's value,
   * charged in the margin coin), and per symbol under `symbols`; each fee is a bill and reported
   * by the fill and order records. `POST /sandbox/fees` changes them later.
   * @default { maker: '0', taker: '0' } (no fees, so balances move only by profit and funding)
   */
  fees?: FeeOptions | undefined
  /**
   * Host names, besides `127.0.0.1`, `localhost` and `[::1]`, that the admin API and the
   * explorer answer under (the `Host` header, with the sandbox's port, and a page's `Origin`);
   * any other is refused with HTTP 403 `40300`, so a site whose name is re-pointed at this machine
   * (DNS rebinding) reads nothing. `startSandbox` adds its `host`.
   * @default []
   */
  adminHosts?: readonly string[] | undefined
  /**
   * Called with each internal error (a failure of the sandbox itself, answered HTTP 500 `40015`
   * and counted in `internalErrors`), with the method and path of the call.
   * @default prints the error's name and stack (not its message) on stderr
   */
  onInternalError?:
    | ((error: unknown, request: { method: string; path: string }) => void)
    | undefined
}

/**
 * The HTTP side of the sandbox: a Hono app inside, typed by what a caller uses, so that Hono can
 * be bundled into the package (a user installs no framework to run the sandbox).
 */
export type SandboxHttpApp = {
  /** Serves one request: a WHATWG fetch handler (Node's `http` through `startSandbox`, Bun, Deno, a test). */
  fetch(request: Request, env?: unknown): Response | Promise<Response>
  /** Serves a request given by its path (`app.request('/api/v3/public/time')`), as Hono's `request` does. */
  request(
    input: string | URL | Request,
    init?: RequestInit,
    env?: unknown,
  ): Response | Promise<Response>
}

/** The app and its parts. */
export type SandboxApp = {
  /** The app: serve it with `startSandbox`, or call `app.fetch` / `app.request` in-process. */
  readonly app: SandboxHttpApp
  readonly state: SandboxState
  readonly faults: FaultStore
  /** `undefined` when rate limits are off. */
  readonly limiter: RateLimiter | undefined
  readonly admin: Admin
  /** The routes served, with the rules' endpoint where it exists. */
  readonly routes: readonly { route: Route; endpoint: AnyEndpoint | undefined }[]
  /** The sandbox's own failures (HTTP 500 `40015`): a healthy run has `count` 0. */
  readonly internalErrors: InternalErrors
  /**
   * Ends the waits of `delay` faults: their calls are not handled (nothing applied), and no
   * timer of theirs holds the process. `startSandbox`'s `close()` calls it.
   */
  close(): void
}

/**
 * The waits of `delay` faults, on `timers` (else the global timers), ended together by `close`:
 * a delay of ten minutes held the process open that long after the sandbox closed, and then
 * applied its call to the state of a closed sandbox.
 */
function createDelays(timers: SandboxOptions['timers']): {
  sleep(ms: number): Promise<void>
  stopped(): boolean
  close(): void
} {
  const pending = new Set<() => void>()
  let closed = false
  return {
    sleep(ms) {
      if (closed) return Promise.resolve()
      return new Promise<void>((resolve) => {
        let handle: ReturnType<typeof setTimeout> | undefined
        const done = () => {
          if (!pending.delete(done)) return
          if (handle !== undefined) clearTimeout(handle)
          resolve()
        }
        pending.add(done)
        if (timers === undefined) handle = setTimeout(done, ms)
        else timers.setTimeout(done, ms)
      })
    },
    stopped: () => closed,
    close() {
      closed = true
      for (const done of [...pending]) done()
    },
  }
}

/** The WebSocket side of each sandbox, by its state (`startSandbox` serves it). */
const wsHubs = new WeakMap<SandboxState, WsHub>()

/** The WebSocket side of a sandbox created by {@link createSandboxApp}. */
export function wsHubOf(state: SandboxState): WsHub | undefined {
  return wsHubs.get(state)
}

/** Every route the sandbox serves. */
export const routes: readonly Route[] = [
  ...publicRoutes,
  ...marketRoutes,
  ...unifiedRoutes,
  ...classicRoutes,
  ...stockplusRoutes,
  ...savingsRoutes,
  // Market data reads of both futures lines.
  ...classicMarketDataRoutes,
  ...classicAnalyticsRoutes,
  ...unifiedMarketDataRoutes,
]

/**
 * Creates the sandbox app with its state, for embedding or serving.
 *
 * @example
 * import { createSandboxApp } from '@tradeline/sandbox'
 * const { app } = createSandboxApp({ seed: 1 })
 * const response = await app.request('/api/v3/public/time')
 * const body = await response.json()
 * body.code // '00000'
 */
export function createSandboxApp(options: SandboxOptions = {}): SandboxApp {
  const state = createState({
    clock: options.clock,
    seed: options.seed,
    data: options.data,
    classic: options.classic,
    orderHistoryLimit: options.orderHistoryLimit,
    accountMode: options.accountMode,
  })
  stockplusOf(state).numbersAs = options.numbersAs ?? 'string'
  if (options.fees) ledgerOf(state).fees = feeOptions(options.fees)
  // Funding starts at the sandbox's first clock reading, so an advance settles what it passes.
  settleFunding(state, state.clock.now())
  const faults = createFaultStore()
  const limits = options.rateLimits ?? true
  const limiter =
    limits === false
      ? undefined
      : createRateLimiter(state.clock, typeof limits === 'function' ? limits : rulesOf)
  const ws = withIpLimits(
    withClassicStream(createWsHub(state, { rateLimits: limits !== false }), state, {
      rateLimits: limits !== false,
    }),
    state.clock,
    limits !== false,
  )
  wsHubs.set(state, ws)
  const admin = createAdmin(state, faults, limiter, ws)
  const delays = createDelays(options.timers)
  const pipeline = {
    state,
    faults,
    limiter,
    timestampWindowMs: options.timestampWindowMs ?? defaultTimestampWindowMs,
    strict: options.strict ?? false,
    sleep: delays.sleep,
    stopped: delays.stopped,
  }
  const app = new Hono<Env>()
  mountAdmin(app, admin, state, options.adminHosts ?? [])
  mountExplorer(app, state, options.adminHosts ?? [])

  const endpoints = endpointMap()
  const byId = new Map([...endpoints.values()].map((endpoint) => [endpoint.id, endpoint]))
  const extra = options.routes ?? []
  const all = [...extra, ...routes.filter((route) => !extra.some((e) => e.id === route.id))]
  const served = all.map((route) => ({
    route,
    endpoint: byId.get(route.id) ?? endpoints.get(routeKey(route.method, route.path)),
  }))
  for (const { route, endpoint } of served) {
    const method = endpoint?.method ?? route.method
    const path = endpoint?.path ?? route.path
    app.on(method, path, (c) => handleCall(c, route, endpoint, pipeline))
    for (const alias of route.aliases ?? [])
      app.on(method, alias, (c) => handleCall(c, route, endpoint, pipeline))
  }

  app.notFound(() => respondFailure(notFound, state.clock.now()))
  const internalErrors = createInternalErrors(options.onInternalError ?? logInternalError)
  app.onError((error, c) => {
    if (error instanceof DroppedConnectionError) throw error
    // A refusal of the caller's input names the field and the rule; anything else is a failure
    // of the sandbox itself: never 45001 (an injected fault's "outcome unknown"), but 40015.
    if (isRefusal(error) && c.req.path.startsWith('/sandbox/'))
      return respondFailure({ code: '40017', msg: error.message }, state.clock.now())
    internalErrors.record(error, { method: c.req.method, path: c.req.path })
    return respondFailure(internalError, state.clock.now())
  })
  return {
    app,
    state,
    faults,
    limiter,
    admin,
    close: delays.close,
    routes: served,
    internalErrors: {
      get count() {
        return internalErrors.count
      },
      recent: internalErrors.recent,
    },
  }
}
