// `pnpm bench`: every measure of the SDK in one run, as tables of ratios against baselines
// measured in the same run, with the peers beside tradeline, and the prose around them (goals met
// or not, import times) generated from the same numbers. Writes docs/bench/results.json,
// docs/bench/orders.svg (the per-order chart), docs/bench/README.md (the report) and the report
// into README.md between the `bench:begin` and `bench:end` markers; prints the report.
//
//   pnpm bench                 # everything (532 s of measures on 2 loaded cores); run it twice
//                              # on one commit and the report adds the spread of each goal
//   pnpm bench --quick         # shorter rounds, same rows (a smoke run): prints, writes nothing
//   pnpm bench --only=stream   # one section (orders, cpu, stream, micro, limiter, batches,
//                              # imports, sizes); prints its rows, writes nothing
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { batches } from './batches.mjs'
import { catchUp } from './catchup.mjs'
import { ordersChart } from './chart.mjs'
import { measureCpu } from './cpu.mjs'
import { limiterUse, sizes } from './external.mjs'
import { importTime, signing, tickAndLot, validation } from './micro.mjs'
import { contenders, measureOrders, startServer } from './orders.mjs'
import { formatReport, replaceBetween } from './report.mjs'
import { formatSpread, sameCommit } from './spread.mjs'
import { streamBench } from './stream.mjs'

const quick = process.argv.includes('--quick')
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const log = (line) => process.stderr.write(`${line}\n`)
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)
const sections = ['orders', 'cpu', 'stream', 'micro', 'limiter', 'batches', 'imports', 'sizes']
if (only !== undefined && !sections.includes(only))
  throw new Error(`--only takes one of ${sections.join(', ')}; got ${only}`)
const runs = (section) => only === undefined || only === section
const results = { date: new Date().toISOString(), node: process.version, quick, only }
const started = performance.now()
const loadBefore = loadavg()[0]

if (runs('orders')) {
  log('place-order per client, 1 and 16 in flight ...')
  const server = await startServer()
  try {
    const list = await contenders(server)
    const rounds = quick ? 3 : 9
    const ms = quick ? 300 : 800
    results.orders = [
      ...(await measureOrders(list, { inFlight: 1, rounds, ms })),
      ...(await measureOrders(list, { inFlight: 16, rounds, ms })),
    ]
  } finally {
    await server.close()
  }
}

if (runs('cpu')) {
  log('own CPU per call, in-memory fetch, each client in its own process ...')
  const server = await startServer()
  try {
    results.cpu = await measureCpu(server, quick ? { rounds: 3, ms: 100 } : { rounds: 9, ms: 250 })
  } finally {
    await server.close()
  }
}

if (runs('stream')) {
  log('order pushes through one private stream: per second, latency ...')
  results.stream = await streamBench(
    quick
      ? { rounds: 3, pushes: 10_000, samples: 300, latencyRounds: 2 }
      : { rounds: 5, pushes: 20_000, samples: 1000, latencyRounds: 3 },
  )
  log('the stream catching up 300 orders closed in a gap ...')
  results.catchUp = await catchUp({ orders: 300, rounds: quick ? 3 : 7 })
}

if (runs('micro')) {
  log('signing, validation, tick and lot ...')
  results.signing = await signing()
  results.validation = await validation()
  results.tickAndLot = await tickAndLot()
}

if (runs('limiter')) {
  log('limiter use of a strict limit ...')
  results.limiter = await limiterUse({ seconds: quick ? 8 : 30 })
}

if (runs('batches')) {
  log('1,000 orders through batches ...')
  results.batches = await batches({ orders: quick ? 200 : 1000 })
}

if (runs('imports')) {
  log('import time ...')
  const count = quick ? 3 : 9
  // The clients the bench does not depend on are imported by the path of their Node build.
  const built = (name) =>
    pathToFileURL(resolve(root, 'packages', name.replace('@tradeline/', ''), 'dist/index.js')).href
  const specifiers = {
    '@tradeline/unified': '@tradeline/unified',
    '@tradeline/classic-futures': built('@tradeline/classic-futures'),
    '@tradeline/securities': built('@tradeline/securities'),
    '@tradeline/savings': built('@tradeline/savings'),
    '@tradeline/core': '@tradeline/core',
    '@tradeline/rules': '@tradeline/rules',
    'bitget-api': 'bitget-api',
    ccxt: 'ccxt',
  }
  results.imports = Object.fromEntries(
    Object.entries(specifiers).map(([name, specifier]) => [
      name,
      importTime(specifier, { runs: count }),
    ]),
  )
}

if (runs('sizes')) {
  log('bundle sizes ...')
  results.sizes = await sizes()
}

/** The commit measured, and whether the tree had changes beyond the files the bench writes. */
function commit() {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
  try {
    const changed = git(
      'status',
      '--porcelain',
      '--untracked-files=no',
      '--',
      '.',
      ':!docs/bench',
      ':!README.md',
    )
    return { commit: git('rev-parse', '--short', 'HEAD'), changed: changed !== '' }
  } catch {
    return { commit: undefined, changed: true }
  }
}

results.run = {
  cores: availableParallelism(),
  loadBefore,
  loadAfter: loadavg()[0],
  seconds: (performance.now() - started) / 1000,
  ...commit(),
}
const docs = resolve(root, 'docs/bench')
const previousFile = resolve(docs, 'results.json')
const previous = existsSync(previousFile)
  ? JSON.parse(readFileSync(previousFile, 'utf8'))
  : undefined
// A second whole run of the same commit reports the spread of each goal against the first.
const spread = sameCommit(previous, results) ? formatSpread(previous, results) : undefined
const report = spread ? `${formatReport(results)}\n\n${spread}` : formatReport(results)
if (only !== undefined || quick) {
  // One section or a smoke run: printed only; the README and docs/bench keep the last whole run,
  // so that the prose, the tables, the chart and results.json always come from one run.
  process.stdout.write(`${report}\n`)
  process.exit(0)
}
mkdirSync(docs, { recursive: true })
if (previous !== undefined)
  writeFileSync(resolve(docs, 'results.previous.json'), `${JSON.stringify(previous, null, 2)}\n`)
writeFileSync(previousFile, `${JSON.stringify(results, null, 2)}\n`)
writeFileSync(resolve(docs, 'orders.svg'), ordersChart(results.orders))
const header =
  '# Bench results\n\nWritten by `pnpm bench` with results.json and orders.svg of the same run; edit the bench (packages/bench), not this file.'
writeFileSync(resolve(docs, 'README.md'), `${header}\n\n${report}\n`)
const readme = resolve(root, 'README.md')
writeFileSync(readme, replaceBetween(readFileSync(readme, 'utf8'), report))
process.stdout.write(`${report}\n`)
