import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createLimiter } from '../createLimiter.js'
import { createMemoryStore } from '../createMemoryStore.js'
import { findViolations } from '../findViolations.js'
import type { Rule, TakeRequest } from '../Store.js'
import { budgetsOf } from '../Store.js'
import { compileSources } from '../test/compile.js'
import { concurrency, spacing, window } from '../test/harness.js'
import { type RedisServer, useRedisServer } from '../test/redisServer.js'
import { startTcpProxy } from '../test/tcpProxy.js'
import { createRedisStore, StoreUnavailableError } from './createRedisStore.js'

const env = useRedisServer()
let server: RedisServer
let redis: Redis
let compiled: string
let prefixes = 0
const prefix = () => `t${prefixes++}:${Date.now()}`

beforeAll(() => {
  compiled = compileSources()
  server = env.server
  redis = env.redis
})

type Line = {
  at?: number
  ready?: boolean
  done?: boolean
  errors?: number
  holding?: boolean
  mode?: 'redis' | 'fallback'
  modeAt?: number
}

/** The workers still running: a test that fails or times out does not leave one behind. */
const running = new Set<ChildProcess>()
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
})

/** Starts a worker process; resolves its admissions once it is done. */
function worker(options: Record<string, unknown>): {
  child: ChildProcess
  lines: Line[]
  ready: Promise<void>
  done: Promise<Line[]>
} {
  const child = spawn(
    process.execPath,
    [join(compiled, 'test', 'worker.js'), JSON.stringify(options)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  running.add(child)
  child.once('exit', () => running.delete(child))
  const lines: Line[] = []
  let buffer = ''
  let onReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => {
    onReady = resolve
  })
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    const parts = buffer.split('\n')
    buffer = parts.pop() ?? ''
    for (const part of parts) {
      const line = JSON.parse(part) as Line
      lines.push(line)
      if (line.ready || line.holding) onReady()
    }
  })
  const done = new Promise<Line[]>((resolve) => child.once('exit', () => resolve(lines)))
  return { child, lines, ready, done }
}

const tenPerSecond: Rule = window('shared.orders', 10, 1000)
const at = (lines: Line[]) =>
  lines.flatMap((line) => (line.at === undefined ? [] : [{ at: line.at }]))

