/**
 * The cache every client keeps of what it loads from the exchange before it can check a request
 * (instruments by category, the account's settings): loaded on first use, kept for a time to
 * live, one load shared by concurrent callers, a failed load never kept.
 */
import { Options } from '@tradeline/rules/shared'
import type { Clock } from './Clock.js'

/** A cache of values loaded by key. */
export type LoadCache<value> = {
  /**
   * The value of `key`: the cached one while it is fresh, else a new load (shared with every
   * caller asking meanwhile). A failed load rejects every waiting caller and is not kept.
   */
  get(key: string, options?: { signal?: AbortSignal | undefined }): Promise<value>
  /** The cached value of `key` when one is fresh, without loading. */
  peek(key: string): value | undefined
  /**
   * Loads `key` again unless a load started after `since` (a clock reading) already did: callers
   * that met the same stale value share one reload.
   */
  reload(key: string, since?: number | undefined): Promise<value>
  /** Puts a value in the cache, fresh from now. */
  set(key: string, value: value): void
  /** Forgets `key`, or every key. */
  clear(key?: string | undefined): void
}

type Entry<value> = {
  /** When the load started (clock time). */
  readonly startedAt: number
  readonly promise: Promise<value>
  /** Set once the load has succeeded. */
  loaded?: { readonly value: value; readonly at: number }
}

/**
 * Creates a load cache.
 *
 * @example
 * import { createLoadCache } from '@tradeline/core'
 * const cache = createLoadCache({ load: async (category) => fetchInstruments(category), ttlMs: 300_000 })
 * await cache.get('SPOT') // loaded once, then served from the cache for 5 minutes
 */
export function createLoadCache<value>(
  options: createLoadCache.Parameters<value>,
): LoadCache<value> {
  Options.assert('createLoadCache', Options.loadCache, options)
  const { load } = options
  const ttlMs = options.ttlMs ?? 300_000
  const clock = options.clock ?? { now: () => Date.now() }
  const entries = new Map<string, Entry<value>>()

  const fresh = (entry: Entry<value> | undefined) =>
    entry?.loaded !== undefined && clock.now() - entry.loaded.at < ttlMs ? entry : undefined

  function start(key: string, signal?: AbortSignal | undefined): Entry<value> {
    const startedAt = clock.now()
    const entry: Entry<value> = {
      startedAt,
      promise: Promise.resolve()
        .then(() => load(key, signal))
        .then(
          (value) => {
            entry.loaded = { value, at: clock.now() }
            return value
          },
          (error: unknown) => {
            if (entries.get(key) === entry) entries.delete(key)
            throw error
          },
        ),
    }
    entries.set(key, entry)
    return entry
  }

  return {
    get(key, getOptions = {}) {
      const entry = entries.get(key)
      if (fresh(entry)) return entry!.promise
      if (entry && entry.loaded === undefined) return entry.promise
      return start(key, getOptions.signal).promise
    },
    peek(key) {
      return fresh(entries.get(key))?.loaded?.value
    },
    reload(key, since) {
      const entry = entries.get(key)
      if (entry && since !== undefined && entry.startedAt > since) return entry.promise
      if (entry && entry.loaded === undefined) return entry.promise
      return start(key).promise
    },
    set(key, value) {
      const at = clock.now()
      entries.set(key, { startedAt: at, promise: Promise.resolve(value), loaded: { value, at } })
    },
    clear(key) {
      if (key === undefined) entries.clear()
      else entries.delete(key)
    },
  }
}

export declare namespace createLoadCache {
  type Parameters<value> = {
    /** Loads the value of a key. */
    load: (key: string, signal?: AbortSignal | undefined) => Promise<value>
    /** How long a loaded value is served, in milliseconds. @default 300000 (5 minutes) */
    ttlMs?: number | undefined
    /** The time source of the time to live. @default Date.now */
    clock?: Clock | undefined
  }
}
