#!/usr/bin/env node
/**
 * `pnpm campaign [--seed N] [--calls N | --matrix] [--concurrency N] [--operations a,b] [--verbose] [--json FILE]`:
 * runs a fault campaign against a sandbox of its own on 127.0.0.1, prints its table and the
 * outcomes reported wrongly, and exits 1 when a target (0) is missed.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { runCampaign } from './campaign.js'
import { concurrentOperations, type Operation, operations } from './plan.js'
import { formatTable, formatWrong, passed, wrongKinds } from './table.js'

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    calls: { type: 'string', default: '1000' },
    matrix: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '1' },
    verbose: { type: 'boolean', default: false },
    json: { type: 'string' },
    operations: { type: 'string' },
  },
})
const seed = Number(values.seed)
const calls = Number(values.calls)
const concurrency = Number(values.concurrency)
if (!Number.isSafeInteger(seed) || seed < 0) throw new TypeError('--seed must be an integer >= 0')
if (!Number.isSafeInteger(calls) || calls < 1 || calls > 100_000)
  throw new TypeError('--calls must be an integer from 1 to 100000')
if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > 256)
  throw new TypeError('--concurrency must be an integer from 1 to 256')

// --operations: a comma-separated list, each an operation or a prefix (`plans.`, `classic.set`).
const known: readonly string[] = [...operations, ...concurrentOperations]
const only = values.operations
  ?.split(',')
  .map((o) => o.trim())
  .filter((o) => o !== '')
  .flatMap((o) => {
    const matched = known.filter((k) => k === o || k.startsWith(o))
    if (matched.length === 0)
      throw new TypeError(`--operations: no operation is or starts with ${o}`)
    return matched as Operation[]
  })

const result = await runCampaign({
  seed,
  calls,
  matrix: values.matrix,
  concurrency,
  operations: only,
  onProgress: (done, total) => {
    if (done % 100 === 0 || done === total) process.stderr.write(`${done}/${total} calls\n`)
  },
})
console.log(formatTable(result))
const wrong = formatWrong(result, values.verbose)
if (wrong) {
  console.log(
    `\nOutcomes reported wrongly${values.verbose ? '' : ' (--verbose: with their history)'}:\n${wrong}`,
  )
  console.log('\nBy kind (count, first step):')
  for (const { kind, count, first } of wrongKinds(result))
    console.log(`${String(count).padStart(5)}  step ${first}  ${kind}`)
}
if (values.json) {
  // Everything the audit read and judged, for a developer to look into one step; the path is
  // relative to where `pnpm campaign` was typed (pnpm runs the script in this package).
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), values.json)
  const {
    seed: s,
    calls: c,
    concurrency: n,
    findings,
    intents,
    history,
    planHistory,
    operations: made,
    faults,
  } = result
  writeFileSync(
    file,
    `${JSON.stringify({ seed: s, calls: c, concurrency: n, operations: made, faults, findings, intents, history, planHistory }, null, 1)}\n`,
  )
  console.log(
    `\nWritten: ${file} (findings, every intent with its window, the order history and the plan log)`,
  )
}
const rerun = `--seed ${seed} ${values.matrix ? '--matrix' : `--calls ${calls}`}${concurrency > 1 ? ` --concurrency ${concurrency}` : ''}${values.operations ? ` --operations ${values.operations}` : ''}`
console.log(`\nRerun: pnpm campaign ${rerun}`)
process.exitCode = passed(result) ? 0 : 1
