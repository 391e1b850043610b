// The size goals "small bundles": the browser bundles of the BUILT packages (rules, core, rate-limit,
// unified) within their gzipped budgets, with no Node built-in. `pnpm build` first; the build of
// this package runs here when its dist is missing. `node scripts/size.mjs` prints the table.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  budgets,
  bundleEsbuild,
  entries,
  esbuildPlaceOrderBudget,
  measureSizes,
  type SizeRow as Row,
} from '../scripts/size.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
let rows: Row[] = []

beforeAll(async () => {
  if (!existsSync(resolve(root, 'dist/modules/index.js'))) {
    try {
      execFileSync(resolve(root, 'node_modules/.bin/tsdown'), [], {
        cwd: root,
        stdio: 'pipe',
      })
    } catch (error) {
      if (!existsSync(resolve(root, 'dist/modules/index.js'))) throw error
    }
  }
  rows = await measureSizes()
}, 120_000)

const row = (prefix: string): Row => {
  const found = rows.find((r) => r.name.startsWith(prefix))
  if (!found) throw new Error(`no bundle named ${prefix}`)
  return found
}

describe('the size goals: browser bundles, gzipped (rolldown, the bundler of Vite)', () => {
  test('no bundle imports a Node built-in (no polyfills needed)', () => {
    expect(rows.length).toBe(5)
    for (const r of rows) expect(r.builtins, r.name).toEqual([])
  })

  test('"createUnifiedClient + placeOrder at most 30 kB" (not met, the budget 32.7 kB): createUnifiedBaseClient + placeOrder', () => {
    expect(budgets.unifiedPlaceOrder).toBe(32.7 * 1024)
    const r = row('unified: createUnifiedBaseClient + placeOrder')
    expect(r.rolldownGz).toBeLessThanOrEqual(r.budgetGz)
    // esbuild keeps a little more: held to 34.7 kB (35,430 bytes measured).
    expect(esbuildPlaceOrderBudget).toBe(34.7 * 1024)
    expect(r.esbuildGz).toBeLessThanOrEqual(esbuildPlaceOrderBudget)
  })

  test('the whole client at most 51.6 kB (the first goal of 35 kB not met since the safe-change engine): createUnifiedClient with every method', () => {
    // 35 kB at first, not met since the safe-change engine (37.4 kB), 38.6 kB with the ledger
    // actions: the budget holds that size. Every chunk loaded at start is counted (the entry and
    // the send chunk it imports statically), the lazy undici chunk apart.
    expect(budgets.unifiedClient).toBe(51.6 * 1024)
    const r = row('unified: createUnifiedClient')
    expect(r.rolldownGz).toBeLessThanOrEqual(r.budgetGz)
  })

  test('the stream is its own function, so the REST client bundles carry none of it', () => {
    expect(budgets.unifiedStream).toBe(64.5 * 1024)
    const withStream = row('unified: createUnifiedClient + createUnifiedStream')
    const client = row('unified: createUnifiedClient (every method)')
    expect(withStream.rolldownGz).toBeLessThanOrEqual(withStream.budgetGz)
    // The stream's code (connection, ledger, push readers, its limiter rows) is not in the client.
    expect(withStream.rolldownGz - client.rolldownGz).toBeGreaterThan(2 * 1024)
  })

  test('"the whole rules package at most 30 kB", raised to 42.3 kB: export * of @tradeline/rules', () => {
    // The goal's 30 kB, raised with the classic plan, market data, ledger and settings endpoints.
    expect(budgets.rulesEverything).toBe(42.3 * 1024)
    const r = row('rules: everything')
    expect(r.rolldownGz).toBeLessThanOrEqual(r.budgetGz)
    expect(r.esbuildGz).toBeLessThanOrEqual(r.budgetGz)
  })

  test('the place-order check of the rules is at most 10 kB', () => {
    const r = row('rules: place-order check')
    expect(r.rolldownGz).toBeLessThanOrEqual(r.budgetGz)
  })

  test('decision: the bundler layout imports a namespace of rules or core from its own module, so esbuild keeps only the members used', async () => {
    // A named import of an `export * as` namespace made esbuild keep every member of it
    // (evanw/esbuild#1420): 4.3 kB gzipped of createUnifiedClient, 6.7 kB of the standalone
    // placeOrder. The build rewrites those imports in dist/modules (the JavaScript that bundlers
    // reach through the `module` condition) to namespace imports of the modules.
    const modules = resolve(root, 'dist/modules')
    const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.js'),
    )
    const rulesNamespaces = ['Unified', 'RateLimits', 'Options', 'Strategy', 'Decimal', 'Issue']
    let direct = 0
    for (const file of files) {
      const code = readFileSync(resolve(modules, file), 'utf8')
      for (const [, names = ''] of code.matchAll(
        /import\s*\{([^}]*)\}\s*from\s*'@tradeline\/rules'/g,
      ))
        for (const name of rulesNamespaces) expect(names.split(/[\s,]+/), file).not.toContain(name)
      direct += [...code.matchAll(/import \* as \w+ from '@tradeline\/rules\/modules\/\w+\.js'/g)]
        .length
    }
    expect(direct).toBeGreaterThan(20)
    // The classic line's rate-limit rows, members of the RateLimits namespace that the unified
    // client never reads, stay out of the esbuild bundle as they do out of rolldown's.
    const entry = entries.find((e) => e.key === 'unifiedClient')
    if (!entry) throw new Error('no unifiedClient entry')
    const esbuilt = await bundleEsbuild(entry.source)
    expect(esbuilt.code).not.toContain('classic.getAccountBill')
    expect(esbuilt.code).toContain('unified.placeOrder')
    const client = row('unified: createUnifiedClient (every method)')
    expect(client.esbuildGz - client.rolldownGz).toBeLessThan(2.5 * 1024)
  }, 60_000)

  test('the standalone placeOrder leaves the other actions out of the bundle', () => {
    expect(row('unified: createUnifiedBaseClient').rolldownGz).toBeLessThan(
      row('unified: createUnifiedClient').rolldownGz - 8 * 1024,
    )
  })
})
