import { RateLimits } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import { createRateLimiter, type LimitRule, rulesOf } from './rateLimit.js'
import { startSandbox } from './server.js'
import { fixedClock, signedHeaders } from './test/helpers.js'

const source = (rules: LimitRule[]) => () => rules
const ip = { ip: '127.0.0.1' }

describe('rulesOf', () => {
  test('reads the rules table', () => {
    expect(rulesOf('unified.getMarketStates', undefined)).toEqual(
      RateLimits.resolve('unified.getMarketStates'),
    )
  })

  test('an id outside the table has no limits', () => {
    expect(rulesOf('sandbox.unknown', undefined)).toEqual([])
  })
})

describe('createRateLimiter', () => {
  test('a strict sliding window never admits more than limit in any window', () => {
    const clock = fixedClock(0)
    const rule: LimitRule = {
      kind: 'window',
      key: 'k',
      scope: 'ip',
      limit: 2,
      windowMs: 1000,
      source: 't',
    }
    const limiter = createRateLimiter(clock, source([rule]))
    const at = (ms: number) => {
      clock.set(ms)
      return limiter.admit('e', ip).ok
    }
    expect([at(0), at(900), at(999), at(1000), at(1899), at(1900)]).toEqual([
      true,
      true,
      false,
      true,
      false,
      true,
    ])
  })

  test('a refusal says when to retry', () => {
    const clock = fixedClock(0)
    const rule: LimitRule = {
      kind: 'window',
      key: 'k',
      scope: 'ip',
      limit: 1,
      windowMs: 1000,
      source: 't',
    }
    const limiter = createRateLimiter(clock, source([rule]))
    limiter.admit('e', ip)
    clock.set(250)
    expect(limiter.admit('e', ip)).toEqual({ ok: false, retryAfterMs: 750, key: 'k' })
  })

  test('weights count against the limit', () => {
    const clock = fixedClock(0)
    const rule: LimitRule = {
      kind: 'window',
      key: 'k',
      scope: 'uid',
      limit: 5,
      windowMs: 1000,
      weight: 2,
      source: 't',
    }
    const limiter = createRateLimiter(clock, source([rule]))
    const admitted = [1, 2, 3].map(() => limiter.admit('e', { uid: '1', ip: 'x' }).ok)
    expect(admitted).toEqual([true, true, false])
  })

  test('uid budgets are per account, ip budgets per address', () => {
    const clock = fixedClock(0)
    const rule: LimitRule = {
      kind: 'window',
      key: 'k',
      scope: 'uid',
      limit: 1,
      windowMs: 1000,
      source: 't',
    }
    const limiter = createRateLimiter(clock, source([rule]))
    expect(limiter.admit('e', { uid: '1', ip: 'a' }).ok).toBe(true)
    expect(limiter.admit('e', { uid: '2', ip: 'a' }).ok).toBe(true)
    expect(limiter.admit('e', { uid: '1', ip: 'b' }).ok).toBe(false)
  })

  test('spacing keeps a minimum interval', () => {
    const clock = fixedClock(0)
    const rule: LimitRule = {
      kind: 'spacing',
      key: 's',
      scope: 'ip',
      minIntervalMs: 20,
      source: 't',
    }
    const limiter = createRateLimiter(clock, source([rule]))
    expect(limiter.admit('e', ip).ok).toBe(true)
    clock.set(19)
    expect(limiter.admit('e', ip)).toEqual({ ok: false, retryAfterMs: 1, key: 's' })
    clock.set(20)
    expect(limiter.admit('e', ip).ok).toBe(true)
  })

  test('concurrency caps calls in flight until released', () => {
    const rule: LimitRule = { kind: 'concurrency', key: 'c', scope: 'ip', limit: 1, source: 't' }
    const limiter = createRateLimiter(fixedClock(0), source([rule]))
    const first = limiter.admit('e', ip)
    expect(limiter.admit('e', ip).ok).toBe(false)
    if (first.ok) first.release()
    expect(limiter.admit('e', ip).ok).toBe(true)
  })

  test('a refused call takes no budget of its other rules', () => {
    const clock = fixedClock(0)
    const limiter = createRateLimiter(
      clock,
      source([
        { kind: 'window', key: 'wide', scope: 'ip', limit: 2, windowMs: 1000, source: 't' },
        { kind: 'window', key: 'narrow', scope: 'ip', limit: 1, windowMs: 100, source: 't' },
      ]),
    )
    expect(limiter.admit('e', ip).ok).toBe(true)
    expect(limiter.admit('e', ip).ok).toBe(false)
    clock.set(100)
    expect(limiter.admit('e', ip).ok).toBe(true)
  })
})

describe('server-side rate limits', () => {
  test('market/states | 1 per second per IP: the second call within the second gets 429', async () => {
    const clock = fixedClock(Date.UTC(2026, 6, 1, 14, 0))
    const sandbox = await startSandbox({ clock, seed: 1, strict: true })
    try {
      const get = () => fetch(`${sandbox.url}/api/v3/reality/market/states`)
      expect((await get()).status).toBe(200)
      clock.set(clock.now() + 400)
      const refused = await get()
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('1')
      expect(await refused.json()).toEqual({
        code: '429',
        msg: 'Too Many Requests',
        requestTime: clock.now(),
        data: null,
      })
      clock.set(clock.now() + 600)
      expect((await get()).status).toBe(200)
    } finally {
      await sandbox.close()
    }
  })

  test('unified open orders ... 20/s: limits of signed endpoints count per UID', async () => {
    const clock = fixedClock(Date.UTC(2026, 6, 1, 14, 0))
    const sandbox = await startSandbox({ clock, seed: 1, strict: true })
    try {
      const path = '/api/v3/trade/unfilled-orders'
      const get = () =>
        fetch(`${sandbox.url}${path}`, {
          headers: signedHeaders(sandbox.credentials, {
            method: 'GET',
            path,
            timestamp: clock.now(),
          }),
        })
      const limit = RateLimits.resolve('unified.getUnfilledOrders').find((r) => r.kind === 'window')
      const n = limit?.kind === 'window' ? limit.limit : 0
      const statuses = []
      for (let i = 0; i <= n; i++) statuses.push((await get()).status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(n)
      expect(statuses.at(-1)).toBe(429)
    } finally {
      await sandbox.close()
    }
  })

  test('rateLimits: false turns them off', async () => {
    const sandbox = await startSandbox({ clock: fixedClock(0), rateLimits: false })
    try {
      const statuses = []
      for (let i = 0; i < 3; i++)
        statuses.push((await fetch(`${sandbox.url}/api/v3/reality/market/states`)).status)
      expect(statuses).toEqual([200, 200, 200])
    } finally {
      await sandbox.close()
    }
  })
})
