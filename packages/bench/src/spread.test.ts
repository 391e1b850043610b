import { describe, expect, test } from 'vitest'
// @ts-expect-error: a plain ES module of the bench, without declarations
import { figures, formatSpread, relativeSpread, sameCommit, spreadRows } from './spread.mjs'

const run = (over: Record<string, unknown> = {}) => ({
  date: '2026-11-26T10:00:00.000Z',
  node: 'v20.20.2',
  quick: false,
  only: undefined,
  run: {
    cores: 2,
    loadBefore: 0.1,
    loadAfter: 0.2,
    seconds: 500,
    commit: 'abc1234',
    changed: false,
  },
  imports: { '@tradeline/unified': 20 },
  limiter: [
    {
      processes: 4,
      store: 'redis',
      limit: 10,
      seconds: 30,
      use: 0.99,
      responses429: 0,
      violations: 0,
    },
  ],
  sizes: [
    {
      key: 'unifiedClient',
      name: 'unified: createUnifiedClient',
      rolldownGz: 30_720,
      esbuildGz: 40_960,
    },
  ],
  ...over,
})

describe('the spread of two runs', () => {
  test('figures reads every number of a printed figure', () => {
    expect(figures('1.87x')).toEqual([1.87])
    expect(figures('rolldown 41.9 kB, esbuild 48.4 kB')).toEqual([41.9, 48.4])
    expect(figures('155.7 ms, 10 REST requests')).toEqual([155.7, 10])
  })

  test('the spread is the difference over the mean, 0 for two zeros', () => {
    expect(relativeSpread(1, 3)).toBe(1)
    expect(relativeSpread(2, 2)).toBe(0)
    expect(relativeSpread(0, 0)).toBe(0)
  })

  test('each goal of both runs: both figures, the larger spread of its numbers, met in each', () => {
    const second = run({
      imports: { '@tradeline/unified': 10 },
      limiter: [
        {
          processes: 4,
          store: 'redis',
          limit: 10,
          seconds: 30,
          use: 0.996,
          responses429: 0,
          violations: 0,
        },
      ],
      sizes: [
        {
          key: 'unifiedClient',
          name: 'unified: createUnifiedClient',
          rolldownGz: 30_720,
          esbuildGz: 20_480,
        },
      ],
    })
    const rows = spreadRows(run(), second)
    const byId = Object.fromEntries(rows.map((row: { id: string }) => [row.id, row]))
    expect(byId['import:@tradeline/unified']).toMatchObject({
      first: '20.0 ms',
      second: '10.0 ms',
      met: [false, true],
    })
    expect(byId['import:@tradeline/unified'].spread).toBeCloseTo(10 / 15)
    // rolldown 30.0 -> 30.0 kB, esbuild 40.0 -> 20.0 kB: the larger spread is esbuild's.
    expect(byId['size:unifiedClient'].spread).toBeCloseTo(20 / 30)
    expect(byId['limiter:4:redis'].spread).toBeCloseTo(0.6 / 99.3)
    expect(byId['limiter:4:redis'].met).toEqual([false, true])
  })

  test('only two whole runs of one commit without local changes are compared', () => {
    expect(sameCommit(run(), run())).toBe(true)
    expect(sameCommit(undefined, run())).toBe(false)
    expect(sameCommit(run(), run({ run: { ...run().run, commit: 'def5678' } }))).toBe(false)
    expect(sameCommit(run(), run({ run: { ...run().run, changed: true } }))).toBe(false)
    expect(sameCommit(run({ quick: true }), run())).toBe(false)
    expect(sameCommit(run(), run({ only: 'sizes' }))).toBe(false)
  })

  test('the section names the commit, both runs and the largest spread', () => {
    const text = formatSpread(run(), run({ imports: { '@tradeline/unified': 30 } }))
    expect(text).toContain('commit abc1234')
    expect(text).toContain('The largest: import @tradeline/unified, fresh process, 40.0%.')
    expect(text).toContain(
      '| import @tradeline/unified, fresh process | 20.0 ms | 30.0 ms | 40.0% | not met / not met |',
    )
  })
})
