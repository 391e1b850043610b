#!/usr/bin/env node
// Prints the minified and gzipped size of typical browser imports of the built package, as a
// markdown table for the README: every chunk a page loads at start (the entry and its static
// imports), lazily imported chunks apart. Run `pnpm build` first: it bundles what bundlers
// resolve through the `module` export condition, `dist/modules` (one ES module per source file;
// the single-file `dist/index.js` for Node keeps namespaces as objects no bundler can tree-shake).
//
//   node scripts/size.mjs
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { rolldown } from 'rolldown'
import { bundleEsbuild, bundleRolldown } from '../../../scripts/lib/bundle-size.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = resolve(root, 'dist/modules/index.js')

/** Entries measured: what a browser app imports, from the narrowest to everything. */
export const entries = {
  'place-order check (Endpoint + Unified.placeOrder)': `import { Endpoint, Unified } from ${JSON.stringify(dist)}
export const check = (input, ctx) => Endpoint.check(Unified.placeOrder, input, ctx)`,
  'Decimal only': `export { Decimal } from ${JSON.stringify(dist)}`,
  'TickSize only': `export { TickSize } from ${JSON.stringify(dist)}`,
  'Issue only': `export { Issue } from ${JSON.stringify(dist)}`,
  everything: `export * from ${JSON.stringify(dist)}`,
  '@tradeline/rules/big (decimal.js)': `export * from ${JSON.stringify(resolve(root, 'dist/modules/big.js'))}`,
}

/**
 * Bundles `source` with esbuild for the browser, minified; the gzipped and minified bytes a page
 * loads at start (every chunk the entry imports statically) and lazily (scripts/lib/bundle-size.mjs).
 */
export async function measure(source) {
  const size = await bundleEsbuild(build, source, { resolveDir: root })
  return sizes(size)
}

/** Bundles `source` with rolldown (Vite's bundler, which drops unused namespace members). */
export async function measureRolldown(source) {
  return sizes(await bundleRolldown(rolldown, source))
}

const sizes = (size) => ({
  minified: size.startBytes,
  gzipped: size.startGz,
  lazyGzipped: size.lazyGz,
})

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(dist)) {
    console.error('dist/modules/index.js is missing: run `pnpm build` first.')
    process.exit(1)
  }
  console.log(
    '| import | rolldown: minified | rolldown: + gzip | esbuild: + gzip | lazy (rolldown, esbuild) |',
  )
  console.log('|---|---|---|---|---|')
  for (const [name, source] of Object.entries(entries)) {
    const r = await measureRolldown(source)
    const e = await measure(source)
    console.log(
      `| ${name} | ${kB(r.minified)} | ${kB(r.gzipped)} | ${kB(e.gzipped)} | ${kB(r.lazyGzipped)}, ${kB(e.lazyGzipped)} |`,
    )
  }
}