describe('createRedisStore', () => {
  test('4 processes sharing one 10/s limit produce 0 violations', {
    timeout: 60_000,
  }, async () => {
    const options = {
      url: server.url,
      rules: [tenPerSecond],
      durationMs: 4000,
      holdMs: 1,
      clockOffsetMs: 0,
      prefix: prefix(),
      callers: 5,
    }
    const workers = Array.from({ length: 4 }, () => worker(options))
    const results = await Promise.all(workers.map((w) => w.done))
    const admissions = results.flatMap(at)
    expect(findViolations(tenPerSecond, admissions)).toEqual([])
    // How many pass depends on the machine (the bench reports it); that some do does not.
    expect(admissions.length).toBeGreaterThanOrEqual(1)
    expect(results.every((lines) => lines.some((line) => line.done))).toBe(true)
  })

  test('a process whose clock runs 300 ms ahead gets no extra share', {
    timeout: 60_000,
  }, async () => {
    const base = {
      url: server.url,
      rules: [tenPerSecond],
      durationMs: 4000,
      holdMs: 1,
      prefix: prefix(),
      callers: 5,
    }
    const normal = worker({ ...base, clockOffsetMs: 0 })
    const ahead = worker({ ...base, clockOffsetMs: 300 })
    const [a, b] = await Promise.all([normal.done, ahead.done])
    const all = [...at(a), ...at(b)]
    // Every decision is taken on the Redis clock, so a share taken by the skewed process beyond
    // what the budget allows would show as more than 10 in one second of the combined log. (How
    // the budget splits between two greedy processes depends on scheduling, not on the clocks.)
    expect(findViolations(tenPerSecond, all)).toEqual([])
    expect(at(b).length).toBeGreaterThanOrEqual(1)
    expect([a, b].every((lines) => lines.some((line) => line.done))).toBe(true)
  })

  test('a Redis restart mid-run is survived (with 0 violations across it)', {
    timeout: 60_000,
  }, async () => {
    const options = {
      url: server.url,
      rules: [tenPerSecond],
      durationMs: 5000,
      holdMs: 1,
      clockOffsetMs: 0,
      prefix: prefix(),
      callers: 5,
    }
    const workers = Array.from({ length: 2 }, () => worker(options))
    await Promise.all(workers.map((w) => w.ready))
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await server.restart()
    const results = await Promise.all(workers.map((w) => w.done))
    const admissions = results.flatMap(at)
    expect(findViolations(tenPerSecond, admissions)).toEqual([])
    // Calls were admitted after the restart too.
    const restartedAt = Math.max(...admissions.map((a) => a.at)) - 1500
    expect(admissions.some((a) => a.at > restartedAt)).toBe(true)
    expect(results.every((lines) => lines.some((line) => line.done))).toBe(true)
  })

  test('the local fallback overshoots at the switch: 0 violations across a Redis stop and restart, and the mode changes are told in order', {
    timeout: 60_000,
  }, async () => {
    const options = {
      url: server.url,
      rules: [tenPerSecond],
      durationMs: 7000,
      holdMs: 1,
      clockOffsetMs: 0,
      prefix: prefix(),
      callers: 5,
      fallbackShare: 0.5,
    }
    const workers = Array.from({ length: 2 }, () => worker(options))
    await Promise.all(workers.map((w) => w.ready))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await server.stop(true)
    await new Promise((resolve) => setTimeout(resolve, 2500))
    await server.restart()
    const results = await Promise.all(workers.map((w) => w.done))
    const admissions = results.flatMap(at)
    expect(findViolations(tenPerSecond, admissions)).toEqual([])
    const changes = results.map((lines) => lines.flatMap((line) => (line.mode ? [line] : [])))
    expect(changes.map((list) => list.map((change) => change.mode))).toEqual([
      ['fallback', 'redis'],
      ['fallback', 'redis'],
    ])
    // Calls passed in each of the three phases: through Redis, locally, through Redis again.
    for (const list of changes) {
      const [down, up] = list.map((change) => change.modeAt ?? Number.NaN) as [number, number]
      const phases = [
        admissions.filter((a) => a.at < down),
        admissions.filter((a) => a.at >= down && a.at < up),
        admissions.filter((a) => a.at >= up),
      ]
      expect(phases.map((phase) => phase.length > 0)).toEqual([true, true, true])
    }
    expect(results.every((lines) => lines.some((line) => line.done))).toBe(true)
  })

  test('the move back to Redis after a partition (Redis kept its data) keeps 0 violations, and the mode changes are told in order', {
    timeout: 60_000,
  }, async () => {
    const proxy = await startTcpProxy(server.port)
    const options = {
      url: proxy.url,
      rules: [tenPerSecond],
      durationMs: 5500,
      holdMs: 1,
      clockOffsetMs: 0,
      prefix: prefix(),
      callers: 1,
      fallbackShare: 0.5,
      // A few calls a second during the partition, then as many as pass once it healed: the
      // burst meets the local calls of the last second, which Redis has no record of.
      paceMs: 300,
      burstAfterMs: 3800,
    }
    const workers = Array.from({ length: 2 }, () => worker(options))
    await Promise.all(workers.map((w) => w.ready))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await proxy.cut()
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await proxy.restore()
    const results = await Promise.all(workers.map((w) => w.done))
    await proxy.close()
    const admissions = results.flatMap(at)
    expect(findViolations(tenPerSecond, admissions)).toEqual([])
    const changes = results.map((lines) => lines.flatMap((line) => (line.mode ? [line] : [])))
    expect(changes.map((list) => list.map((change) => change.mode))).toEqual([
      ['fallback', 'redis'],
      ['fallback', 'redis'],
    ])
    const [down, up] = [0, 1].map((i) =>
      Math.max(...changes.map((list) => list[i]?.modeAt ?? Number.NaN)),
    ) as [number, number]
    expect(admissions.some((a) => a.at > down && a.at < up)).toBe(true)
    expect(admissions.some((a) => a.at > up)).toBe(true)
  })

  test("a killed process's concurrency slot comes back", {
    timeout: 60_000,
  }, async () => {
    const rules = [concurrency('shared.slot', 1)]
    const p = prefix()
    const holder = worker({
      url: server.url,
      rules,
      durationMs: 10_000,
      holdMs: -1,
      clockOffsetMs: 0,
      prefix: p,
      callers: 1,
      leaseTtlMs: 1000,
    })
    await holder.ready
    holder.child.kill('SIGKILL')
    const store = createRedisStore({ redis, prefix: p, leaseTtlMs: 1000 })
    const limiter = createLimiter({ store, uid: 'shared' })
    const release = await limiter.acquire(rules, { maxWaitMs: 5000 })
    release()
    store.close()
    expect(release).toBeTypeOf('function')
  })

  test('a take that answers after `timeoutMs` gives its slot back at once', {
    timeout: 30_000,
  }, async () => {
    const p = prefix()
    const rules = [concurrency('late.slot', 1)]
    const store = createRedisStore({ redis, prefix: p, timeoutMs: 200, coldStart: 'trust' })
    const limiter = createLimiter({ store, uid: 'late' })
    const admin = new Redis(server.url)
    try {
      // Redis holds every command for 1 s: the take times out, then runs when Redis resumes.
      await admin.client('PAUSE', 1000, 'ALL')
      await expect(limiter.acquire(rules)).rejects.toSatisfy((e) =>
        StoreUnavailableError.isInstance(e),
      )
      await redis.ping() // answered once Redis resumed, after the late take
      // Without the give-back, the late lease would hold the only slot for `leaseTtlMs` (30 s).
      const release = await limiter.acquire(rules, { maxWaitMs: 10_000 })
      release()
      expect(await redis.zcard(`${p}:{uid:late}:late.slot`)).toBe(0)
    } finally {
      admin.disconnect()
      store.close()
    }
  })

  test('the size goals: counted until settled, a window that was full is paced in Redis (one call per window / limit, then a quarter)', async () => {
    const p = prefix()
    const store = createRedisStore({ redis, prefix: p, coldStart: 'trust' })
    const rule = window('paced', 2, 60_000)
    const request: TakeRequest = {
      budgets: budgetsOf([rule], { uid: 'p' }),
      marginMs: 0,
      countFrom: 'settled',
    }
    const paceKey = `${p}:{uid:p}:paced~pace`
    const first = await store.take(request)
    const second = await store.take(request)
    // A burst from idle passes at once, unpaced.
    expect([first.ok, second.ok, await redis.exists(paceKey)]).toEqual([true, true, 0])
    // Full: the refused call starts pacing (nothing admitted yet).
    expect((await store.take(request)).ok).toBe(false)
    expect(await redis.hgetall(paceKey)).toEqual({ next: '0', spread: '0' })
    // A call admitted while pacing holds the next one window / limit (30 s) later, in µs of
    // the Redis clock; after `limit` paced calls the gap is a quarter.
    await redis.del(`${p}:{uid:p}:paced`)
    const third = await store.take(request)
    expect(third.ok).toBe(true)
    const atUs = Math.round((third.ok ? third.at : 0) * 1000)
    expect(Number(await redis.hget(paceKey, 'next'))).toBe(atUs + 30_000_000)
    const refused = await store.take(request)
    expect(refused.ok).toBe(false)
    expect(refused.ok ? 0 : refused.retryAfterMs).toBeGreaterThan(20_000)
    await redis.hset(paceKey, 'next', '0', 'spread', '2')
    const fourth = await store.take(request)
    const fourthUs = Math.round((fourth.ok ? fourth.at : 0) * 1000)
    expect(await redis.hgetall(paceKey)).toEqual({
      next: String(fourthUs + 7_500_000),
      spread: '3',
    })
    // Empty again (a whole window with nothing counted): pacing ends, a burst may pass.
    await redis.del(`${p}:{uid:p}:paced`)
    expect((await store.take(request)).ok).toBe(true)
    expect(await redis.exists(paceKey)).toBe(0)
    store.close()
  })

  test('decision: counted until settled, a call still in flight keeps its place in the window past the window (as in memory); its release frees the room', async () => {
    const p = prefix()
    const store = createRedisStore({ redis, prefix: p, coldStart: 'trust' })
    const memory = createMemoryStore()
    const request: TakeRequest = {
      budgets: budgetsOf([window('held', 2, 200)], { uid: 'h' }),
      marginMs: 0,
      countFrom: 'settled',
    }
    const first = await store.take(request)
    const second = await store.take(request)
    const localFirst = memory.take(request)
    const localSecond = memory.take(request)
    expect([first.ok, second.ok, localFirst.ok, localSecond.ok]).toEqual([true, true, true, true])
    // Well past the window, both calls still in flight: both stores refuse, waiting for a release.
    await new Promise((resolve) => setTimeout(resolve, 450))
    expect(await store.take(request)).toEqual({ ok: false, retryAfterMs: undefined })
    expect(memory.take(request).ok).toBe(false)
    // One settles: it counts from now, a window later the room is back.
    if (first.ok) await store.release(first.lease)
    const score = Number(
      await redis.zscore(
        `${p}:{uid:h}:held`,
        (await redis.zrange(`${p}:{uid:h}:held`, 0, 0))[0] ?? '',
      ),
    )
    const [seconds, micros] = await redis.time()
    expect(score).toBeLessThanOrEqual(Number(seconds) * 1e6 + Number(micros))
    const after = await store.take(request)
    expect(after.ok).toBe(false)
    expect(after.ok ? 0 : after.retryAfterMs).toBeGreaterThan(0)
    expect(after.ok ? 0 : after.retryAfterMs).toBeLessThanOrEqual(200)
    store.close()
  })

  test('one atomic Lua script that checks all rules of the key: all or nothing', async () => {
    const store = createRedisStore({ redis, prefix: prefix(), coldStart: 'trust' })
    const limiter = createLimiter({ store })
    const small = window('small', 1, 60_000)
    const big = window('big', 100, 60_000)
    await limiter.acquire([small, big])
    await expect(limiter.acquire([small, big], { maxWaitMs: 100 })).rejects.toThrow('would exceed')
    // The refused call took nothing from the other budget.
    const keys = await redis.keys(`*big`)
    const counts = await Promise.all(keys.map((key) => redis.zcard(key)))
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1)
    expect(Math.max(...counts)).toBe(1)
    store.close()
  })

  test('a 429 pause shared by every process', async () => {
    const p = prefix()
    const one = createLimiter({ store: createRedisStore({ redis, prefix: p, coldStart: 'trust' }) })
    const two = createLimiter({ store: createRedisStore({ redis, prefix: p, coldStart: 'trust' }) })
    one.pause(60_000)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await expect(two.acquire([window('x', 10, 1000)], { maxWaitMs: 1000 })).rejects.toThrow(
      'would exceed',
    )
  })

  test('keys hash-tagged per UID (cluster-safe)', async () => {
    const p = prefix()
    const limiter = createLimiter({
      store: createRedisStore({ redis, prefix: p, coldStart: 'trust' }),
      uid: '42',
    })
    await limiter.acquire([window('k', 10, 1000)])
    const keys = (await redis.keys(`${p}:*`)).sort()
    expect(keys).toEqual([`${p}:{uid:42}:k`, `${p}:{uid:42}:~count`, `${p}:{uid:42}:~epoch`])
  })

  test('decision: a scope Redis has no record of keeps its first window closed (data lost in a restart)', async () => {
    const limiter = createLimiter({ store: createRedisStore({ redis, prefix: prefix() }) })
    const error = await limiter.acquire([window('k', 10, 1000)], { maxWaitMs: 100 }).catch((e) => e)
    expect(String(error.message)).toMatch(/the wait of (99\d|1000) ms would exceed/)
  })

  test('When Redis is unreachable the behaviour is explicit: fail, or a local share', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 })
    const failing = createLimiter({ store: createRedisStore({ redis: down }) })
    await expect(failing.acquire([window('k', 10, 1000)])).rejects.toSatisfy((e) =>
      StoreUnavailableError.isInstance(e),
    )
    const store = createRedisStore({
      redis: down,
      onUnavailable: { fallback: 'local', share: 0.25 },
    })
    const local = createLimiter({ store })
    const rules = [window('k', 10, 1000)]
    await local.acquire(rules)
    await local.acquire(rules)
    // A quarter of 10 is 2: the third waits, never unlimited.
    await expect(local.acquire(rules, { maxWaitMs: 100 })).rejects.toThrow('would exceed')
    expect(store.mode).toBe('fallback')
    // A 1-per-second rule keeps 1 call per 4 s at a quarter, never 0 (countdown heartbeats).
    const heartbeat = [window('heartbeat', 1, 1000)]
    await expect(local.acquire(heartbeat)).resolves.toBeTypeOf('function')
    const refused = await local.acquire(heartbeat, { maxWaitMs: 100 }).catch((e) => e)
    expect(String(refused.message)).toMatch(/the wait of (399\d|4000) ms would exceed/)
    down.disconnect()
  })
})

