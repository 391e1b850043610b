#!/usr/bin/env node
// `pnpm demo`: builds the demo and the packages it runs, saying so first (the first build takes
// about 2 minutes and turbo prints nothing meanwhile), then runs the demo.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

const root = new URL('../../../', import.meta.url).pathname
const demo = new URL('../dist/demo.js', import.meta.url).pathname
const first = !existsSync(demo)
console.log(
  first
    ? 'building the packages (first run, about 2 minutes)…'
    : 'building the packages (unchanged ones come from the cache: seconds)…',
)
const started = performance.now()
// On a terminal, the seconds so far on one line that updates in place.
const ticker = process.stdout.isTTY
  ? setInterval(() => {
      process.stdout.write(`\r  ${Math.round((performance.now() - started) / 1000)} s`)
    }, 1000)
  : undefined
const output = []
const build = spawn(
  'pnpm',
  ['exec', 'turbo', 'run', 'build', '--filter=@tradeline/demo...', '--output-logs=errors-only'],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
)
build.stdout.on('data', (chunk) => output.push(chunk))
build.stderr.on('data', (chunk) => output.push(chunk))
const code = await new Promise((resolve) => build.on('close', resolve))
if (ticker) {
  clearInterval(ticker)
  process.stdout.write('\r')
}
if (code !== 0) {
  process.stderr.write(Buffer.concat(output))
  console.error(`the build failed (exit code ${code}); the demo did not run`)
  process.exit(code ?? 1)
}
console.log(`built in ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
const run = spawn(process.execPath, [demo], { stdio: 'inherit' })
process.exitCode = await new Promise((resolve) => run.on('close', resolve))
