#!/usr/bin/env node
// Prints the minified and gzipped size of typical browser imports of the built package, as a
// markdown table for the README. Run `pnpm build` first: it bundles `dist/index.js`.
//
//   node scripts/size.mjs
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { rolldown } from 'rolldown'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = resolve(root, 'dist/index.js')

/** Entries measured: what a browser app imports, from the narrowest to everything. */
export const entries = {
  'place-order check (Endpoint + Unified.placeOrder)': `import { Endpoint, Unified } from ${JSON.stringify(dist)}
export const check = (input, ctx) => Endpoint.check(Unified.placeOrder, input, ctx)`,
  'Decimal only': `export { Decimal } from ${JSON.stringify(dist)}`,
  'TickSize only': `export { TickSize } from ${JSON.stringify(dist)}`,
  'Issue only': `export { Issue } from ${JSON.stringify(dist)}`,
  everything: `export * from ${JSON.stringify(dist)}`,
  '@tradeline/rules/big (decimal.js)': `export * from ${JSON.stringify(resolve(root, 'dist/big.js'))}`,
}

/** Bundles `source` for the browser, minified; returns the byte sizes. */
export async function measure(source) {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0].contents
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength }
}

/** Bundles `source` with rolldown (Vite's bundler, which drops unused namespace members). */
export async function measureRolldown(source) {
  const id = '\0entry.js'
  const bundle = await rolldown({
    input: id,
    platform: 'browser',
    logLevel: 'silent',
    plugins: [
      {
        name: 'entry',
        resolveId: (s) => (s === id ? id : undefined),
        load: (f) => (f === id ? source : undefined),
      },
    ],
  })
  const { output } = await bundle.generate({ format: 'esm', minify: true })
  await bundle.close()
  const code = Buffer.from(output[0].code)
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength }
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(dist)) {
    console.error('dist/index.js is missing: run `pnpm build` first.')
    process.exit(1)
  }
  console.log('| import | rolldown: minified | rolldown: + gzip | esbuild: + gzip |')
  console.log('|---|---|---|---|')
  for (const [name, source] of Object.entries(entries)) {
    const r = await measureRolldown(source)
    const e = await measure(source)
    console.log(`| ${name} | ${kB(r.minified)} | ${kB(r.gzipped)} | ${kB(e.gzipped)} |`)
  }
}
