// The private stream in Bun and Deno: the BUILT package bundled (rolldown) with a small program
// (src/test/runtimeProgram.ts) that runs the unified client and stream in each runtime, as a
// child process, against a sandbox on 127.0.0.1 in this process. Core sends REST with `fetch`
// there and the stream uses the runtime's own WebSocket. The program prints what it sees as JSON
// lines; the test fills its orders and drops its connection from what it reads.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { runtimes } from '@tradeline/runtimes'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createUnifiedClient } from '../createUnifiedClient.js'
import { buildIfMissing, bundleEntry, type PageBundle, root } from '../test/browserPage.js'
import { type Config, configVariable, type Line } from '../test/runtimeProgram.js'

/** How long one run of the program may take before it is killed. */
const hardTimeoutMs = 15_000

let dir: string
let program: string
let bundle: PageBundle
const children = new Set<ChildProcess>()
const sandboxes = new Set<RunningSandbox>()

beforeAll(async () => {
  buildIfMissing()
  // The `default` entry of the built package (what Node, Bun and Deno load; `module` is for
  // bundlers) and its dependencies through the `import` condition, as the runtimes resolve them.
  const source = `import * as tradeline from ${JSON.stringify(resolve(root, 'dist/index.js'))}
import { main } from ${JSON.stringify(resolve(root, 'src/test/runtimeProgram.ts'))}
await main(tradeline)
`
  bundle = await bundleEntry(source, { platform: 'neutral', conditions: ['import', 'default'] })
  dir = mkdtempSync(join(tmpdir(), 'tradeline-runtimes-'))
  for (const [path, code] of bundle.files) writeFileSync(join(dir, path), code)
  program = join(dir, bundle.entry)
}, 60_000)

afterEach(async () => {
  for (const child of children) child.kill('SIGKILL')
  children.clear()
  for (const sandbox of sandboxes) {
    sandbox.admin.ws.refuse(false)
    await sandbox.close()
  }
  sandboxes.clear()
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** The command line of the program in `runtime`: only loopback network and the one variable. */
function commandOf(runtime: 'bun' | 'deno'): { binary: string; args: string[] } {
  const { path, from } = runtimes[runtime]
  if (path === undefined) throw new Error(`no ${runtime} binary on this machine: ${from}`)
  return runtime === 'bun'
    ? { binary: path, args: ['run', program] }
    : {
        binary: path,
        args: [
          'run',
          '--no-config',
          '--allow-net=127.0.0.1',
          `--allow-env=${configVariable}`,
          program,
        ],
      }
}

/** A running program: its lines so far, a wait on them, and its end. */
type Run = {
  readonly lines: Line[]
  readonly stderr: string[]
  /** Resolves with the first line (from the start) that `match` accepts; fails after `ms`. */
  next<L extends Line>(match: (line: Line) => line is L, ms?: number): Promise<L>
  /** Resolves once `check` holds over the lines; fails after `ms`. */
  until(check: (lines: readonly Line[]) => boolean, what: string, ms?: number): Promise<void>
  /** The exit code (or the signal that killed it). */
  readonly exit: Promise<number | string>
}

/** Starts the program in `runtime` with the sandbox's URL and credentials. */
function run(runtime: 'bun' | 'deno', sandbox: RunningSandbox): Run {
  const { binary, args } = commandOf(runtime)
  const config: Config = { baseUrl: sandbox.url, credentials: sandbox.credentials }
  const child = spawn(binary, args, {
    cwd: dir,
    // A small environment: no update check, no prompt, no colour, no telemetry, no cache in HOME.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      NO_COLOR: '1',
      DO_NOT_TRACK: '1',
      DENO_NO_UPDATE_CHECK: '1',
      DENO_NO_PROMPT: '1',
      // Caches in the temporary folder, removed after the tests.
      DENO_DIR: join(dir, 'deno'),
      BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0',
      [configVariable]: JSON.stringify(config),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: hardTimeoutMs,
    killSignal: 'SIGKILL',
  })
  children.add(child)
  const lines: Line[] = []
  const stderr: string[] = []
  const listeners = new Set<() => void>()
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: Line
    try {
      line = JSON.parse(text) as Line
    } catch {
      line = { failure: `not JSON: ${text}` }
    }
    lines.push(line)
    for (const listener of listeners) listener()
  })
  createInterface({ input: child.stderr! }).on('line', (text) => stderr.push(text))
  const exit = new Promise<number | string>((done) =>
    child.on('exit', (code, signal) => {
      children.delete(child)
      done(code ?? signal ?? 'unknown')
      for (const listener of listeners) listener()
    }),
  )
  const until = (check: (lines: readonly Line[]) => boolean, what: string, ms = 10_000) =>
    new Promise<void>((done, fail) => {
      const timer = setTimeout(() => {
        listeners.delete(listener)
        fail(
          new Error(
            `timed out waiting for ${what}; lines: ${JSON.stringify(lines)}; stderr: ${stderr.join('\n')}`,
          ),
        )
      }, ms)
      const listener = () => {
        if (check(lines)) {
          clearTimeout(timer)
          listeners.delete(listener)
          done()
        } else if (child.exitCode !== null || child.signalCode !== null) {
          clearTimeout(timer)
          listeners.delete(listener)
          fail(
            new Error(
              `${runtime} exited before ${what}; lines: ${JSON.stringify(lines)}; stderr: ${stderr.join('\n')}`,
            ),
          )
        }
      }
      listeners.add(listener)
      listener()
    })
  const next = async <L extends Line>(match: (line: Line) => line is L, ms?: number) => {
    await until((all) => all.some(match), 'a line', ms)
    return lines.find(match) as L
  }
  return { lines, stderr, next, until, exit }
}

