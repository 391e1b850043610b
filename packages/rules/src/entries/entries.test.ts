// The entries of the package by product line: together they are the main entry, each export in
// exactly one, and in the BUILT Node files the shared entry loads none of a line's chunks (which
// is what makes a client that imports `shared` and its own line load less code at start).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
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

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist')

/** Every file the built `file` loads, itself included (static imports, relative only). */
function loadedBy(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const code = readFileSync(file, 'utf8')
  for (const match of code.matchAll(/(?:import|export)[^'"]*?from\s*["'](\.[^"']+)["']/g))
    loadedBy(resolve(dirname(file), match[1] as string), seen)
  for (const match of code.matchAll(/^import\s*["'](\.[^"']+)["']/gm))
    loadedBy(resolve(dirname(file), match[1] as string), seen)
  return seen
}

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

  test.each(lines)('the built shared entry loads none of the files only %s needs', (line) => {
    const shared = resolve(dist, 'entries/shared.js')
    const own = resolve(dist, `entries/${line}.js`)
    expect(existsSync(shared) && existsSync(own), 'pnpm build first').toBe(true)
    const loaded = loadedBy(shared)
    const lineOnly = [...loadedBy(own)].filter((file) => !loaded.has(file))
    // The line's own code is in files the shared entry never loads: at least one chunk beside
    // the entry file (a build that put every line in one chunk with the shared rules has none).
    expect(lineOnly.length).toBeGreaterThan(1)
    // And the main entry loads every line.
    const everything = loadedBy(resolve(dist, 'index.js'))
    for (const file of lineOnly.filter((f) => f !== own)) expect(everything.has(file)).toBe(true)
  })
})
