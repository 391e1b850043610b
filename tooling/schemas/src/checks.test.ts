import { expect, test } from 'vitest'
import { integerRange } from './checks.js'

test('range', () => {
  for (const [lo, hi] of [
    [1, 100],
    [0, 3],
    [-5, 5],
    [1, 1440],
    [5, 60],
    [0, 9999999999],
    [1, 1000000],
    [37, 4521],
  ]) {
    const r = new RegExp(integerRange(BigInt(lo!), BigInt(hi!)), 'u')
    for (let n = lo! - 50; n <= Math.min(hi! + 50, lo! + 5000); n++)
      expect([n, r.test(String(n))]).toEqual([n, n >= lo! && n <= hi!])
    for (const n of [hi! - 1, hi!, hi! + 1])
      expect([n, r.test(String(n))]).toEqual([n, n >= lo! && n <= hi!])
  }
})
