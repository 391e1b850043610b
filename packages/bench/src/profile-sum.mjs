#!/usr/bin/env node
// `node packages/bench/src/profile-sum.mjs <file.cpuprofile> [top]`: where the time of a profile of
// ./profile-place.mjs goes. Prints the functions with the most self time, then the client's own
// samples (not the raw baseline's, not the garbage collector's, not module loading) by part of a
// place-order: each sample counts for the first part any frame of its stack belongs to. After an
// `await` a stack starts at the resumed function, so parts are named by the functions that do the
// work, never by the caller that started the order.
import { readFileSync } from 'node:fs'

const file = process.argv[2]
const top = Number(process.argv[3] ?? 25)
if (!file) throw new Error('usage: profile-sum.mjs <file.cpuprofile> [top]')
const profile = JSON.parse(readFileSync(file, 'utf8'))
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parentOf = new Map()
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id)

const where = (frame) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(packages|node_modules)\//, '$1/')}:${frame.lineNumber + 1}`
const named =
  (...names) =>
  (frame) =>
    names.includes(frame.functionName)
/** The parts of a place-order, in the order a sample is matched against them. */
const parts = [
  [
    'validate (schema, rules, instrument, tradable)',
    named('validateRequest', 'assertTradableNow', 'orderContext'),
  ],
  [
    'sign (prehash, HMAC-SHA256)',
    (f) => f.url.includes('crypto/hash') || named('prehash', 'createHmac')(f),
  ],
  ['fetch deadline (AbortController, timer)', (f) => /abort_controller|timers/.test(f.url)],
  ['in-memory fetch (the harness)', named('memoryFetch')],
  ['envelope and record (parse, schema)', named('fromResponse', 'checkedData', 'parseData')],
  ['body (JSON.stringify)', named('stringifyBody')],
  [
    'clientOid (generate, copy into the order)',
    named('clientOidFor', 'withClientOid', 'createClientOid'),
  ],
]
const rest = 'the rest: plumbing (placeOrder, runChange, transport, fetch sender)'
const outside = ['(garbage collector)', '(program)', '(idle)', '(root)']

const self = new Map()
const shares = new Map()
let client = 0
for (const sample of profile.samples) {
  const stack = []
  for (let id = sample; id !== undefined; id = parentOf.get(id)) stack.push(byId.get(id).callFrame)
  const key = where(stack[0])
  self.set(key, (self.get(key) ?? 0) + 1)
  if (outside.includes(stack[0].functionName)) continue
  if (stack.some((f) => named('timeRaw', 'raw')(f) || /modules\/esm|bootstrap/.test(f.url)))
    continue
  client++
  const part = parts.find(([, test]) => stack.some(test))?.[0] ?? rest
  shares.set(part, (shares.get(part) ?? 0) + 1)
}
const percent = (count, of) => `${((100 * count) / of).toFixed(1)}%`
console.log(`self time, top ${top} (of ${profile.samples.length} samples):`)
for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${percent(count, profile.samples.length).padStart(6)}  ${key}`)
console.log(`the client's own samples (${client}) by part:`)
for (const [part, count] of [...shares].sort((a, b) => b[1] - a[1]))
  console.log(`  ${percent(count, client).padStart(6)}  ${part}`)
