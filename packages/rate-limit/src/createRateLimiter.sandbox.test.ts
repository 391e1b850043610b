import { createTransport, RateLimitedError } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import { type Route, startSandbox } from '@tradeline/sandbox'
import { describe, expect, test } from 'vitest'
import { createRateLimiter } from './createRateLimiter.js'
import { findViolations } from './findViolations.js'

/** place-order served through the sandbox pipeline (auth, strict server-side limits, checks). */
const placeOrder: Route = {
  id: 'unified.placeOrder',
  method: 'POST',
  path: '/api/v3/trade/place-order',
  auth: true,
  handle: ({ now }) => ({ data: { orderId: String(now), clientOid: null } }),
}

describe('createRateLimiter (sandbox)', () => {
  test('issue: "10 s of saturating load on place-order gets 0 responses of 429"', {
    timeout: 60_000,
  }, async () => {
    const arrivals: number[] = []
    const route: Route = {
      ...placeOrder,
      handle: (call) => {
        arrivals.push(call.now)
        return placeOrder.handle(call)
      },
    }
    const sandbox = await startSandbox({ port: 0, routes: [route] })
    const rateLimiter = createRateLimiter()
    const transport = createTransport({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      rateLimiter,
    })
    const body = {
      category: 'SPOT',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.01',
      price: '50000',
    }
    let ok = 0
    let limited = 0
    const failures: unknown[] = []
    const end = Date.now() + 10_000
    // 20 callers, each sending again as soon as its call settles: always more demand than 10/s.
    const caller = async () => {
      while (Date.now() < end) {
        try {
          await transport.request({ endpoint: Unified.placeOrder, body })
          ok++
        } catch (error) {
          if (RateLimitedError.isInstance(error)) limited++
          else failures.push(error)
        }
      }
    }
    try {
      await Promise.all(Array.from({ length: 20 }, caller))
    } finally {
      rateLimiter.close()
      await sandbox.close()
    }
    expect(failures).toEqual([])
    expect(limited).toBe(0)
    // How many pass depends on the machine (createRateLimiter.bench.ts reports it); that the
    // limiter lets calls through at all does not.
    expect(ok).toBeGreaterThanOrEqual(1)
    expect(arrivals).toHaveLength(ok)
    // The server's own arrival times hold at most 10 in any second.
    const rule = RulesOf10PerSecond
    expect(
      findViolations(
        rule,
        arrivals.map((at) => ({ at })),
      ),
    ).toEqual([])
  })
})

const RulesOf10PerSecond = {
  kind: 'window',
  key: 'unified.placeOrder',
  scope: 'uid',
  limit: 10,
  windowMs: 1000,
  source: 'spec Part A Limits',
} as const
