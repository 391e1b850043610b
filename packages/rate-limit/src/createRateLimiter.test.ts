import { RateLimits } from '@tradeline/rules'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  createRateLimiter,
  createRateLimiterFor,
  defaultPriority,
  type RateLimitRequest,
} from './createRateLimiter.js'

afterEach(() => {
  vi.useRealTimers()
})

const post = (path: string, body: unknown): RateLimitRequest => ({
  method: 'POST',
  path,
  query: undefined,
  body,
})
const place = (symbol: string) => post('/api/v3/trade/place-order', { symbol })
const cancel = (symbol: string) => post('/api/v3/trade/cancel-order', { symbol, orderId: '1' })

/** A limiter on fake time with no margin, and a log of when each endpoint passed. */
function setup(options: Parameters<typeof createRateLimiter>[0] = {}) {
  vi.useFakeTimers({ now: 0 })
  const limiter = createRateLimiter({ clock: { now: () => Date.now() }, marginMs: 0, ...options })
  const passed: { endpoint: string; at: number }[] = []
  const call = (endpoint: string, request?: RateLimitRequest) =>
    limiter.acquire({ endpoint, request }).then((release) => {
      passed.push({ endpoint, at: Date.now() })
      release()
    })
  return { limiter, passed, call }
}

describe('createRateLimiter', () => {
  test('place-order and cancel-order on rToken pairs | 5 per second per UID (one shared budget)', async () => {
    const { passed, call } = setup()
    const calls = [0, 1, 2, 3].flatMap(() => [
      call('unified.placeOrder', place('rAAPLUSDT')),
      call('unified.cancelOrder', cancel('rAAPLUSDT')),
    ])
    await vi.advanceTimersByTimeAsync(0)
    expect(passed.filter((p) => p.at === 0)).toHaveLength(5)
    await vi.advanceTimersByTimeAsync(1400)
    await Promise.all(calls)
    // The budget was full, so the rest is paced one per 1000 / 5 ms (the size goals).
    expect(passed.slice(5).map((p) => p.at)).toEqual([1000, 1200, 1400])
  })

  test('5 per second per UID, 30 for whitelisted users', async () => {
    const { passed, call } = setup({ rTokenWhitelisted: true })
    const calls = Array.from({ length: 40 }, () => call('unified.placeOrder', place('rTSLAUSDT')))
    await vi.advanceTimersByTimeAsync(0)
    // The endpoint's own 10 per second binds first; the rToken budget allows 30.
    expect(passed).toHaveLength(10)
    await vi.advanceTimersByTimeAsync(3900)
    await Promise.all(calls)
    // 10 more each second, paced one per 100 ms after the first (the size goals): the whitelisted
    // rToken budget of 30 never binds.
    expect(passed.map((p) => p.at)).toEqual(
      Array.from({ length: 40 }, (_, i) => (i < 10 ? 0 : i * 100)),
    )
  })

  test('a cancel by id whose symbol the caller names (request.symbol) takes the rToken budget', async () => {
    const { passed, call } = setup()
    const byId = { ...post('/api/v3/trade/cancel-order', { orderId: '1' }), symbol: 'rAAPLUSDT' }
    const calls = Array.from({ length: 6 }, () => call('unified.cancelOrder', byId))
    await vi.advanceTimersByTimeAsync(0)
    expect(passed).toHaveLength(5)
    await vi.advanceTimersByTimeAsync(1000)
    await Promise.all(calls)
    expect(passed.map((p) => p.at)).toEqual([0, 0, 0, 0, 0, 1000])
  })

  test('the symbol is read from the query of a GET too', async () => {
    const { passed, call } = setup()
    const request: RateLimitRequest = {
      method: 'GET',
      path: '/x',
      query: { symbol: 'rAAPLUSDT' },
      body: undefined,
    }
    const calls = Array.from({ length: 6 }, () => call('unified.cancelOrder', request))
    await vi.advanceTimersByTimeAsync(0)
    expect(passed).toHaveLength(5)
    await vi.advanceTimersByTimeAsync(1000)
    await Promise.all(calls)
    // The sixth waited for the rToken budget's window to move on.
    expect(passed.map((p) => p.at)).toEqual([0, 0, 0, 0, 0, 1000])
  })

  test('classic reversal | 10 per second per UID; 1 per second for copy-trading traders', async () => {
    const { passed, call } = setup({ copyTrader: true })
    const calls = [call('classic.clickBackhand'), call('classic.clickBackhand')]
    await vi.advanceTimersByTimeAsync(999)
    expect(passed).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await Promise.all(calls)
    expect(passed.map((p) => p.at)).toEqual([0, 1000])
  })

  test('priority: cancels before places by default', async () => {
    const { passed, call } = setup()
    // Fill the shared rToken budget, then queue a place before a cancel.
    const first = Array.from({ length: 5 }, () => call('unified.placeOrder', place('rAAPLUSDT')))
    const later = [
      call('unified.placeOrder', place('rAAPLUSDT')),
      call('unified.cancelOrder', cancel('rAAPLUSDT')),
    ]
    await vi.advanceTimersByTimeAsync(1200)
    await Promise.all([...first, ...later])
    expect(passed.slice(5).map((p) => p.endpoint)).toEqual([
      'unified.cancelOrder',
      'unified.placeOrder',
    ])
    expect(defaultPriority('unified.countdownCancelAll')).toBe(1)
    expect(defaultPriority('securities.placeOrder')).toBe(0)
  })

  test('A 429 with Retry-After pauses the whole scope (every endpoint of the UID)', async () => {
    const { limiter, passed, call } = setup({ uid: '42' })
    limiter.pause(2000, { endpoint: 'unified.placeOrder' })
    const calls = [call('unified.getOrderInfo'), call('unified.getMarketStates')]
    await vi.advanceTimersByTimeAsync(0)
    // The ip-scoped endpoint is not in the paused scope.
    expect(passed.map((p) => p.endpoint)).toEqual(['unified.getMarketStates'])
    await vi.advanceTimersByTimeAsync(2000)
    await Promise.all(calls)
    expect(passed.at(-1)).toEqual({ endpoint: 'unified.getOrderInfo', at: 2000 })
  })

  test('pause without a scope holds every scope of the limiter', async () => {
    const { limiter, passed, call } = setup()
    limiter.pause(500)
    const calls = [call('unified.getOrderInfo'), call('unified.getMarketStates')]
    await vi.advanceTimersByTimeAsync(499)
    expect(passed).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await Promise.all(calls)
    expect(passed).toHaveLength(2)
  })

  test('an endpoint missing from the table is refused, never unlimited', async () => {
    const { limiter } = setup()
    await expect(limiter.acquire({ endpoint: 'unified.nope' })).rejects.toSatisfy((e) =>
      RateLimits.UnknownEndpointError.isInstance(e),
    )
  })

  test('stockplus market endpoints (depth, trade, intraday, static, option-quote) | … up to 5 concurrent requests: 5 in flight across the group', async () => {
    const { limiter, passed } = setup()
    const endpoints = [
      'securities.getDepth',
      'securities.getTrades',
      'securities.getIntraday',
      'securities.getStatic',
      'securities.getOptionQuote',
    ]
    const releases: (() => void)[] = []
    const calls = endpoints.flatMap((endpoint) =>
      [0, 1].map(() =>
        limiter.acquire({ endpoint }).then((release) => {
          passed.push({ endpoint, at: Date.now() })
          releases.push(release)
        }),
      ),
    )
    await vi.advanceTimersByTimeAsync(100)
    expect(passed).toHaveLength(5)
    for (const release of releases.splice(0)) release()
    await vi.advanceTimersByTimeAsync(0)
    expect(passed).toHaveLength(10)
    for (const release of releases.splice(0)) release()
    await Promise.all(calls)
  })

  test('securities market data: 10 per second and 5 concurrent from the table', async () => {
    const { limiter, passed } = setup()
    const releases: (() => void)[] = []
    const calls = Array.from({ length: 7 }, () =>
      limiter.acquire({ endpoint: 'securities.getDepth' }).then((release) => {
        passed.push({ endpoint: 'securities.getDepth', at: Date.now() })
        releases.push(release)
      }),
    )
    await vi.advanceTimersByTimeAsync(100)
    expect(passed).toHaveLength(5)
    for (const release of releases.splice(0)) release()
    await vi.advanceTimersByTimeAsync(0)
    await Promise.all(calls)
    expect(passed).toHaveLength(7)
  })
})

describe('createRateLimiterFor', () => {
  test("a part of the table limits its own endpoints as the whole table does, and refuses another line's", async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createRateLimiterFor(
      { ...RateLimits.publicTable, ...RateLimits.unifiedTable },
      { clock: { now: () => Date.now() }, marginMs: 0 },
    )
    const passed: number[] = []
    const calls = Array.from({ length: 6 }, () =>
      limiter.acquire({ endpoint: 'unified.placeBatch' }).then((release) => {
        passed.push(Date.now())
        release()
      }),
    )
    await vi.advanceTimersByTimeAsync(1500)
    await Promise.all(calls)
    // place-batch: 5 per second per UID, from the unified part of the table.
    expect(passed.filter((at) => at < 1000).length).toBe(5)
    await expect(limiter.acquire({ endpoint: 'classic.placeOrder' })).rejects.toSatisfy((e) =>
      RateLimits.UnknownEndpointError.isInstance(e),
    )
    limiter.close()
  })
})
