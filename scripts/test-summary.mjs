#!/usr/bin/env node
// Sums the vitest JSON reports of every package into one closing line, `N passed, N failed`,
// and fails when a package that has tests left no report or any test failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
let passed = 0
let failed = 0
let skipped = 0
let totalSeconds = 0
const missing = []
// The packages, and the README examples (a workspace package outside packages/).
const dirs = [
  ...readdirSync(join(root, 'packages')).map((name) => join('packages', name)),
  'examples',
  // schemas: the generator of the JSON Schemas and the OpenAPI document (its tests lint it)
  'tooling/schemas',
]
for (const name of dirs) {
  const dir = join(root, name)
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  if (!pkg.scripts?.test) continue
  const file = join(dir, '.vitest-report.json')
  if (!existsSync(file)) {
    missing.push(name)
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + report.numTodoTests
  // Wall time of the package's run: from vitest's start to the last file's end.
  const ends = report.testResults.map((file) => file.endTime).filter(Number.isFinite)
  const seconds = ends.length > 0 ? (Math.max(...ends) - report.startTime) / 1000 : 0
  totalSeconds += seconds
  console.log(
    `${pkg.name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${seconds.toFixed(1)} s`,
  )
}
if (missing.length > 0) console.log(`no test report from: ${missing.join(', ')}`)
// schemas: the Ajv verdicts on the rules' test requests (packages/rules/src/test/agreement.ts)
const agreement = join(root, 'packages/rules/node_modules/.cache/schema-agreement.json')
if (existsSync(agreement)) {
  const counts = JSON.parse(readFileSync(agreement, 'utf8'))
  console.log(
    `JSON Schema agreement (rules tests): ${counts.expressed} expressed, ${counts.describedOnly} described only, ${counts.disagreements ?? 0} disagreements, ${counts.notJson} not JSON`,
  )
}
console.log(
  `tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${totalSeconds.toFixed(0)} s of test runs)`,
)
if (failed > 0 || missing.length > 0 || passed === 0) process.exit(1)
