#!/usr/bin/env node
// `pnpm --filter @tradeline/bench import-time`: the import of @tradeline/unified in a fresh Node
// process against bitget-api's, in the same run (interleaved rounds, medians of importTime of
// ./micro.mjs), and what the import is made of: valibot, the rules, core, the rate limiter.
// Node resolves the packages to their bundled build (`default` export condition: dist/index.js).
import { importTime } from './micro.mjs'
import { median } from './stats.mjs'

const rounds = Number(process.argv[2] ?? 5)
const specifiers = [
  '@tradeline/unified',
  'bitget-api',
  'valibot',
  '@tradeline/rules',
  '@tradeline/core',
  '@tradeline/rate-limit',
]
const times = Object.fromEntries(specifiers.map((s) => [s, []]))
for (let round = 0; round < rounds; round++)
  for (const specifier of specifiers) times[specifier].push(importTime(specifier, { runs: 3 }))
console.log(`resolved: ${import.meta.resolve('@tradeline/unified')}`)
for (const specifier of specifiers)
  console.log(
    `import ${specifier}: ${median(times[specifier]).toFixed(1)} ms (median of ${rounds})`,
  )
const ratio = median(times['@tradeline/unified']) / median(times['bitget-api'])
console.log(`@tradeline/unified / bitget-api: ${ratio.toFixed(2)}x`)
