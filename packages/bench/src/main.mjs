// `pnpm bench`: every measure of the SDK in one run, as one table of ratios against baselines
// measured in the same run, with the peers beside tradeline. Writes docs/bench/results.json,
// docs/bench/orders.svg (the per-order chart) and the table into README.md between the
// `bench:begin` and `bench:end` markers; prints the table.
//
//   pnpm bench                 # everything (about 7 minutes on 2 cores)
//   pnpm bench --quick         # shorter rounds, same rows (a smoke run)
//   pnpm bench --only=stream   # one section (orders, stream, micro, limiter, batches,
//                              # imports, sizes); prints its rows, writes nothing
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { batches } from './batches.mjs'
import { catchUp } from './catchup.mjs'
import { limiterUse, sizes } from './external.mjs'
import { importTime, signing, tickAndLot, validation } from './micro.mjs'
import { contenders, measureOrders, startServer } from './orders.mjs'
import { formatTable, ordersChart, replaceBetween } from './report.mjs'
import { streamBench } from './stream.mjs'

const quick = process.argv.includes('--quick')
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const log = (line) => process.stderr.write(`${line}\n`)
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)
const sections = ['orders', 'stream', 'micro', 'limiter', 'batches', 'imports', 'sizes']
if (only !== undefined && !sections.includes(only))
  throw new Error(`--only takes one of ${sections.join(', ')}; got ${only}`)
const runs = (section) => only === undefined || only === section
const results = { date: new Date().toISOString(), node: process.version, quick, only }

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
  results.imports = Object.fromEntries(
    ['@tradeline/unified', '@tradeline/core', '@tradeline/rules', 'bitget-api', 'ccxt'].map(
      (name) => [name, importTime(name, { runs: count })],
    ),
  )
}

if (runs('sizes')) {
  log('bundle sizes ...')
  results.sizes = await sizes()
}

const table = formatTable(results)
if (only !== undefined) {
  // One section: its rows only; the results and the README keep the last whole run.
  process.stdout.write(`${table}\n`)
  process.exit(0)
}
mkdirSync(resolve(root, 'docs/bench'), { recursive: true })
writeFileSync(resolve(root, 'docs/bench/results.json'), `${JSON.stringify(results, null, 2)}\n`)
writeFileSync(resolve(root, 'docs/bench/orders.svg'), ordersChart(results.orders))
if (!quick) {
  const readme = resolve(root, 'README.md')
  writeFileSync(readme, replaceBetween(readFileSync(readme, 'utf8'), table))
}
process.stdout.write(`${table}\n`)
