// Shared vitest preset: tests sit next to the code, type tests run with --typecheck.
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

/** @param {import('vitest/config').ViteUserConfig} [overrides] */
export function definePackageConfig(overrides = {}) {
  return defineConfig({
    ...overrides,
    test: {
      include: ['src/**/*.test.ts'],
      benchmark: { include: ['src/**/*.bench.ts'] },
      typecheck: { include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
      restoreMocks: true,
      // The JSON report feeds the repository's closing line (scripts/test-summary.mjs).
      reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
      testTimeout: 20_000,
      ...overrides.test,
    },
  })
}

/**
 * The `from './internal/…'` specifiers of a package's index module: a public export should come
 * from a module outside `internal/`, so a package test expects none.
 * @param {URL} indexUrl
 * @returns {string[]}
 */
export function exportsFromInternal(indexUrl) {
  return readFileSync(indexUrl, 'utf8').match(/from '\.\/internal\/[^']*'/g) ?? []
}
