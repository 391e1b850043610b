/**
 * The Redis store: budgets shared by every process on one account. Each acquire is one atomic
 * Lua script that checks every rule of the call on the Redis server clock; keys carry a hash
 * tag per scope (`{uid:42}`) so one call's keys sit in one cluster slot; concurrency slots are
 * leases that expire when their process dies; a 429 pause is a key every process reads.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Cluster, Redis } from 'ioredis'
import { createMemoryStore, monotonicClock } from '../createMemoryStore.js'
import type { Budget, Clock, Store, TakeRequest, TakeResult } from '../Store.js'
import { StoreUnavailableError } from './StoreUnavailableError.js'
import { epochScript, pauseScript, releaseScript, renewScript, takeScript } from './scripts.js'

export { StoreUnavailableError }

type Lease = {
  readonly member: string
  /** Keys and per-key arguments of the release script. */
  readonly keys: readonly string[]
  readonly args: readonly string[]
  /** The concurrency keys. */
  readonly slots: readonly string[]
  /** The keys renewed while the call is held (its leases and its window entries counted until settled), and their specs for the renew script. */
  readonly renewKeys: readonly string[]
  readonly renewArgs: readonly string[]
}
type FallbackLease = { readonly local: unknown }

/**
 * Creates a store that keeps budgets in Redis, for many processes sharing one account.
 *
 * @example
 * import { Redis } from 'ioredis'
 * import { createRateLimiter } from '@tradeline/rate-limit'
 * import { createRedisStore } from '@tradeline/rate-limit/redis'
 * const store = createRedisStore({ redis: new Redis('redis://127.0.0.1:6379') })
 * const rateLimiter = createRateLimiter({ uid: '1234567890', store })
 */
