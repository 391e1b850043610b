#!/usr/bin/env node
// `pnpm --filter @tradeline/bench import-time [rounds] [--against=<checkout>]`: the import of each
// client package in a fresh Node process, as ratios to two baselines of the same rounds, so that a
// loaded machine moves a package and its baselines together: the import of `valibot` alone and
// the whole of an empty process (`node -e 0`, spawn to exit). Each import is timed inside its
// process around `await import()`: wall time (`performance.now()`) and the process's CPU time
// (`process.cpuUsage()`, which a shared machine inflates less). Rounds are interleaved and
// shuffled; each ratio is the median of per-round ratios (./stats.mjs). Node resolves each
// package to its Node build (`default` export condition: dist/index.js).
//
// `--against=<checkout>` adds the same packages built in another checkout (another git worktree,
// say the main branch) to the same rounds: a before/after on one machine at one load.
//
// `--floor` adds what the package layout itself costs: the same Node build of @tradeline/unified
// bundled by esbuild into one file (core, the rate limiter and the rules inlined, no package to
// resolve), and one file of only what `createUnifiedClient` reaches, plus an empty module. The
// gap between the package and its one file is the resolving, reading and linking of its twelve
// files; the one file's own time is the compiling and running of the code itself.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { median, medianOfRatios } from './stats.mjs'

const args = process.argv.slice(2)
const rounds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 15)
const against = args.find((arg) => arg.startsWith('--against='))?.slice('--against='.length)
const floor = args.includes('--floor')
const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '../../..')
const packages = ['unified', 'classic-futures', 'securities', 'savings', 'rules', 'core']
const built = (checkout, name) =>
  pathToFileURL(resolve(checkout, 'packages', name, 'dist/index.js')).href

const subjects = [{ name: 'valibot', url: 'valibot' }]
for (const name of packages) {
  subjects.push({ name: `@tradeline/${name}`, url: built(root, name) })
  if (against) subjects.push({ name: `@tradeline/${name} (${against})`, url: built(against, name) })
}
if (floor) for (const subject of await floorFiles()) subjects.push(subject)
const empty = { name: 'node -e 0' }

/**
 * The floor subjects (see `--floor`): esbuild bundles of the built @tradeline/unified in a
 * temporary directory (removed on exit), its lazily loaded Node-only dependencies left external.
 */
async function floorFiles() {
  const { build } = await import('esbuild')
  const dir = mkdtempSync(join(tmpdir(), 'tradeline-import-floor-'))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  const unified = resolve(root, 'packages/unified/dist/index.js')
  const bundle = async (name, contents) => {
    const outfile = join(dir, `${name}.mjs`)
    await build({
      stdin: { contents, resolveDir: dirname(unified), sourcefile: `${name}.mjs` },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      external: ['undici', 'ws'],
      logLevel: 'error',
    })
    return pathToFileURL(outfile).href
  }
  const whole = await bundle('unified-one-file', `export * from ${JSON.stringify(unified)}`)
  const client = await bundle(
    'createUnifiedClient-one-file',
    `export { createUnifiedClient } from ${JSON.stringify(unified)}`,
  )
  const nothing = join(dir, 'empty.mjs')
  writeFileSync(nothing, 'export {}\n')
  return [
    { name: '@tradeline/unified as one file (esbuild)', url: whole },
    { name: 'createUnifiedClient alone as one file (esbuild)', url: client },
    { name: 'an empty module', url: pathToFileURL(nothing).href },
  ]
}

/** Wall and CPU milliseconds of `await import(url)` in a fresh process. */
function importMs(url) {
  const code = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(url)}); const w = performance.now() - t; const u = process.cpuUsage(c); console.log(w, (u.user + u.system) / 1000)`
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: here })
  const [wall, cpu] = out.toString().trim().split(' ').map(Number)
  return { wall, cpu }
}

/** Milliseconds of the whole of an empty process, from spawn to exit. */
function emptyProcessMs() {
  const start = performance.now()
  execFileSync(process.execPath, ['-e', '0'], { cwd: here })
  const wall = performance.now() - start
  return { wall, cpu: wall }
}

function shuffle(list) {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

const all = [...subjects, empty]
const wall = new Map(all.map((s) => [s, []]))
const cpu = new Map(all.map((s) => [s, []]))
for (let round = 0; round < rounds; round++)
  for (const subject of shuffle(all)) {
    const time = subject === empty ? emptyProcessMs() : importMs(subject.url)
    wall.get(subject).push(time.wall)
    cpu.get(subject).push(time.cpu)
  }

const valibot = subjects[0]
console.log(`${rounds} interleaved rounds; medians; ratios are medians of per-round ratios`)
console.log(`node -e 0, whole process: ${median(wall.get(empty)).toFixed(1)} ms`)
console.log('| import | wall ms | x valibot | x node -e 0 | CPU ms | CPU x valibot |')
console.log('| --- | --- | --- | --- | --- | --- |')
for (const s of subjects)
  console.log(
    `| ${s.name} | ${median(wall.get(s)).toFixed(1)} | ${medianOfRatios(wall.get(s), wall.get(valibot)).toFixed(2)}x | ${medianOfRatios(wall.get(s), wall.get(empty)).toFixed(3)}x | ${median(cpu.get(s)).toFixed(1)} | ${medianOfRatios(cpu.get(s), cpu.get(valibot)).toFixed(2)}x |`,
  )
