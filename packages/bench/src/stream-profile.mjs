// Where the private stream's time goes per order push: runs one contender of ./stream.mjs
// (default: the unified stream with a listener) through bursts of pushes in a child process
// under `node --cpu-prof`, then prints the profile as microseconds per push: the self time of
// the heaviest functions and the inclusive time of the stream's stages.
//
//   pnpm --filter @tradeline/bench profile:stream                    # listener, 100,000 pushes
//   pnpm --filter @tradeline/bench profile:stream -- --contender=raw --pushes=50000
//   node src/stream-profile.mjs --keep                               # keeps the .cpuprofile
//
// The .cpuprofile opens in Chrome DevTools (Performance) or speedscope.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { control, eventsPerSecond, startStreamServer, streamContenders } from './stream.mjs'

const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback

const contenderId = arg('contender', 'listener')
const pushes = Number(arg('pushes', '100000'))

if (process.argv.includes('--child')) {
  // The measured process: connect every contender (so the setup is the bench's), warm, run.
  const server = await startStreamServer()
  const list = await streamContenders(server)
  const ctl = await control(server)
  try {
    const c = list.find((x) => x.id === contenderId)
    if (!c) throw new Error(`no contender ${contenderId}: ${list.map((x) => x.id).join(', ')}`)
    await eventsPerSecond(ctl, c, 5000)
    let total = 0
    let eps = 0
    while (total < pushes) {
      const n = Math.min(20_000, pushes - total)
      eps = (await eventsPerSecond(ctl, c, n)).eventsPerSecond
      total += n
    }
    process.stdout.write(`${JSON.stringify({ eps, total })}\n`)
  } finally {
    ctl.close()
    for (const x of list) await x.close()
    await server.close()
  }
} else {
  const dir = mkdtempSync(join(tmpdir(), 'stream-profile-'))
  const out = execFileSync(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${dir}`,
      '--cpu-prof-interval=100',
      new URL(import.meta.url).pathname,
      '--child',
      `--contender=${contenderId}`,
      `--pushes=${pushes}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const { eps, total } = JSON.parse(out.toString().trim().split('\n').pop())
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  summarize(profile, { contenderId, total, eps })
  if (process.argv.includes('--keep')) process.stderr.write(`profile: ${join(dir, file)}\n`)
  else rmSync(dir, { recursive: true })
}

/** Prints self and inclusive microseconds per push of the burst (the pushes measured). */
function summarize(profile, { contenderId, total, eps }) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const self = new Map()
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  }
  const where = (n) => {
    const f = n.callFrame
    const file = f.url.replace(/^.*\/(packages|node_modules)\//, '').replace(/^file:\/\//, '')
    return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`
  }
  // Self time by function, and inclusive time by stage (a frame counted once per sample).
  const bySelf = new Map()
  const stages = {
    'core onText (JSON.parse, routing)': /^onText core\//,
    'unified onPush (per record)': /^onPush unified\//,
    'unified readPush (rename, upper, valibot)': /^readPush unified\//,
    'unified rename (spread + delete)': /^rename unified\//,
    'valibot parse of the order record': /^parse .*valibot/,
    'unified emit (ledger, consumers)': /^emit unified\//,
    'Ledger.acceptOrder': /^acceptOrder unified\//,
    'EventQueue push/settle': /^(push|settle) core\//,
    'the consumer (bench sink)': /bench\/src\/stream\.mjs/,
    'garbage collector': /^\(garbage collector\)/,
  }
  const inclusive = Object.fromEntries(Object.keys(stages).map((k) => [k, 0]))
  // Self time by the layer of the function it was spent in (first match); sums to the whole.
  const layers = {
    'idle (waiting for the socket)': /^\(idle\)/,
    'garbage collector': /^\(garbage collector\)/,
    'core onText self (JSON.parse is a builtin: counted here)': /^onText core\//,
    'valibot (looseObject of the order record, its fields)': /valibot\//,
    'unified records: rename, upper, readPush': /^(rename|upper|readPush|order) unified\//,
    'unified ledger: acceptOrder, capped, timeOf':
      /^(acceptOrder|capped|timeOf|#advance) unified\//,
    'unified onPush, emit, consumers loop': /unified\//,
    'core other (EventQueue, messageText, onmessage)': /core\//,
    'the consumer (bench sink; raw: JSON.parse in it)': /bench\/src\/stream\.mjs/,
    'socket layer (ws / undici frames, UTF-8 decode, events)':
      /(^|\/)(ws\/lib|undici\/lib)\/|node:(buffer|internal\/(buffer|encoding|event_target|streams|stream_base_commons|deps\/undici))|^(decodeUTF8|writev|toString) /,
    'other (module loading, setup, timers)': /./,
  }
  const byLayer = Object.fromEntries(Object.keys(layers).map((k) => [k, 0]))
  for (const [id, us] of self) {
    const n = nodes.get(id)
    bySelf.set(where(n), (bySelf.get(where(n)) ?? 0) + us)
    const layer = Object.entries(layers).find(([, re]) => re.test(where(n)))?.[0]
    if (layer) byLayer[layer] += us
    const seen = new Set()
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const w = where(nodes.get(at))
      for (const [stage, re] of Object.entries(stages))
        if (!seen.has(stage) && re.test(w)) {
          seen.add(stage)
          inclusive[stage] += us
        }
    }
  }
  const totalUs = [...self.values()].reduce((a, b) => a + b, 0)
  const per = (us) => (us / total).toFixed(2).padStart(7)
  const lines = [
    `${contenderId}: ${total.toLocaleString('en')} pushes profiled; last burst ${Math.round(eps).toLocaleString('en')}/s (${(1e6 / eps).toFixed(2)} us a push, profiler on)`,
    `whole process ${per(totalUs)} us a push (setup and idle included)`,
    '',
    'self time by layer, us a push:',
    ...Object.entries(byLayer).map(([k, us]) => `${per(us)}  ${k}`),
    '',
    'inclusive, us a push:',
    ...Object.entries(inclusive).map(([k, us]) => `${per(us)}  ${k}`),
    '',
    'self, us a push (top 25):',
    ...[...bySelf.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, us]) => `${per(us)}  ${k}`),
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}
