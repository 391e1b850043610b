import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  CostExceedsLimitError,
  createLimiter,
  LimiterClosedError,
  UnknownKeyError,
  WaitTooLongError,
} from './createLimiter.js'
import { createMemoryStore } from './createMemoryStore.js'
import { createRateLimiter } from './createRateLimiter.js'
import type { Store } from './Store.js'
import { type Arrival, concurrency, run, spacing, window } from './test/harness.js'

afterEach(() => {
  vi.useRealTimers()
})

const burst = (n: number, rules: Arrival['rules'], extra: Partial<Arrival> = {}): Arrival[] =>
  Array.from({ length: n }, () => ({ at: 0, rules, ...extra }))

describe('createLimiter', () => {
  test('no window of any rule ever holds more than its limit (window, saturating)', async () => {
    const rules = [window('orders', 10, 1000)]
    const { admitted, violations } = await run(burst(100, rules))
    expect(violations).toEqual([])
    // Exact, not conservative: 10 at 0, then (the window was full: paced, see the size goals) one every
    // 100 ms, each a window after the call it replaces: 10 in every second.
    expect(admitted.map((a) => a?.at)).toEqual(
      Array.from({ length: 100 }, (_, i) => (i < 10 ? 0 : i * 100)),
    )
  })

  test('N calls per window with weights: a call of weight 3 takes 3 of the limit', async () => {
    const rules = [window('batch', 10, 1000, 3)]
    const { admitted, violations } = await run(burst(9, rules))
    expect(violations).toEqual([])
    // Paced after the first window: a call of weight 3 holds the next 3 × 1000 / 10 ms.
    expect(admitted.map((a) => a?.at)).toEqual([0, 0, 0, 1000, 1300, 1600, 2000, 2300, 2600])
  })

  test('weights per call mix in one window', async () => {
    const rules = [window('mixed', 5, 1000)]
    const arrivals = [1, 4, 2, 3, 5, 1].map((weight) => ({ at: 0, rules, weight }))
    const { admitted, violations } = await run(arrivals)
    expect(violations).toEqual([])
    // Paced after the first window: the call of weight 2 at 1000 holds the next 400 ms.
    expect(admitted.map((a) => a?.at)).toEqual([0, 0, 1000, 1400, 2400, 3400])
  })

  test('minimum spacing keeps 20 ms between calls', async () => {
    const rules = [spacing('securities.spacing', 20)]
    const { admitted, violations } = await run(burst(5, rules))
    expect(violations).toEqual([])
    expect(admitted.map((a) => a?.at)).toEqual([0, 20, 40, 60, 80])
  })

  test('concurrency cap holds 5 in flight and releases slots', async () => {
    const rules = [concurrency('market.concurrent', 5)]
    const { admitted, violations } = await run(burst(12, rules, { holdMs: 100 }))
    expect(violations).toEqual([])
    expect(admitted.map((a) => a?.at)).toEqual([0, 0, 0, 0, 0, 100, 100, 100, 100, 100, 200, 200])
  })

  test('securities orders: 30 per 30 s and 0.02 s spacing at once', async () => {
    const rules = [window('securities.placeOrder', 30, 30_000), spacing('s.spacing', 20)]
    const { admitted, violations } = await run(burst(65, rules))
    expect(violations).toEqual([])
    expect(admitted[29]?.at).toBe(580)
    expect(admitted[30]?.at).toBe(30_000)
    expect(admitted[60]?.at).toBe(60_000)
  })

  test('securities market data: 10 per second and 5 concurrent at once', async () => {
    const rules = [window('securities.getDepth', 10, 1000), concurrency('depth.concurrent', 5)]
    const { admitted, violations } = await run(burst(30, rules, { holdMs: 300 }))
    expect(violations).toEqual([])
    // Each call counts from when it settled: five at 300, five at 600, so the 11th waits to 1300;
    // the window was full, so from then on calls are paced one per 1000 / 10 ms.
    expect(admitted.map((a) => a?.at).slice(0, 13)).toEqual([
      0, 0, 0, 0, 0, 300, 300, 300, 300, 300, 1300, 1400, 1500,
    ])
  })

  test('the size goals: counted until settled, a saturated window is paced: one call per window / limit in its first span, then each call one window after its predecessor settled', async () => {
    // Saturating demand, each call in flight 5 ms (its round trip).
    const rules = [window('orders', 10, 1000)]
    const { admitted, violations } = await run(burst(80, rules, { holdMs: 5 }))
    // Never over the limit, wherever in its flight the server saw each call.
    expect(violations).toEqual([])
    const at = admitted.map((a) => a?.at ?? Number.NaN)
    // From idle the burst passes at once; the window is then full, so the next span is spread
    // one per 100 ms from when the first call's slot came back (settled at 5, plus 1000).
    expect(at.slice(0, 20)).toEqual([
      ...Array.from({ length: 10 }, () => 0),
      ...Array.from({ length: 10 }, (_, i) => 1005 + 100 * i),
    ])
    // Steady state: every call passes exactly one window after its predecessor in the window
    // settled (the strict minimum), so the spacing stays 100 ms, one round trip (5 ms) lost per
    // window: 10 calls per 1005 ms, 99.5% of the limit.
    for (let k = 20; k < at.length; k++) {
      expect(at[k]).toBe((at[k - 10] as number) + 5 + 1000)
      expect((at[k] as number) - (at[k - 1] as number)).toBeGreaterThanOrEqual(100)
    }
    const steady = at.slice(20)
    const rate =
      ((steady.length - 10) * 1000) / 10 / ((steady.at(-1) as number) - (at[29] as number))
    expect(rate).toBeCloseTo(1000 / 1005, 6)
  })

  test('the size goals: pacing ends once a whole window passed with nothing counted (a burst passes at once again)', async () => {
    const rules = [window('orders', 10, 1000)]
    const later = Array.from({ length: 10 }, () => ({ at: 5000, rules, holdMs: 5 }))
    const { admitted, violations } = await run([...burst(20, rules, { holdMs: 5 }), ...later])
    expect(violations).toEqual([])
    expect(admitted.slice(20).map((a) => a?.at)).toEqual(Array.from({ length: 10 }, () => 5000))
  })

  test('decision: countFrom "admitted" is not paced (a call counts from its admission: a burst costs nothing)', async () => {
    const rules = [window('orders', 10, 1000)]
    const { admitted } = await run(burst(30, rules, { holdMs: 5 }), { countFrom: 'admitted' })
    expect(admitted.map((a) => a?.at)).toEqual(
      Array.from({ length: 30 }, (_, i) => Math.floor(i / 10) * 1000),
    )
  })

  test('decision: countFrom "admitted" counts a call from its admission only', async () => {
    const rules = [window('securities.getDepth', 10, 1000), concurrency('depth.concurrent', 5)]
    const { admitted, violations } = await run(burst(12, rules, { holdMs: 300 }), {
      countFrom: 'admitted',
    })
    expect(violations).toEqual([])
    expect(admitted.map((a) => a?.at).slice(10)).toEqual([1000, 1000])
  })

  test('decision: counted until settled, a spacing holds one call in flight', async () => {
    const { admitted, violations } = await run(burst(3, [spacing('s', 20)], { holdMs: 50 }))
    expect(violations).toEqual([])
    expect(admitted.map((a) => a?.at)).toEqual([0, 70, 140])
  })

  test('shared keys: two endpoints sharing one budget never exceed it together', async () => {
    const shared = window('unified.rToken', 5, 1000)
    const place = [window('unified.placeOrder', 10, 1000), shared]
    const cancel = [window('unified.cancelOrder', 10, 1000), shared]
    const arrivals = [...burst(8, place), ...burst(8, cancel)]
    const { admitted, violations } = await run(arrivals)
    expect(violations).toEqual([])
    expect(admitted.filter((a) => a?.at === 0)).toHaveLength(5)
  })

  test('priority: cancels before places among calls waiting on one budget', async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createLimiter({ clock: { now: () => Date.now() }, marginMs: 0 })
    const rules = [window('unified.rToken', 1, 1000)]
    const order: string[] = []
    ;(await limiter.acquire(rules))()
    const place = limiter.acquire(rules).then((release) => {
      order.push('place')
      release()
    })
    const cancel = limiter.acquire(rules, { priority: 1 }).then((release) => {
      order.push('cancel')
      release()
    })
    await vi.advanceTimersByTimeAsync(2000)
    await Promise.all([place, cancel])
    expect(order).toEqual(['cancel', 'place'])
  })

  test('a call on another budget passes a waiting one', async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createLimiter({ clock: { now: () => Date.now() }, marginMs: 0 })
    ;(await limiter.acquire([window('a', 1, 1000)]))()
    const waiting = limiter.acquire([window('a', 1, 1000)])
    await expect(limiter.acquire([window('b', 1, 1000)])).resolves.toBeTypeOf('function')
    expect(limiter.waiting).toBe(1)
    await vi.advanceTimersByTimeAsync(1000)
    await expect(waiting).resolves.toBeTypeOf('function')
  })

  test('honours an AbortSignal', async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createLimiter({ clock: { now: () => Date.now() } })
    const rules = [window('k', 1, 1000)]
    await limiter.acquire(rules)
    const controller = new AbortController()
    const waiting = limiter.acquire(rules, { signal: controller.signal })
    controller.abort(new Error('stop'))
    await expect(waiting).rejects.toThrow('stop')
    expect(limiter.waiting).toBe(0)
    await expect(limiter.acquire(rules, { signal: AbortSignal.abort() })).rejects.toThrow()
  })

  test('fails fast with a clear error when the wait would exceed the deadline', async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createLimiter({ clock: { now: () => Date.now() }, marginMs: 5 })
    const rules = [window('unified.placeOrder', 1, 1000)]
    ;(await limiter.acquire(rules))()
    const error = await limiter.acquire(rules, { maxWaitMs: 500 }).catch((e) => e)
    expect(WaitTooLongError.isInstance(error)).toBe(true)
    expect(error.message).toMatchInlineSnapshot(
      `"Rate limit "unified.placeOrder": the wait of 1005 ms would exceed the deadline (500 ms left)."`,
    )
    const within = limiter.acquire(rules, { deadline: 2000 })
    await vi.advanceTimersByTimeAsync(1005)
    await expect(within).resolves.toBeTypeOf('function')
  })

  test('a call whose wait is exactly its maxWaitMs is admitted at that moment', async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createLimiter({ clock: { now: () => Date.now() } })
    const rules = [window('exact', 1, 1000)]
    ;(await limiter.acquire(rules))()
    let admittedAt: number | undefined
    const waiting = limiter.acquire(rules, { maxWaitMs: 1000 }).then((release) => {
      admittedAt = Date.now()
      release()
    })
    await vi.advanceTimersByTimeAsync(1000)
    await waiting
    expect(admittedAt).toBe(1000)
  })

  test('a deadline on a concurrency wait fails when it passes', async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createLimiter({ clock: { now: () => Date.now() }, maxWaitMs: 200 })
    const rules = [concurrency('c', 1)]
    await limiter.acquire(rules)
    const waiting = limiter.acquire(rules).catch((e) => e)
    await vi.advanceTimersByTimeAsync(200)
    const error = await waiting
    expect(WaitTooLongError.isInstance(error) && error.waitMs).toBe(undefined)
    expect(String(error.message)).toContain('no slot was free')
  })

  test('decision: two limiters over one store: a call waiting for a concurrency slot is admitted when the other limiter releases it (the memory store tells its releases; a store that does not is polled)', async () => {
    vi.useFakeTimers({ now: 0 })
    const clock = { now: () => Date.now() }
    const memory = createMemoryStore({ clock })
    const silent: Store = {
      shared: false,
      take: (request) => memory.take(request),
      release: (lease) => memory.release(lease),
      pause: (scopes, ms) => memory.pause(scopes, ms),
    }
    for (const [store, rules] of [
      [memory, [concurrency('told', 1)]],
      [silent, [concurrency('polled', 1)]],
    ] as const) {
      const a = createLimiter({ clock, store })
      const b = createLimiter({ clock, store })
      const releaseA = await a.acquire(rules)
      let admitted = false
      void b.acquire(rules).then(() => {
        admitted = true
      })
      await vi.advanceTimersByTimeAsync(50)
      expect(admitted).toBe(false)
      releaseA()
      await vi.advanceTimersByTimeAsync(store === memory ? 0 : 10)
      expect(admitted).toBe(true)
      expect(b.waiting).toBe(0)
    }
  })

  test('A 429 with Retry-After pauses the whole scope', async () => {
    vi.useFakeTimers({ now: 0 })
    const limiter = createLimiter({ clock: { now: () => Date.now() }, uid: '7' })
    limiter.pause(3000, ['uid:7'])
    let admittedAt: number | undefined
    void limiter.acquire([window('other', 100, 1000)]).then(() => {
      admittedAt = Date.now()
    })
    await vi.advanceTimersByTimeAsync(2999)
    expect(admittedAt).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(admittedAt).toBe(3000)
  })

  test('a pause past the longest timer (2^31 - 1 ms) waits in timers of at most that, never a 1 ms loop', async () => {
    vi.useFakeTimers({ now: 0 })
    const delays: number[] = []
    const real = globalThis.setTimeout
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      fn: () => void,
      ms?: number,
    ) => {
      delays.push(ms ?? 0)
      return real(fn, ms)
    }) as typeof setTimeout)
    try {
      const limiter = createLimiter({ clock: { now: () => Date.now() }, uid: '7' })
      limiter.pause(3e9, ['uid:7'])
      let admitted = false
      void limiter.acquire([window('other', 100, 1000)]).then(() => {
        admitted = true
      })
      await vi.advanceTimersByTimeAsync(2_147_483_647)
      expect(admitted).toBe(false)
      await vi.advanceTimersByTimeAsync(3e9 - 2_147_483_647)
      expect(admitted).toBe(true)
      expect(Math.max(...delays)).toBeLessThanOrEqual(2_147_483_647)
      // Two or three timers for the whole wait: no loop of 1 ms timers.
      expect(delays.filter((ms) => ms <= 1).length).toBeLessThan(5)
      limiter.close()
    } finally {
      spy.mockRestore()
    }
  })

  test('rules and weights the stores cannot count are refused with a RangeError naming them (a 0 ms window hung the memory store)', async () => {
    const limiter = createLimiter()
    const refused = async (p: Promise<unknown>) => (await p.catch((e: unknown) => e)) as Error
    const zero = await refused(limiter.acquire([window('zero', 1, 0)]))
    expect(zero).toBeInstanceOf(RangeError)
    expect(zero.message).toContain('"zero": windowMs must be a finite number of ms greater than 0')
    const none = await refused(limiter.acquire([concurrency('none', 0)]))
    expect(none.message).toContain('"none": limit must be a whole number, at least 1')
    for (const weight of [-5, 0, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = await refused(limiter.acquire([window('w', 10, 1000)], { weight }))
      expect(error).toBeInstanceOf(RangeError)
      expect(error.message).toContain('weight must be a finite number greater than 0')
    }
    expect(() => createLimiter({ marginMs: -1 })).toThrow(RangeError)
    expect(() => createLimiter({ marginMs: Number.NaN })).toThrow(
      'marginMs must be a finite number',
    )
    limiter.close()
  })

  test.each([
    [
      'store',
      {},
      TypeError,
      'createLimiter: store must be a Store (an object with take, release and pause); got object',
    ],
    [
      'clock',
      { now: 5 },
      TypeError,
      'createLimiter: clock must be a clock (an object with now); got object',
    ],
    [
      'countFrom',
      'sent',
      TypeError,
      'createLimiter: countFrom must be "settled" or "admitted"; got "sent"',
    ],
    ['uid', 5, TypeError, 'createLimiter: uid must be a string; got 5'],
    ['ip', {}, TypeError, 'createLimiter: ip must be a string; got object'],
    [
      'rules',
      'w',
      TypeError,
      'createLimiter: rules must be an object of rule lists by key; got "w"',
    ],
    [
      'pollMs',
      'x',
      TypeError,
      'createLimiter: pollMs must be a finite number of ms, 1 or more; got "x"',
    ],
    [
      'pollMs',
      0,
      TypeError,
      'createLimiter: pollMs must be a finite number of ms, 1 or more; got 0',
    ],
    [
      'pollMs',
      Number.POSITIVE_INFINITY,
      TypeError,
      'pollMs must be a finite number of ms, 1 or more',
    ],
    [
      'maxWaitMs',
      -1,
      TypeError,
      'createLimiter: maxWaitMs must be a number of ms, 0 or more; got -1',
    ],
    [
      'maxWaitMs',
      Number.NaN,
      TypeError,
      'createLimiter: maxWaitMs must be a number of ms, 0 or more',
    ],
  ] as const)(
    'before: a %s of the wrong shape was a TypeError of the first acquire (store.take is not a function) or a silent NaN wait; now createLimiter refuses %j naming it',
    (option, value, Type, message) => {
      const thrown = (() => {
        try {
          createLimiter({ [option]: value } as never).close()
        } catch (error) {
          return error as Error
        }
        return undefined
      })()
      expect(thrown).toBeInstanceOf(Type)
      expect(thrown?.message).toContain(message)
    },
  )

  test('createRateLimiter refuses a priority that is not a function and flags that are not booleans, naming them', () => {
    expect(() => createRateLimiter({ priority: 5 } as never)).toThrow(
      'createRateLimiter: priority must be a function (endpoint) => number; got 5',
    )
    expect(() => createRateLimiter({ copyTrader: 'yes' } as never)).toThrow(
      'createRateLimiter: copyTrader must be true or false; got "yes"',
    )
    expect(() =>
      createRateLimiter({
        maxWaitMs: Number.POSITIVE_INFINITY,
        pollMs: 5,
        countFrom: 'admitted',
      }).close(),
    ).not.toThrow()
  })

  test('rules are checked for a call with another identity too (a 0 ms window hung, NaN admitted everything, a cap of 0 waited forever)', async () => {
    const limiter = createLimiter()
    const identity = { uid: '1' }
    const bad = [
      [window('zero', 2, 0), 'windowMs must be a finite number of ms greater than 0'],
      [window('nan', 2, Number.NaN), 'windowMs must be a finite number of ms greater than 0'],
      [concurrency('none', 0), 'limit must be a whole number, at least 1'],
    ] as const
    for (const [rule, message] of bad) {
      const error = await limiter.acquire([rule], { identity, maxWaitMs: 0 }).catch((e) => e)
      expect(error).toBeInstanceOf(RangeError)
      expect(error.message).toContain(`"${rule.key}": ${message}`)
      expect(() => limiter.budgets([rule], identity)).toThrow(RangeError)
    }
    limiter.close()
  })

  test('acquire(key) takes the rules of a key; unknown keys and impossible weights fail', async () => {
    const limiter = createLimiter({ rules: { orders: [window('orders', 2, 1000)] } })
    await expect(limiter.acquire('orders')).resolves.toBeTypeOf('function')
    await expect(limiter.acquire('nope')).rejects.toSatisfy((e) => UnknownKeyError.isInstance(e))
    await expect(limiter.acquire('orders', { weight: 3 })).rejects.toSatisfy((e) =>
      CostExceedsLimitError.isInstance(e),
    )
  })

  test('release is idempotent and close rejects waiters', async () => {
    const limiter = createLimiter()
    const rules = [concurrency('c', 1)]
    const release = await limiter.acquire(rules)
    release()
    release()
    await limiter.acquire(rules)
    const waiting = limiter.acquire(rules)
    limiter.close()
    await expect(waiting).rejects.toSatisfy((e) => LimiterClosedError.isInstance(e))
  })

  test('every error of a call names its key', async () => {
    const limiter = createLimiter({ rules: { orders: [window('orders', 2, 1000)] } })
    const unknown = await limiter.acquire('nope').catch((e: unknown) => e)
    expect(unknown).toMatchObject({ name: 'UnknownKeyError', key: 'nope' })
    const heavy = await limiter.acquire('orders', { weight: 3 }).catch((e: unknown) => e)
    expect(heavy).toMatchObject({ name: 'CostExceedsLimitError', key: 'orders', cost: 3, limit: 2 })
    await limiter.acquire('orders')
    await limiter.acquire('orders')
    const late = await limiter.acquire('orders', { maxWaitMs: 10 }).catch((e: unknown) => e)
    expect(late).toMatchObject({ name: 'WaitTooLongError', key: 'orders' })
    const waiting = limiter.acquire('orders').catch((e: unknown) => e)
    limiter.close()
    expect(await waiting).toMatchObject({ name: 'LimiterClosedError', key: 'orders' })
  })

  test('decision: counted until settled, a call never released keeps its place in the window', async () => {
    // A property-test counterexample: a call held exactly one window left the log while still
    // in flight, so a fourth unit passed where the server could see 4 of 3 at once.
    const c = window('c', 3, 57)
    const { admitted, violations } = await run([
      { at: 0, rules: [c], weight: 2 },
      { at: 0, rules: [c], weight: 2 },
      { at: 0, rules: [c], holdMs: 57, weight: 2, priority: 1 },
    ])
    expect(violations).toEqual([])
    expect(admitted.map((a) => a?.at)).toEqual([0, 171, 57])
  })

  test('decision: marginMs widens every window and spacing by the network jitter it allows', async () => {
    const rules = [window('orders', 2, 1000), spacing('orders.spacing', 10)]
    const { admitted } = await run(burst(4, rules), { marginMs: 5 })
    // The 4th: the window was full, so it is paced one span / limit (1005 / 2 ms) after the 3rd.
    expect(admitted.map((a) => a?.at)).toEqual([0, 15, 1005, 1508])
  })
})
