/**
 * The dead-man switch in real time (the fault campaign), a keeper in a child process against the sandbox
 * in this one: under a loaded event loop (synchronous work blocking the keeper's loop for close
 * to the heartbeat interval, again and again) it keeps the switch armed and the orders alive;
 * frozen (SIGSTOP) for longer than the window, the exchange cancels every order, and once thawed
 * the keeper reports `lapsed`, does not arm the switch again and lets the process exit cleanly.
 * Windows of 5 seconds. Every test runs on an account of its own, kills its child in `finally`,
 * and has a time limit derived from the longest its assertions may legitimately take on a busy
 * machine (see {@link limits}), not from how long it takes on a quiet one.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { placeOrder } from './actions/placeOrder.js'
import { restingBuy, setup } from './test/sandbox.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const built = fileURLToPath(new URL('../dist/index.js', import.meta.url))
let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']

/**
 * The time the tests may take, in ms. The sandbox applies a request signed up to
 * `toleranceS` ago (its timestamp window), and the keeper is told so: after a heartbeat given up,
 * `stop()` keeps disarming for that long (as designed). A loaded machine may take
 * `startMs` to start a Node process and import the client.
 */
const limits = (() => {
  const toleranceS = 10
  const heartbeatTimeoutS = 3
  const startMs = 20_000
  /**
   * The loaded keeper's window, and how long its loop is loaded: longer than the window, so a
   * keeper that let the switch lapse would show it. The window leaves a busy machine room for
   * a heartbeat's answer to wait out a few of the keeper's blocks (each answer is read only
   * between two of them); 5 s windows lapsed under `stress-ng --cpu 6` on 2 cores.
   */
  const loadedWindowS = 15
  const loadedWorkMs = 20_000
  /** A child that outlives its test's time is killed; its exit is then waited for this long. */
  const exitMs = 30_000
  return {
    toleranceS,
    heartbeatTimeoutS,
    loadedWindowS,
    loadedWorkMs,
    exitMs,
    /** Start, the loaded loop, then a stop() that may wait out a given-up heartbeat. */
    loaded: startMs + loadedWorkMs + (toleranceS + heartbeatTimeoutS) * 1000 + exitMs,
    /** How long the exchange may take to lapse a frozen keeper: its window, plus a busy timer. */
    lapseMs: 5000 + 10_000,
  }
})()

/** Every keeper started, killed after each test whatever happened (a timeout included). */
const children = new Set<ReturnType<typeof spawn>>()
afterEach(() => {
  for (const child of children) {
    child.kill('SIGCONT')
    child.kill('SIGKILL')
  }
  children.clear()
})

/** The child's exit code, or `'still running'` once `ms` passed (the child is then killed). */
async function exitWithin(exited: Promise<number | null>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), ms)
  })
  try {
    return await Promise.race([exited, late])
  } finally {
    clearTimeout(timer)
  }
}

beforeAll(async () => {
  // The child runs the build; build it once when it is missing.
  if (!existsSync(built)) {
    const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url))
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root })
  }
  ;({ sandbox, client } = await setup({ timestampWindowMs: limits.toleranceS * 1000 }))
}, 120_000)

let accounts = 0
/** A new account with funds and a key that may use the countdown, and a client of it. */
function freshAccount() {
  const uid = `dms-${++accounts}`
  const key = sandbox.admin.addKey({ uid, permissions: ['trade_rw', 'countdown'] })
  sandbox.admin.setBalance('USDT', '100000', uid)
  const credentials = { apiKey: key.apiKey, secret: key.secret, passphrase: key.passphrase }
  return { uid, credentials, client: client({ credentials }) }
}
afterAll(() => sandbox.close())

type Event = {
  type: string
  at?: number
  sentAt?: number
  reason?: string
  error?: string
  state?: string
}

/**
 * Starts a keeper (window 5 s unless given, heartbeat every 2 s) in a child process; each event arrives as one
 * JSON line. `body` runs once the switch is armed, with `keeper`, `say` and `work` (an interval
 * that keeps the process alive until cleared).
 */