export function createRedisStore(
  options: createRedisStore.Parameters,
): createRedisStore.ReturnType {
  const { redis } = options
  const prefix = options.prefix ?? 'tradeline:rl'
  const leaseTtlMs = options.leaseTtlMs ?? 30_000
  const timeoutMs = options.timeoutMs ?? 1000
  const epochTtlMs = options.epochTtlMs ?? 86_400_000
  const cold = (options.coldStart ?? 'wait') === 'wait' ? '1' : '0'
  const unavailable = options.onUnavailable ?? 'fail'
  const localClock = options.clock ?? monotonicClock
  const fallback =
    unavailable === 'fail'
      ? undefined
      : createMemoryStore({ clock: localClock, share: unavailable.share })
  const onModeChange = options.onModeChange
  const token = randomBytes(6).toString('base64url')
  let sequence = 0
  const held = new Map<string, Lease>()
  let heartbeat: ReturnType<typeof setInterval> | undefined
  /** The highest count of admissions seen per scope: a lower one means Redis went back in time. */
  const counts = new Map<string, number>()
  let mode: 'redis' | 'fallback' = 'redis'
  /**
   * With `coldStart: 'wait'`, the local clock time from which every window and spacing of the
   * fallback counts as used up: the switch, or later when a call admitted through Redis settles
   * during the fallback. Other processes' calls admitted through Redis just before the switch
   * are unknown here, so a window that starts empty (or holding only this process's calls) can
   * let through a whole share on top of a full window.
   */
  let closedSince = Number.NEGATIVE_INFINITY
  /**
   * Scopes counted locally during the fallback (Redis has no record of those calls), each with
   * the number of its last local count: a scope leaves only once a new epoch was started for
   * it after that count (see `reopen`), never because another take got through to Redis.
   */
  const localScopes = new Map<string, number>()
  let counted = 0
  /**
   * In the fallback, whether Redis answered a probe since the switch. Until it does, a take goes
   * straight to the local count: a Redis that hangs with its connection open made every take
   * wait `timeoutMs` first (one call per `timeoutMs` through a queue). One probe (a PING within
   * `timeoutMs`) runs at a time.
   */
  let answered = true
  let probing = false

  function probe(): void {
    if (probing) return
    probing = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(reject, timeoutMs, new StoreUnavailableError('no answer'))
      ;(timer as { unref?: () => unknown }).unref?.()
    })
    const ping =
      redis.status === 'ready'
        ? redis.ping()
        : Promise.reject(new StoreUnavailableError(`status ${redis.status}`))
    Promise.race([ping, timeout])
      .then(
        () => {
          answered = true
        },
        () => {},
      )
      .finally(() => {
        clearTimeout(timer)
        probing = false
      })
  }

  const keyOf = (scope: string, name: string) => `${prefix}:{${scope}}:${name}`

  /**
   * Runs a script within `timeoutMs`. When the time runs out first, the script may still run
   * later: `late` then gets its answer (to give back what a late take took).
   */
  async function run(
    script: Script,
    keys: readonly string[],
    args: readonly string[],
    late?: (value: unknown) => void,
  ) {
    if (redis.status !== 'ready') throw new StoreUnavailableError(`status ${redis.status}`)
    const call = async (): Promise<unknown> => {
      try {
        return await redis.evalsha(script.sha, keys.length, ...keys, ...args)
      } catch (error) {
        if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error
        return await redis.eval(script.lua, keys.length, ...keys, ...args)
      }
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    let timedOut = false
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true
        reject(new StoreUnavailableError(`no answer within ${timeoutMs} ms`))
      }, timeoutMs)
    })
    const pending = call()
    try {
      return await Promise.race([pending, timeout])
    } catch (error) {
      if (timedOut && late) pending.then(late, () => {})
      if (StoreUnavailableError.isInstance(error)) throw error
      // A script error is a bug to see; anything else means Redis could not be reached.
      if ((error as Error).name === 'ReplyError') throw error
      throw new StoreUnavailableError((error as Error).message, error)
    } finally {
      clearTimeout(timer)
    }
  }

  async function takeShared(request: TakeRequest): Promise<TakeResult> {
    const scopes = [...new Set(request.budgets.map((budget) => budget.scope))]
    const keys = scopes.flatMap((scope) => [
      keyOf(scope, '~pause'),
      keyOf(scope, '~epoch'),
      keyOf(scope, '~count'),
    ])
    const member = `${token}:${(sequence++).toString(36)}`
    const args = [
      String(scopes.length),
      us(request.marginMs),
      member,
      us(leaseTtlMs),
      String(epochTtlMs),
      cold,
      ...scopes.map((scope) => String(counts.get(scope) ?? 0)),
    ]
    const settled = request.countFrom !== 'admitted'
    const lease = {
      member,
      keys: [] as string[],
      args: [member],
      slots: [] as string[],
      renewKeys: [] as string[],
      renewArgs: [member, us(leaseTtlMs)],
    }
    const paceKeys: string[] = []
    for (const budget of request.budgets) {
      const key = keyOf(budget.scope, budget.rule.key)
      const budgetArgs = argsOf(budget, request.weight, settled)
      keys.push(key)
      args.push(...budgetArgs)
      const [kind, , size, cost] = budgetArgs as [string, string, string, string]
      if (kind === 'p') {
        paceKeys.push(keyOf(budget.scope, `${budget.rule.key}~pace`))
        lease.renewKeys.push(key)
        lease.renewArgs.push(`w:${cost}:${Number(size) + Number(us(request.marginMs))}`)
      }
      if (kind === 'c') {
        lease.slots.push(key)
        lease.renewKeys.push(key)
        lease.renewArgs.push('c')
      }
      if (kind === 'c' || settled) {
        lease.keys.push(key)
        lease.args.push(
          kind === 'p' ? 'w' : kind,
          String(Number(size) + Number(us(request.marginMs))),
          cost,
        )
      }
    }
    keys.push(...paceKeys)
    // A take that answers after the timeout was counted for a call that never learnt of it:
    // give it back at once, or its slot would stay taken for `leaseTtlMs`.
    const giveBack = (answer: unknown) => {
      if ((answer as [number])[0] === 1 && lease.keys.length > 0)
        run(release, lease.keys, lease.args).catch(() => {})
    }
    const sentAt = localClock.now()
    const [ok, value, ...seen] = (await run(take, keys, args, giveBack)) as [
      number,
      string,
      ...number[],
    ]
    if (ok !== 1) {
      const waitUs = Number(value)
      if (waitUs < 0) return { ok: false, retryAfterMs: undefined }
      // The wait counts from when Redis ran the script, about half the round trip before its
      // answer arrived here: the next take, sent that much earlier, reaches Redis about when the
      // slot frees instead of a whole round trip after. Redis still decides (early: refused).
      const halfTrip = (localClock.now() - sentAt) / 2
      return { ok: false, retryAfterMs: Math.max(0, waitUs / 1000 - halfTrip) }
    }
    for (const [i, scope] of scopes.entries())
      counts.set(scope, Math.max(counts.get(scope) ?? 0, Number(seen[i] ?? 0)))
    const at = Number(value) / 1000
    if (lease.keys.length === 0) return { ok: true, at, lease: undefined }
    if (lease.renewKeys.length > 0) {
      held.set(member, lease)
      heartbeat ??= setInterval(renewAll, heartbeatMs(leaseTtlMs))
      heartbeat.unref?.()
    }
    return { ok: true, at, lease }
  }

  function switchTo(next: 'redis' | 'fallback', error?: StoreUnavailableError): void {
    if (mode === next) return
    mode = next
    const at = localClock.now()
    if (next === 'fallback') closedSince = Math.max(closedSince, at)
    try {
      onModeChange?.(error === undefined ? { mode: next, at } : { mode: next, at, error })
    } catch {
      // An observer: what it does never changes what is admitted.
    }
  }

  /**
   * How long the fallback keeps this call's windows and spacings closed after the switch: one
   * span of each, as Redis does for a scope it has no record of (`coldStart: 'wait'`).
   */
  function closedFor(request: TakeRequest): number {
    if (cold !== '1') return 0
    const now = localClock.now()
    let wait = 0
    for (const { rule } of request.budgets) {
      const size =
        rule.kind === 'window'
          ? rule.windowMs
          : rule.kind === 'spacing'
            ? rule.minIntervalMs
            : undefined
      if (size !== undefined) wait = Math.max(wait, closedSince + size + request.marginMs - now)
    }
    return wait
  }

  /**
   * Back from the fallback: Redis has no record of the calls counted locally (here, and in other
   * processes still in their fallback), so their scopes start a new epoch, which keeps each
   * window closed for one span from now (`coldStart: 'wait'`). One call per scope: each scope is
   * its own cluster slot.
   */
  async function reopen(request: TakeRequest): Promise<void> {
    if (mode === 'fallback')
      for (const budget of request.budgets)
        if (!localScopes.has(budget.scope)) localScopes.set(budget.scope, ++counted)
    // The scopes as they are now: one counted locally while the epochs start (a take that
    // failed meanwhile) keeps its place, and the next take starts its epoch.
    const started = [...localScopes]
    await Promise.all(
      started.map(([scope]) => run(epoch, [keyOf(scope, '~epoch')], [String(epochTtlMs)])),
    )
    for (const [scope, count] of started)
      if (localScopes.get(scope) === count) localScopes.delete(scope)
  }

  /** A take counted in the fallback (closed for a span after the switch, see `closedFor`). */
  function takeLocal(local: Store, request: TakeRequest): TakeResult {
    for (const budget of request.budgets) localScopes.set(budget.scope, ++counted)
    const wait = closedFor(request)
    if (wait > 0) return { ok: false, retryAfterMs: wait }
    const result = local.take(request) as TakeResult
    return result.ok ? { ...result, lease: { local: result.lease } } : result
  }

  function renewAll(): void {
    for (const lease of held.values()) run(renew, lease.renewKeys, lease.renewArgs).catch(() => {})
  }

  return {
    shared: true,
    get mode() {
      return mode
    },
    async take(request) {
      try {
        if (mode === 'fallback' && fallback && !answered) {
          probe()
          return takeLocal(fallback, request)
        }
        // Back from the fallback, or scopes counted locally while another take was on its way back.
        if (cold === '1' && (mode === 'fallback' || localScopes.size > 0)) await reopen(request)
        const result = await takeShared(request)
        switchTo('redis')
        return result
      } catch (error) {
        if (!fallback || !StoreUnavailableError.isInstance(error)) throw error
        answered = false
        switchTo('fallback', error)
        return takeLocal(fallback, request)
      }
    },
    async release(lease) {
      if (typeof lease === 'object' && lease !== null && 'local' in lease)
        return fallback?.release((lease as FallbackLease).local)
      const { member, keys, args } = lease as Lease
      held.delete(member)
      if (held.size === 0 && heartbeat !== undefined) {
        clearInterval(heartbeat)
        heartbeat = undefined
      }
      // A slot that cannot be given back now expires after `leaseTtlMs`; a window entry that
      // cannot be moved stays at its admission time (as with `countFrom: 'admitted'`). In the
      // fallback, the call counts locally until now: it reached the server at the latest now.
      await run(release, keys, args).catch(() => {
        if (mode === 'fallback' && keys.length > (lease as Lease).slots.length)
          closedSince = Math.max(closedSince, localClock.now())
      })
    },
    async pause(scopes, ms) {
      fallback?.pause(scopes, ms)
      await run(
        pause,
        scopes.map((scope) => keyOf(scope, '~pause')),
        [String(ms)],
      ).catch((error) => {
        if (!fallback) throw error
      })
    },
    close() {
      if (heartbeat !== undefined) clearInterval(heartbeat)
      heartbeat = undefined
    },
  }
}