describe('createRedisStore: the local fallback', () => {
  const request = (rules: readonly Rule[]): TakeRequest => ({
    budgets: budgetsOf(rules, { uid: 'f' }),
    marginMs: 0,
    countFrom: 'settled',
  })

  test.each([
    ['wait', { ok: false, retryAfterMs: 1000 }],
    ['trust', { ok: true }],
  ] as const)(
    'decision: with coldStart %j, the fallback starts with its windows and spacings used up for one span from the switch (`wait`), or counting at once (`trust`)',
    async (coldStart, first) => {
      const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true })
      let now = 5000
      const changes: createRedisStore.ModeChange[] = []
      const store = createRedisStore({
        redis: down,
        coldStart,
        onUnavailable: { fallback: 'local', share: 0.5 },
        clock: { now: () => now },
        onModeChange: (change) => void changes.push(change),
      })
      const rules = [window('w', 10, 1000), spacing('s', 200)]
      expect(await store.take(request(rules))).toMatchObject(first)
      now = 5999
      if (coldStart === 'wait')
        expect(await store.take(request(rules))).toEqual({ ok: false, retryAfterMs: 1 })
      now = 6000
      expect(await store.take(request(rules))).toMatchObject({ ok: true, at: 6000 })
      expect(changes).toEqual([
        {
          mode: 'fallback',
          at: 5000,
          error: expect.objectContaining({ name: 'StoreUnavailableError' }),
        },
      ])
      store.close()
    },
  )

  test('a call admitted through Redis that settles during the fallback keeps the fallback closed for one span from then', {
    timeout: 30_000,
  }, async () => {
    const proxy = await startTcpProxy(server.port)
    const client = new Redis(proxy.url, { maxRetriesPerRequest: 0, retryStrategy: () => 50 })
    client.on('error', () => {})
    await new Promise((resolve) => client.once('ready', resolve))
    let now = 0
    const changes: string[] = []
    const p = prefix()
    // Redis has known the scope for long, so the first take passes at once.
    await redis.set(`${p}:{uid:f}:~epoch`, '1')
    const store = createRedisStore({
      redis: client,
      prefix: p,
      onUnavailable: { fallback: 'local', share: 0.5 },
      clock: { now: () => now },
      onModeChange: (change) => void changes.push(`${change.mode}@${change.at}`),
    })
    const held = await store.take(request([window('w', 10, 1000)]))
    expect(held.ok).toBe(true)
    await proxy.cut()
    while (client.status === 'ready') await new Promise((resolve) => setTimeout(resolve, 5))
    now = 100
    // The switch: from here every window and spacing is used up for one span.
    expect(await store.take(request([spacing('other', 10)]))).toEqual({
      ok: false,
      retryAfterMs: 10,
    })
    now = 600
    await store.release(held.ok ? held.lease : undefined)
    now = 1599
    expect(await store.take(request([window('w', 10, 1000)]))).toEqual({
      ok: false,
      retryAfterMs: 1,
    })
    now = 1600
    expect((await store.take(request([window('w', 10, 1000)]))).ok).toBe(true)
    expect(changes).toEqual(['fallback@100'])
    store.close()
    client.disconnect()
    await proxy.close()
  })
})
