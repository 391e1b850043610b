import { describe, expect, test } from 'vitest'
import { createLimiter, WaitTooLongError } from './createLimiter.js'
import { createMemoryStore } from './createMemoryStore.js'
import type { Store, TakeRequest, TakeResult } from './Store.js'
import { concurrency, window } from './test/harness.js'

/**
 * A store over the memory store whose take moves the clock on by `ms` (an answer that comes
 * late), answering synchronously or with a promise.
 */
function lateStore(ms: number, async: boolean) {
  let now = 0
  const clock = { now: () => now }
  const memory = createMemoryStore({ clock })
  const take = (request: TakeRequest): TakeResult => {
    now += ms
    return memory.take(request)
  }
  const store: Store = {
    shared: async,
    take: async ? (request) => new Promise((resolve) => resolve(take(request))) : take,
    release: (lease) => memory.release(lease),
    pause: (scopes, ms) => memory.pause(scopes, ms),
  }
  return { clock, memory, store }
}

describe('createLimiter: the deadline on the fast path (no call waiting)', () => {
  test('a deadline already past is refused with WaitTooLongError, and nothing is taken', async () => {
    const clock = { now: () => 1000 }
    const limiter = createLimiter({ clock })
    const rules = [window('late', 1, 1000)]
    const error = await limiter.acquire(rules, { deadline: 500 }).catch((e: unknown) => e)
    expect(WaitTooLongError.isInstance(error)).toBe(true)
    // The window's only slot is still free.
    await expect(limiter.acquire(rules, { maxWaitMs: 0 })).resolves.toBeTypeOf('function')
  })

  test('a synchronous store whose clock passed the deadline during the take: refused, slot given back', async () => {
    const { clock, store } = lateStore(20, false)
    const limiter = createLimiter({ clock, store })
    const rules = [concurrency('slow', 1)]
    const error = await limiter.acquire(rules, { maxWaitMs: 10 }).catch((e: unknown) => e)
    expect(WaitTooLongError.isInstance(error)).toBe(true)
    await expect(limiter.acquire(rules, { maxWaitMs: 100 })).resolves.toBeTypeOf('function')
  })

  test("an async store's answer that lands after the deadline, before the deadline's timer fires: refused, slot given back", async () => {
    // The answer arrives 50 ms later on the limiter's clock, within the same turn.
    const { clock, memory, store } = lateStore(50, true)
    const limiter = createLimiter({ clock, store })
    const rules = [concurrency('answer', 1)]
    const error = await limiter.acquire(rules, { maxWaitMs: 10 }).catch((e: unknown) => e)
    expect(WaitTooLongError.isInstance(error)).toBe(true)
    // The slot the late answer took was given back.
    const request = { budgets: limiter.budgets(rules), marginMs: 0, countFrom: 'settled' } as const
    expect(memory.take(request).ok).toBe(true)
  })
})
