// The entries of the package by product line: together they are the main entry, each export in
// exactly one. What a fresh Node process loads through them is checked on the built packages
// (packages/bench src/rulesEntries.test.ts).
import { describe, expect, test } from 'vitest'
import * as root from '../index.js'
import * as classicFutures from './classic-futures.js'
import * as savings from './savings.js'
import * as securities from './securities.js'
import * as shared from './shared.js'
import * as unified from './unified.js'

const entries = {
  shared,
  unified,
  'classic-futures': classicFutures,
  securities,
  savings,
} as const
const lines = ['unified', 'classic-futures', 'securities', 'savings'] as const

describe('@tradeline/rules entries by product line', () => {
  test('each export of the main entry is in exactly one entry, the same value', () => {
    const owners = new Map<string, string[]>()
    for (const [entry, module] of Object.entries(entries))
      for (const [name, value] of Object.entries(module)) {
        owners.set(name, [...(owners.get(name) ?? []), entry])
        expect(value, `${entry}.${name}`).toBe((root as Record<string, unknown>)[name])
      }
    for (const name of Object.keys(root)) expect(owners.get(name), name).toHaveLength(1)
    expect([...owners.keys()].sort()).toEqual(Object.keys(root).sort())
  })

  test('a line entry holds that line only; the shared entry no endpoint of a line', () => {
    expect(Object.keys(unified).sort()).toEqual(['Strategy', 'StrategySupport', 'Unified'])
    expect(Object.keys(classicFutures)).toEqual(['ClassicFutures'])
    expect(Object.keys(securities).sort()).toEqual(['Securities', 'Session'])
    expect(Object.keys(savings)).toEqual(['Savings'])
    for (const line of lines)
      for (const name of Object.keys(entries[line]))
        expect(Object.keys(shared), `${name} of ${line}`).not.toContain(name)
  })
})
