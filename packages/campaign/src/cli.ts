#!/usr/bin/env node
/**
 * `pnpm campaign [--seed N] [--calls N | --matrix]`: runs a fault campaign against a sandbox of its own on
 * 127.0.0.1, prints its table, and exits 1 when a target (0) is missed.
 */
import { parseArgs } from 'node:util'
import { runCampaign } from './campaign.js'
import { formatTable, formatWrong, passed } from './table.js'

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    calls: { type: 'string', default: '1000' },
    matrix: { type: 'boolean', default: false },
  },
})
const seed = Number(values.seed)
const calls = Number(values.calls)
if (!Number.isSafeInteger(seed) || seed < 0) throw new TypeError('--seed must be an integer >= 0')
if (!Number.isSafeInteger(calls) || calls < 1 || calls > 100_000)
  throw new TypeError('--calls must be an integer from 1 to 100000')

const result = await runCampaign({
  seed,
  calls,
  matrix: values.matrix,
  onProgress: (done, total) => {
    if (done % 100 === 0 || done === total) process.stderr.write(`${done}/${total} calls\n`)
  },
})
console.log(formatTable(result))
const wrong = formatWrong(result)
if (wrong) console.log(`\nOutcomes reported wrongly:\n${wrong}`)
console.log(
  `\nRerun: pnpm campaign --seed ${seed} ${values.matrix ? '--matrix' : `--calls ${calls}`}`,
)
process.exitCode = passed(result) ? 0 : 1
