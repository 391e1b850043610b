// The shared build (one bundled ESM file and .d.ts per `exports` entry, tooling/tsdown-config),
// with the Node build's chunks grouped by product line: the shared rules in one chunk, each
// line's endpoints in one chunk of their own. A client imports the entry `shared` and its own
// line's entry (`@tradeline/rules/unified`, ...), so a fresh process loads and compiles its line's
// rules only, in few files (README, "Entries by product line").
import { packageConfig } from '@tradeline/tsdown-config'

const config = packageConfig()

/** The product line a source module belongs to; the rest is shared. */
const lineOf = [
  ['unified', /\/src\/(unified\/|strategy\/|Unified\.ts|Strategy\.ts|StrategySupport\.ts)/],
  ['classic-futures', /\/src\/(classic\/|ClassicFutures\.ts)/],
  ['securities', /\/src\/(securities\/|Securities\.ts|Session\.ts)/],
  ['savings', /\/src\/(savings\/|Savings\.ts)/],
]

function chunkOf(id) {
  // The declaration build (.d.ts modules of the same graph) keeps rolldown's own chunks.
  if (!/\/packages\/rules\/src\/.*\.ts$/.test(id) || /\.d\.[cm]?ts$/.test(id)) return null
  if (id.includes('/src/entries/')) return null
  if (/\/src\/(index|big)\.ts$/.test(id)) return null
  // A helper kept in a line's folder that other lines import too (where it sits is also the
  // module order of the browser bundles, whose gzipped size moves with it).
  if (id.endsWith('/src/classic/timeRange.ts')) return 'shared'
  for (const [line, test] of lineOf) if (test.test(id)) return line
  return 'shared'
}

export default {
  ...config,
  outputOptions: {
    ...config.outputOptions,
    // The shared group first: a line's group takes its dependencies along, which must stay shared.
    advancedChunks: {
      groups: ['shared', ...lineOf.map(([line]) => line)].map((name, i) => ({
        name,
        test: (id) => chunkOf(id) === name,
        priority: 10 - i,
      })),
    },
  },
}
