import { describe, expect, test } from 'vitest'
import { createLoadCache } from './createLoadCache.js'

function setup(ttlMs = 1000) {
  let now = 0
  const loads: string[] = []
  let fail = false
  const cache = createLoadCache<string>({
    ttlMs,
    clock: { now: () => now },
    load: async (key) => {
      loads.push(key)
      await Promise.resolve()
      if (fail) throw new Error(`load of ${key} failed`)
      return `${key}@${now}`
    },
  })
  return {
    cache,
    loads,
    advance: (ms: number) => {
      now += ms
    },
    failing: (value: boolean) => {
      fail = value
    },
  }
}

describe('createLoadCache', () => {
  test('concurrent callers share one load; a fresh value is served without loading', async () => {
    const { cache, loads } = setup()
    const values = await Promise.all([cache.get('SPOT'), cache.get('SPOT'), cache.get('MARGIN')])
    expect(values).toEqual(['SPOT@0', 'SPOT@0', 'MARGIN@0'])
    expect(await cache.get('SPOT')).toBe('SPOT@0')
    expect(loads).toEqual(['SPOT', 'MARGIN'])
    expect(cache.peek('SPOT')).toBe('SPOT@0')
  })

  test('a value older than the time to live is loaded again', async () => {
    const { cache, loads, advance } = setup(1000)
    await cache.get('SPOT')
    advance(999)
    expect(await cache.get('SPOT')).toBe('SPOT@0')
    advance(1)
    expect(cache.peek('SPOT')).toBeUndefined()
    expect(await cache.get('SPOT')).toBe('SPOT@1000')
    expect(loads).toEqual(['SPOT', 'SPOT'])
  })

  test('a failed load rejects its callers and is not kept', async () => {
    const { cache, loads, failing } = setup()
    failing(true)
    const failed = await Promise.allSettled([cache.get('SPOT'), cache.get('SPOT')])
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    failing(false)
    expect(await cache.get('SPOT')).toBe('SPOT@0')
    expect(loads).toEqual(['SPOT', 'SPOT'])
  })

  test('reload(since): callers that met the same stale value share one reload', async () => {
    const { cache, loads, advance } = setup()
    await cache.get('SPOT')
    const seenAt = 0
    advance(10)
    const [a, b] = await Promise.all([cache.reload('SPOT', seenAt), cache.reload('SPOT', seenAt)])
    expect([a, b]).toEqual(['SPOT@10', 'SPOT@10'])
    // A reload asked by a caller whose value predates the last reload is served by it.
    expect(await cache.reload('SPOT', seenAt)).toBe('SPOT@10')
    expect(loads).toEqual(['SPOT', 'SPOT'])
  })

  test('set() and clear()', async () => {
    const { cache, loads } = setup()
    cache.set('SPOT', 'given')
    expect(await cache.get('SPOT')).toBe('given')
    cache.clear('SPOT')
    expect(await cache.get('SPOT')).toBe('SPOT@0')
    cache.clear()
    expect(cache.peek('SPOT')).toBeUndefined()
    expect(loads).toEqual(['SPOT'])
  })
})