export declare namespace createRedisStore {
  type Parameters = {
    /** A connected ioredis client (`Redis` or `Cluster`); the store never closes it. */
    redis: Redis | Cluster
    /** Prefix of every key. @default 'tradeline:rl' */
    prefix?: string | undefined
    /** How long a concurrency slot, or a call in flight counted until settled, outlives a process that died holding it; renewed while held (every third of it, between 100 ms and 1 s). @default 30000 */
    leaseTtlMs?: number | undefined
    /** An acquire with no answer from Redis within this counts as Redis unreachable. @default 1000 */
    timeoutMs?: number | undefined
    /**
     * When Redis is unreachable: `'fail'` rejects every acquire with a `StoreUnavailableError`;
     * `{ fallback: 'local', share }` counts locally with `share` of every limit (give each of N
     * processes at most 1/N). @default 'fail'
     */
    onUnavailable?: 'fail' | { fallback: 'local'; share: number } | undefined
    /**
     * A scope Redis has no record of (first use, data lost or rolled back in a restart) may
     * hold calls admitted before: `'wait'` keeps each window and spacing closed for one span
     * from then, and each concurrency cap for two heartbeats (until live processes renewed their
     * calls in flight); `'trust'` starts counting at once. @default 'wait'
     */
    coldStart?: 'wait' | 'trust' | undefined
    /** How long Redis remembers a scope it has seen (renewed on use). @default 86400000 */
    epochTtlMs?: number | undefined
    /** Clock of the local fallback. @default performance.now() */
    clock?: Clock | undefined
    /**
     * Told when the store starts counting in the local fallback (Redis unreachable: `error`
     * says why) and when it counts in Redis again, with the time on `clock`. Called
     * synchronously; what it throws is ignored, so observing never changes what is admitted.
     * @default undefined
     */
    onModeChange?: ((change: createRedisStore.ModeChange) => void) | undefined
  }
  /** A switch between Redis and the local fallback. */
  type ModeChange = {
    /** Where the store counts from now on. */
    readonly mode: 'redis' | 'fallback'
    /** When, on the store's `clock`. */
    readonly at: number
    /** Why Redis was given up (a switch to `'fallback'`). */
    readonly error?: StoreUnavailableError | undefined
  }
  type ReturnType = Omit<Store, 'shared' | 'take'> & {
    readonly shared: true
    /** Whether the last acquire was counted in Redis or in the local fallback. */
    readonly mode: 'redis' | 'fallback'
    take(request: TakeRequest): Promise<TakeResult>
    /** Stops renewing leases (the Redis client is the caller's to close). */
    close(): void
  }
  type ErrorType = StoreUnavailableError
}

