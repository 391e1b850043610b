/**
 * `stop()` in a real Node process, as the README uses it: with a top-level await, and in a
 * shutdown handler once nothing else keeps the process alive. The sandbox runs in this process;
 * the script runs the built package in a child process.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setup } from './test/sandbox.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const built = fileURLToPath(new URL('../dist/index.js', import.meta.url))
let sandbox: RunningSandbox
let credentials: { apiKey: string; secret: string; passphrase: string }

beforeAll(async () => {
  // The script runs the build; build it once when it is missing.
  if (!existsSync(built)) {
    const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url))
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root })
  }
  sandbox = (await setup({ rateLimits: true })).sandbox
  const { accounts } = sandbox.admin.state() as unknown as { accounts: { uid: string }[] }
  credentials = sandbox.admin.addKey({
    uid: accounts[0]!.uid,
    permissions: ['trade_rw', 'countdown'],
  })
}, 120_000)
afterAll(async () => {
  await sandbox.close()
})
beforeEach(() => {
  // Each script arms the switch afresh: the previous one's calls count in the same second.
  sandbox.admin.resetRateLimits()
})

/** The children still running: a test that fails or times out does not leave one behind. */
const running = new Set<ChildProcess>()
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
})

/** Runs `body` as an ES module with `client` made; resolves with its exit code and output. */
function run(body: string, onOutput?: (text: string, child: ReturnType<typeof spawn>) => void) {
  const script = `
    import { createUnifiedClient } from ${JSON.stringify(pathToFileURL(built).href)}
    const client = createUnifiedClient({ baseUrl: process.env.URL, credentials: JSON.parse(process.env.KEY) })
    ${body}
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, URL: sandbox.url, KEY: JSON.stringify(credentials) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    onOutput?.(out, child)
  })
  child.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  )
}

const countdowns = () => (sandbox.admin.state() as unknown as { countdowns: object }).countdowns

describe('DeadManSwitch.stop() in a process', () => {
  test('the README example (top-level await of stop()) exits 0 with the switch off, not 13 with it armed', async () => {
    const { code, out } = await run(`
      const keeper = await client.countdown.keep({ window: 10, interval: 4 })
      keeper.on('lapsed', () => console.error('every order was cancelled'))
      await keeper.stop()
      console.log('stopped', keeper.state)
    `)
    expect({ code, out }).toEqual({ code: 0, out: 'stopped stopped\n' })
    expect(countdowns()).toEqual({})
  }, 30_000)

  test('stop() in a SIGTERM handler resolves when nothing else keeps the process alive', async () => {
    const { code, out } = await run(
      `
      const keeper = await client.countdown.keep({ window: 10, interval: 4 })
      const work = setInterval(() => {}, 1000)
      process.once('SIGTERM', async () => {
        clearInterval(work)
        await keeper.stop()
        console.log('stopped', keeper.state)
      })
      console.log('armed')
    `,
      (text, child) => {
        if (text === 'armed\n') child.kill('SIGTERM')
      },
    )
    expect({ code, out }).toEqual({ code: 0, out: 'armed\nstopped stopped\n' })
    expect(countdowns()).toEqual({})
  }, 30_000)
})