type Step = Extract<Line, { step: string }>
type Seen = Extract<Line, { topic: string }>
const step =
  (name: Step['step']) =>
  (line: Line): line is Step =>
    'step' in line && line.step === name
const isSeen = (line: Line): line is Seen => 'topic' in line
const connectionsOf = (lines: readonly Line[]) =>
  lines.flatMap((line) => ('connection' in line ? [line.connection] : []))

describe.each(['bun', 'deno'] as const)(
  'the private stream: the unified stream in %s',
  (runtime) => {
    test(`${runtime} runs the built package: live events once each with REST field names, and after a dropped connection the missed ones replayed once each, in order; exits 0`, async () => {
      const sandbox = await startSandbox({ port: 0, rateLimits: false, strict: true })
      sandboxes.add(sandbox)
      // Hedge mode, so that the position side is pushed (as holdSide) and read as posSide.
      sandbox.admin.setPositionMode('hedge', { category: 'USDT-FUTURES' })
      const rest = createUnifiedClient({
        baseUrl: sandbox.url,
        credentials: sandbox.credentials,
        instruments: false,
        positionMode: false,
      })
      const program = run(runtime, sandbox)

      // A: placed by the program, filled here.
      const a = (await program.next(step('placed'))).orders!.a!
      sandbox.admin.fill(a)
      // B and C: resting; the connection dropped (and refused) while B fills and C is cancelled.
      const { b, c } = (await program.next(step('resting'))).orders as { b: string; c: string }
      const before = program.lines.filter(isSeen).length
      sandbox.admin.ws.refuse(true)
      expect(sandbox.admin.ws.drop()).toBe(1)
      await program.until((lines) => connectionsOf(lines).includes('down closed'), 'down closed')
      sandbox.admin.advanceClock(5)
      sandbox.admin.fill(b)
      sandbox.admin.advanceClock(5)
      await rest.orders.cancel({ orderId: c })
      sandbox.admin.advanceClock(5)
      // The program keeps trying by itself (backoff of at most 200 ms): the upgrades are refused.
      await program.until(
        (lines) => connectionsOf(lines).filter((e) => e === 'down closed').length >= 3,
        'three refused reconnects',
      )
      sandbox.admin.ws.refuse(false)
      const { d } = (await program.next(step('done'))).orders as { d: string }
      expect(await program.exit).toBe(0)

      const failures = program.lines.filter((line) => 'failure' in line)
      expect(failures).toEqual([])
      expect(program.stderr).toEqual([])
      const seen = program.lines.filter(isSeen)
      const brief = (s: Seen) => [
        s.topic,
        s.record.orderId,
        s.topic === 'order' ? s.record.orderStatus : s.record.execQty,
      ]
      // Live: A's order, fill and filled order; B and C live. Before the drop, nothing else.
      expect(seen.slice(0, before).map(brief)).toEqual([
        ['order', a, 'live'],
        ['fill', a, '0.01'],
        ['order', a, 'filled'],
        ['order', b, 'live'],
        ['order', c, 'live'],
      ])
      // After the reconnect: B's fill and filled order, C's cancel (replayed), then D live and
      // cancelled (live): each once, in order per topic.
      const after = seen.slice(before)
      expect(after.filter((s) => s.topic === 'order').map(brief)).toEqual([
        ['order', b, 'filled'],
        ['order', c, 'cancelled'],
        ['order', d, 'live'],
        ['order', d, 'cancelled'],
      ])
      expect(after.filter((s) => s.topic === 'fill').map(brief)).toEqual([['fill', b, '0.01']])
      // The listeners, in the order the stream emitted: the replay (fill before its order, as
      // live), then D live.
      const heard = program.lines.flatMap((line) => ('heard' in line ? [line.heard] : []))
      expect(heard).toEqual([
        `order ${a} live update`,
        `fill ${a} 0.01 update`,
        `order ${a} filled update`,
        `order ${b} live update`,
        `order ${c} live update`,
        `fill ${b} 0.01 replay`,
        `order ${b} filled replay`,
        `order ${c} cancelled replay`,
        `order ${d} live update`,
        `order ${d} cancelled update`,
      ])
      // Connected, dropped, refused at least twice more, then one resumed connection.
      const connections = connectionsOf(program.lines)
      const downs = connections.filter((e) => e === 'down closed').length
      expect(downs).toBeGreaterThanOrEqual(3)
      expect(connections).toEqual([
        'open',
        'ready false',
        ...Array<string>(downs).fill('down closed'),
        'open',
        'ready true',
      ])

      // The push read into the REST record: category upper-case, holdSide as posSide, execTime as
      // createdTime.
      const [order, fills] = await Promise.all([
        rest.orders.get({ orderId: a }),
        rest.orders.getFills({ orderId: a }),
      ])
      const [live, fill, filled] = seen.slice(0, 3).map((s) => s.record)
      for (const record of [live, filled]) {
        expect(record).toMatchObject({
          category: 'USDT-FUTURES',
          symbol: 'BTCUSDT',
          qty: '0.01',
          posSide: 'long',
          createdTime: order.createdTime,
        })
        expect(record).not.toHaveProperty('holdSide')
      }
      expect(order.posSide).toBe('long')
      expect(filled).toMatchObject({ cumExecQty: '0.01', updatedTime: order.updatedTime })
      expect(fills.list).toHaveLength(1)
      expect(fill).toMatchObject({
        category: 'USDT-FUTURES',
        execId: fills.list[0]?.execId,
        execPrice: fills.list[0]?.execPrice,
        createdTime: fills.list[0]?.createdTime,
        posSide: 'long',
      })
      expect(fill).not.toHaveProperty('execTime')
      expect(fill).not.toHaveProperty('holdSide')
    })
  },
)

test('the program bundle carries the built package and imports no Node built-in', () => {
  expect(bundle.builtins).toEqual([])
  const code = [...bundle.files.values()].join('\n')
  expect(code).toContain('createUnifiedStream')
  expect(code).not.toMatch(/\bfrom\s*["']node:|\bimport\s*\(\s*["']node:|require\(/)
})