type Script = { readonly lua: string; readonly sha: string }
const script = (lua: string): Script => ({
  lua,
  sha: createHash('sha1').update(lua).digest('hex'),
})
const take = script(takeScript)
const release = script(releaseScript)
const renew = script(renewScript)
const pause = script(pauseScript)
const epoch = script(epochScript)

const us = (ms: number) => String(Math.round(ms * 1000))

/**
 * How often held calls are renewed: a third of the lease, between 100 ms and 1 s. In a new epoch
 * Redis keeps concurrency caps closed for two of these (the take script), until every live
 * process has added its calls in flight again.
 */
const heartbeatMs = (leaseTtlMs: number) => Math.min(1000, Math.max(100, leaseTtlMs / 3))

/** A window counted until settled is paced (`'p'`, see `paceGap` of the memory store). */
function argsOf(budget: Budget, weight: number | undefined, settled: boolean): string[] {
  const { rule } = budget
  if (rule.kind === 'window')
    return [
      settled ? 'p' : 'w',
      String(rule.limit),
      us(rule.windowMs),
      String(weight ?? rule.weight ?? 1),
    ]
  if (rule.kind === 'spacing') return ['s', '0', us(rule.minIntervalMs), '1']
  return ['c', String(rule.limit), '0', '1']
}
