#!/usr/bin/env node
// Where the bytes of a browser bundle go: the minified bytes each source module puts into the
// chunks a page loads at start, with esbuild (its metafile's `bytesInOutput`) and rolldown (each
// chunk's `renderedLength` per module), summed by package and by folder. The bundles are those of
// ./size.mjs (same entries, same settings); gzip is not attributable per module, so the bytes are
// minified bytes before gzip, with each bundle's gzipped total beside them.
//
//   node scripts/size-breakdown.mjs [entryKey=unifiedClient] [--modules]
import { isBuiltin } from 'node:module'
import { resolve } from 'node:path'
import { build } from 'esbuild'
import { rolldown } from 'rolldown'
import {
  buildEsbuild,
  chunkSizes,
  esbuildChunks,
  rolldownChunks,
} from '../../../scripts/lib/bundle-size.mjs'
import { entries } from './size.mjs'

const args = process.argv.slice(2)
const key = args.find((arg) => !arg.startsWith('--')) ?? 'unifiedClient'
const showModules = args.includes('--modules')
const entry = entries.find((e) => e.key === key)
if (!entry) throw new Error(`no entry ${key}: ${entries.map((e) => e.key).join(', ')}`)
const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..')

/** `packages/rules/dist/modules/unified/placeOrder.js` -> rules, rules/unified. */
function groupsOf(path) {
  const file = path.replace(/\\/g, '/')
  const pnpm = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(file)
  if (pnpm) return { pkg: pnpm[1], folder: pnpm[1] }
  const own = /packages\/([^/]+)\/dist\/modules\/(.*)$/.exec(file)
  if (!own) return { pkg: file, folder: file }
  const folder = own[2].includes('/') ? own[2].slice(0, own[2].indexOf('/')) : '(top)'
  return { pkg: own[1], folder: `${own[1]}/${folder}` }
}

/** module path -> minified bytes, for the chunks loaded at start. */
async function esbuildBytes() {
  // The bundle of ./size.mjs (same settings; Node built-ins external, none expected).
  const { result } = await buildEsbuild(build, entry.source, root)
  const sizes = chunkSizes(esbuildChunks(result, root))
  const start = new Set(sizes.startFiles)
  const bytes = new Map()
  for (const [path, meta] of Object.entries(result.metafile.outputs)) {
    if (!start.has(resolve(root, path))) continue
    for (const [input, { bytesInOutput }] of Object.entries(meta.inputs))
      bytes.set(resolve(root, input), (bytes.get(resolve(root, input)) ?? 0) + bytesInOutput)
  }
  return { bytes, gz: sizes.startGz, total: sizes.startBytes }
}

async function rolldownBytes() {
  const bundle = await rolldown({
    input: 'entry',
    platform: 'browser',
    logLevel: 'silent',
    plugins: [
      {
        name: 'entry',
        resolveId: (id) =>
          id === 'entry' ? id : isBuiltin(id) ? { id, external: true } : undefined,
        load: (id) => (id === 'entry' ? entry.source : undefined),
      },
    ],
  })
  const { output } = await bundle.generate({ format: 'esm', minify: true })
  await bundle.close()
  const sizes = chunkSizes(rolldownChunks(output))
  const start = new Set(sizes.startFiles)
  const bytes = new Map()
  for (const chunk of output)
    if (chunk.type === 'chunk' && start.has(chunk.fileName))
      for (const [id, info] of Object.entries(chunk.modules))
        bytes.set(id, (bytes.get(id) ?? 0) + info.renderedLength)
  return { bytes, gz: sizes.startGz, total: sizes.startBytes }
}

const sum = (bytes, by) => {
  const out = new Map()
  for (const [path, n] of bytes) {
    const group = groupsOf(path)[by]
    out.set(group, (out.get(group) ?? 0) + n)
  }
  return out
}

const e = await esbuildBytes()
const r = await rolldownBytes()
const kB = (n) => `${(n / 1024).toFixed(1)}`
console.log(`${entry.name}: loaded at start, minified (gzipped)`)
console.log(
  `esbuild ${kB(e.total)} kB (${kB(e.gz)} kB gz); rolldown ${kB(r.total)} kB (${kB(r.gz)} kB gz); per module: esbuild's minified bytes, rolldown's rendered bytes before minification (its proportions only)`,
)
for (const by of ['pkg', 'folder']) {
  const eb = sum(e.bytes, by)
  const rb = sum(r.bytes, by)
  const names = [...new Set([...eb.keys(), ...rb.keys()])].sort(
    (a, b) => (eb.get(b) ?? 0) - (eb.get(a) ?? 0),
  )
  console.log(`\n| ${by === 'pkg' ? 'package' : 'folder'} | esbuild kB | rolldown kB |`)
  console.log('| --- | --- | --- |')
  for (const name of names.filter((n) => (eb.get(n) ?? 0) + (rb.get(n) ?? 0) >= 100))
    console.log(`| ${name} | ${kB(eb.get(name) ?? 0)} | ${kB(rb.get(name) ?? 0)} |`)
}
if (showModules) {
  console.log('\n| module | esbuild bytes | rolldown bytes |')
  console.log('| --- | --- | --- |')
  const rel = (p) => p.replace(/.*packages\//, '').replace(/.*node_modules\//, '')
  const rByRel = new Map([...r.bytes].map(([p, n]) => [rel(p), n]))
  for (const [path, n] of [...e.bytes].sort((a, b) => b[1] - a[1]))
    console.log(`| ${rel(path)} | ${n} | ${rByRel.get(rel(path)) ?? 0} |`)
}