function keeperProcess(
  credentials: { apiKey: string; secret: string; passphrase: string },
  body: string,
  window = 5,
) {
  const script = `
    import { createUnifiedClient } from ${JSON.stringify(pathToFileURL(built).href)}
    const client = createUnifiedClient({
      baseUrl: process.env.URL, credentials: JSON.parse(process.env.KEY), rateLimiter: false,
    })
    const say = (event) => process.stdout.write(JSON.stringify(event) + '\\n')
    const work = setInterval(() => {}, 1000)
    const keeper = await client.countdown.keep({ window: ${window}, interval: 2, heartbeatTimeout: ${limits.heartbeatTimeoutS}, timestampTolerance: ${limits.toleranceS} })
    for (const type of ['heartbeat', 'missed', 'lapsed', 'stopped'])
      keeper.on(type, (event) => say({ type, at: event.at, sentAt: event.sentAt, reason: event.reason, error: event.error?.name }))
    say({ type: 'armed', at: Date.now() })
    ${body}
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, URL: sandbox.url, KEY: JSON.stringify(credentials) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  const events: Event[] = []
  let pending = ''
  let errors = ''
  const waiters: { when: (e: Event) => boolean; resolve: () => void }[] = []
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString()
    for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
      const event = JSON.parse(pending.slice(0, i)) as Event
      pending = pending.slice(i + 1)
      events.push(event)
      for (const w of waiters.filter((w) => w.when(event))) w.resolve()
    }
  })
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    child,
    events,
    stderr: () => errors,
    exited,
    /** Resolves at the first event (seen or to come) that matches. */
    until: (when: (e: Event) => boolean) =>
      events.some(when)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ when, resolve })),
  }
}

/** The armed countdowns of an account. */
const countdowns = (uid: string) =>
  Object.keys((sandbox.admin.state() as unknown as { countdowns: object }).countdowns).filter(
    (key) => key === uid,
  )
const statusOf = (orderId: string) =>
  (
    sandbox.admin.state() as unknown as { orders: { orderId: string; status: string }[] }
  ).orders.find((o) => o.orderId === orderId)?.status
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('DeadManSwitch in real time, in a child process', () => {
  test(
    'a loaded event loop (1.7 s of synchronous work every 1.75 s for 20 s, heartbeat every 2 s, window 15 s): no lapse, the order stays open, stop() disarms and the process exits 0',
    async () => {
      const account = freshAccount()
      const { orderId } = await placeOrder(account.client, restingBuy)
      const keeper = keeperProcess(
        account.credentials,
        `
      const until = Date.now() + ${limits.loadedWorkMs}
      while (Date.now() < until) {
        const end = Date.now() + 1700
        while (Date.now() < end) {}
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      clearInterval(work)
      await keeper.stop()
      say({ type: 'done', state: keeper.state })
    `,
        limits.loadedWindowS,
      )
      try {
        const code = await exitWithin(
          keeper.exited,
          limits.loaded - limits.exitMs / 2 - (limits.toleranceS + limits.heartbeatTimeoutS) * 1000,
        )
        const types = keeper.events.map((e) => e.type)
        expect({ code, stderr: keeper.stderr() }).toEqual({ code: 0, stderr: '' })
        expect(types).not.toContain('lapsed')
        // Heartbeats kept going (the first, of start(), came before the listeners).
        expect(types.filter((t) => t === 'heartbeat').length).toBeGreaterThanOrEqual(2)
        expect(keeper.events.at(-1)).toEqual({ type: 'done', state: 'stopped' })
        // The exchange never lapsed: the order is still open, and stop() left the switch off.
        expect(statusOf(orderId)).toBe('live')
        expect(countdowns(account.uid)).toEqual([])
        await account.client.orders.cancel({ category: restingBuy.category, orderId })
      } finally {
        keeper.child.kill('SIGKILL')
      }
    },
    limits.loaded,
  )

  test(
    'a process frozen (SIGSTOP) 7 s, past the 5 s window: the exchange cancels every order; thawed, the keeper reports lapsed, sends no heartbeat, leaves the switch off and exits 0',
    async () => {
      const account = freshAccount()
      const { orderId } = await placeOrder(account.client, restingBuy)
      const keeper = keeperProcess(
        account.credentials,
        `
      keeper.on('stopped', async ({ reason }) => {
        if (reason !== 'lapsed') return
        clearInterval(work)
        // Documented: stop() after a lapse resolves once the switch is surely off.
        await keeper.stop()
        say({ type: 'done', state: keeper.state })
      })
    `,
      )
      try {
        await keeper.until((e) => e.type === 'heartbeat')
        expect(statusOf(orderId)).toBe('live')
        keeper.child.kill('SIGSTOP')
        const frozenAt = Date.now()
        // Frozen past the window (at least 7 s), until the exchange's lapse (bounded by lapseMs).
        while (Date.now() - frozenAt < 7000 || statusOf(orderId) !== 'cancelled') {
          if (Date.now() - frozenAt > limits.lapseMs) break
          await sleep(100)
        }
        // The exchange's window elapsed while the keeper could do nothing.
        expect(statusOf(orderId)).toBe('cancelled')
        expect(countdowns(account.uid)).toEqual([])
        keeper.child.kill('SIGCONT')
        const code = await exitWithin(keeper.exited, limits.exitMs)
        expect({ code, stderr: keeper.stderr() }).toEqual({ code: 0, stderr: '' })
        const types = keeper.events.map((e) => e.type)
        expect(types.filter((t) => t === 'lapsed')).toHaveLength(1)
        expect(keeper.events.find((e) => e.type === 'stopped')).toMatchObject({ reason: 'lapsed' })
        // Nothing sent after the freeze armed the switch again: no heartbeat sent then was
        // applied, and the switch is off. (One sent just before the freeze may be answered after
        // it: the keeper then lapses.)
        const late = keeper.events.filter((e) => e.type === 'heartbeat' && e.sentAt! >= frozenAt)
        expect(late).toEqual([])
        expect(keeper.events.at(-1)).toEqual({ type: 'done', state: 'lapsed' })
        expect(countdowns(account.uid)).toEqual([])
        expect(statusOf(orderId)).toBe('cancelled')
      } finally {
        keeper.child.kill('SIGCONT')
        keeper.child.kill('SIGKILL')
      }
    },
    20_000 + limits.lapseMs + limits.exitMs + 10_000,
  )
})
