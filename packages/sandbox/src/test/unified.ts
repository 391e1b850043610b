/**
 * Test helpers for the unified routes: a sandbox on loopback with a hand-moved clock, and a
 * signed caller that answers `{ status, body }`.
 */
import { Strategy, Unified } from '@tradeline/rules'
import { type RunningSandbox, type StartOptions, startSandbox } from '../server.js'
import { type Credentials, encodedQuery, fixedClock, signedHeaders } from './helpers.js'

/** 10:00 ET on a Wednesday, daylight saving time. */
export const T0 = Date.UTC(2026, 6, 1, 14, 0)

/** An answer of the sandbox. */
export type Answer = { status: number; body: { code: string; msg: string; data: any } }

/** A signed caller of one key. */
export type Caller = {
  get(path: string, query?: Record<string, string>): Promise<Answer>
  post(path: string, body: unknown): Promise<Answer>
  /** Posts `text` as the body exactly (e.g. a JSON number a double cannot hold). */
  postText(path: string, text: string): Promise<Answer>
}

/** Starts a sandbox without rate limits on a fixed clock. */
export async function start(options: StartOptions = {}): Promise<{
  sandbox: RunningSandbox
  clock: ReturnType<typeof fixedClock>
  api: Caller
  as(credentials: Credentials): Caller
}> {
  const clock = fixedClock(T0)
  const sandbox = await startSandbox({
    clock,
    seed: 7,
    rateLimits: false,
    strict: true,
    ...options,
  })
  const as = (credentials: Credentials): Caller => ({
    async get(path, query = {}) {
      const timestamp = sandbox.admin.now()
      const headers = signedHeaders(credentials, { method: 'GET', path, query, timestamp })
      const search = encodedQuery(query)
      const response = await fetch(`${sandbox.url}${path}${search ? `?${search}` : ''}`, {
        headers,
      })
      return { status: response.status, body: await response.json() }
    },
    post(path, value) {
      return this.postText(path, JSON.stringify(value))
    },
    async postText(path, body) {
      const timestamp = sandbox.admin.now()
      const headers = signedHeaders(credentials, { method: 'POST', path, body, timestamp })
      const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers, body })
      return { status: response.status, body: await response.json() }
    },
  })
  return { sandbox, clock, api: as(sandbox.credentials), as }
}

/** The paths of the unified routes, from the rules' endpoint definitions. */
export const paths = {
  place: Unified.placeOrder.path,
  modify: Unified.modifyOrder.path,
  cancel: Unified.cancelOrder.path,
  countdown: Unified.countdownCancelAll.path,
  placeBatch: Unified.placeBatch.path,
  batchModify: Unified.batchModifyOrder.path,
  cancelBatch: Unified.cancelBatch.path,
  cancelSymbol: Unified.cancelSymbolOrder.path,
  info: Unified.getOrderInfo.path,
  unfilled: Unified.getUnfilledOrders.path,
  history: Unified.getHistoryOrders.path,
  fills: Unified.getFills.path,
  realityFills: Unified.getRealityFills.path,
  placeStrategy: Strategy.placeStrategyOrder.path,
  modifyStrategy: Strategy.modifyStrategyOrder.path,
  cancelStrategy: Strategy.cancelStrategyOrder.path,
  unfilledStrategy: Strategy.getUnfilledStrategyOrders.path,
  historyStrategy: Strategy.getHistoryStrategyOrders.path,
  settings: Unified.getAccountSettings.path,
  assets: Unified.getAccountAssets.path,
  position: Unified.getCurrentPosition.path,
} as const

/** A spot limit buy of ETHUSDT (price 3200.00 by default). */
export const ethBuy = (overrides: Record<string, unknown> = {}) => ({
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '1',
  price: '3000.00',
  ...overrides,
})

/** A USDT-futures order of BTCUSDT (price 65000.0 by default). */
export const btc = (overrides: Record<string, unknown> = {}) => ({
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '60000.0',
  ...overrides,
})
