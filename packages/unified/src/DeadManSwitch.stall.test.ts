/**
 * The dead-man switch when heartbeats stall: one manual time drives the keeper, the signatures
 * and the sandbox (its clock and the `delay` faults it holds calls with), while the HTTP calls
 * run for real on loopback.
 */
import type { RateLimiter } from '@tradeline/core'
import type { ActiveFault, RunningSandbox } from '@tradeline/sandbox'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { getOrderInfo } from './actions/getOrderInfo.js'
import { placeOrder } from './actions/placeOrder.js'
import { DeadManSwitch, HeartbeatTimeoutError } from './DeadManSwitch.js'
import { restingBuy, setup } from './test/sandbox.js'
import { manualTimers } from './test/timers.js'

const countdownPath = '/api/v3/trade/countdown-cancel-all'
const opened: RunningSandbox[] = []
afterEach(async () => {
  for (const sandbox of opened.splice(0)) await sandbox.close()
})

/**
 * A sandbox on manual time whose delay faults wait on that time, a client of a key with the
 * countdown permission (default transport settings: its 10 s timeout never elapses in real
 * time here), and a driver that moves the time while the loopback calls complete.
 */
async function stallable(options: { countdownGap?: boolean } = {}) {
  const manual = manualTimers()
  const own = await setup({
    clock: manual.clock,
    rateLimits: true,
    timers: manual.tagged('server'),
  })
  opened.push(own.sandbox)
  const { accounts } = own.sandbox.admin.state() as unknown as { accounts: { uid: string }[] }
  const key = own.sandbox.admin.addKey({
    uid: accounts[0]!.uid,
    permissions: ['trade_rw', 'countdown'],
  })
  const delays: ActiveFault[] = []
  let inFlight = 0
  // Counts the calls the sandbox will answer without a delay fault; reads the whole body first.
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const held = String(input).endsWith(countdownPath) && delays.some((d) => d.remaining > 0)
    if (!held) inFlight++
    try {
      const response = await globalThis.fetch(input, init)
      const text = await response.text()
      return new Response(text, { status: response.status, headers: response.headers })
    } finally {
      if (!held) inFlight--
    }
  }
  // The endpoint's 1 call per second as a limiter on the manual time (the default limiter waits
  // in real time): a countdown call within a second of the last one waits out the gap.
  let lastCountdown = Number.NEGATIVE_INFINITY
  const countdownGap: RateLimiter = {
    async acquire({ endpoint }) {
      if (endpoint !== 'unified.countdownCancelAll') return () => {}
      const wait = lastCountdown + 1000 - manual.clock.now()
      if (wait > 0) await new Promise<void>((resolve) => manual.timers.setTimeout(resolve, wait))
      lastCountdown = manual.clock.now()
      return () => {}
    },
  }
  const client = own.client({
    credentials: key,
    clock: manual.clock,
    rateLimiter: options.countdownGap ? countdownGap : false,
    fetch,
  })
  /** Waits (in real time) until every call not held by a delay fault is answered and handled. */
  const quiet = async () => {
    await vi.waitFor(() => expect(inFlight).toBe(0), { timeout: 5000, interval: 1 })
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve))
  }
  return {
    manual,
    sandbox: own.sandbox,
    client,
    /** Holds the next `times` countdown calls for `ms` of manual time each. */
    delay(ms: number, times = 1) {
      delays.push(
        own.sandbox.admin.injectFault({ path: countdownPath, kind: 'delay', delayMs: ms, times }),
      )
    },
    /** Moves the manual time by `ms` in steps, letting the calls of each step complete. */
    async run(ms: number, step = 250) {
      for (let t = 0; t < ms; t += step) {
        manual.advance(Math.min(step, ms - t))
        await quiet()
      }
    },
    quiet,
    /** Moves the manual time a step at a time until `promise` settles. */
    async until(promise: Promise<unknown>, step = 1_000) {
      let done = false
      const settled = promise.finally(() => {
        done = true
      })
      while (!done) await this.run(step)
      return settled
    },
    countdowns: () => (own.sandbox.admin.state() as unknown as { countdowns: object }).countdowns,
  }
}

/** Records every event of a keeper as `type +seconds` from `t0` (a heartbeat at its send). */
function record(keeper: DeadManSwitch, t0: number) {
  const events: string[] = []
  const at = (ms: number) => `+${(ms - t0) / 1000}`
  keeper.on('heartbeat', (event) => events.push(`heartbeat sent ${at(event.sentAt)}`))
  for (const type of ['missed', 'lapsed', 'stopped'] as const)
    keeper.on(type, (event) => events.push(`${type} ${at(event.at)}`))
  return events
}

describe('DeadManSwitch with a stalled heartbeat', () => {
  test('a 12 s stalled heartbeat with the default settings cancels no order; after stop() resolves the switch is off although a heartbeat is still held', async () => {
    const s = await stallable()
    const placed = [await placeOrder(s.client, restingBuy), await placeOrder(s.client, restingBuy)]
    const keeper = new DeadManSwitch(s.client, {
      clock: s.manual.clock,
      timers: s.manual.timers,
    })
    expect([keeper.window, keeper.interval, keeper.heartbeatTimeout]).toEqual([10, 4, 3])
    const t0 = s.manual.clock.now()
    const events = record(keeper, t0)
    const missed: unknown[] = []
    keeper.on('missed', (event) => missed.push(event.error))
    await keeper.start()
    // The heartbeat of +4 s is held 12 s by the exchange: given up at +7, the next goes out.
    s.delay(12_000)
    await s.run(40_000)
    expect(keeper.state).toBe('armed')
    expect(events.slice(0, 5)).toEqual([
      'heartbeat sent +0',
      'missed +7',
      'heartbeat sent +7',
      'heartbeat sent +11',
      'heartbeat sent +15',
    ])
    expect(HeartbeatTimeoutError.isInstance(missed[0])).toBe(true)
    for (const { orderId } of placed)
      expect((await getOrderInfo(s.client, { orderId })).orderStatus).toBe('live')

    // Another heartbeat is held; stop() is called while it is on its way.
    s.delay(12_000)
    await s.run(4_000)
    await s.until(keeper.stop())
    expect(s.countdowns()).toEqual({})
    // The held heartbeat reached the exchange after the first disarm: it was disarmed again.
    await s.run(120_000, 1_000)
    expect(s.countdowns()).toEqual({})
    for (const { orderId } of placed)
      expect((await getOrderInfo(s.client, { orderId })).orderStatus).toBe('live')
  })

  test('window 5 and a heartbeat held 4 s, then stop(): the late heartbeat does not arm the switch again after stop() resolves', async () => {
    const s = await stallable()
    const { orderId } = await placeOrder(s.client, restingBuy)
    const keeper = new DeadManSwitch(s.client, {
      window: 5,
      interval: 2,
      clock: s.manual.clock,
      timers: s.manual.timers,
    })
    await keeper.start()
    s.delay(4_000)
    await s.run(2_000)
    const start = s.manual.clock.now()
    await s.until(keeper.stop(), 500)
    // stop() waited until the held heartbeat could no longer be applied (its timestamp expired).
    expect(s.manual.clock.now() - start).toBeGreaterThanOrEqual(28_000)
    expect(s.countdowns()).toEqual({})
    await s.run(60_000, 1_000)
    expect((await getOrderInfo(s.client, { orderId })).orderStatus).toBe('live')
  })

  test('after a lapse, a heartbeat still on its way does not arm the switch again: the keeper disarms once the window has passed, and stop() after the lapse disarms', async () => {
    const s = await stallable()
    const keeper = new DeadManSwitch(s.client, {
      window: 10,
      interval: 4,
      clock: s.manual.clock,
      timers: s.manual.timers,
    })
    const t0 = s.manual.clock.now()
    const events = record(keeper, t0)
    await keeper.start()
    // Every heartbeat from now on is held 6 s: each is given up, then lands late.
    s.delay(6_000, 100)
    await s.run(11_000)
    expect(keeper.state).toBe('lapsed')
    expect(events).toContain('lapsed +10')
    // An order placed after the lapse (the user starts again) must not be cancelled by a late
    // heartbeat's window.
    await s.run(2_000)
    const { orderId } = await placeOrder(s.client, restingBuy)
    await s.run(60_000, 1_000)
    expect((await getOrderInfo(s.client, { orderId })).orderStatus).toBe('live')
    expect(s.countdowns()).toEqual({})
    await s.until(keeper.stop())
    expect(s.countdowns()).toEqual({})
  })

  test('expiresAt and the lapse count from the send, not from the answer', async () => {
    const s = await stallable()
    const keeper = new DeadManSwitch(s.client, {
      window: 10,
      interval: 4,
      clock: s.manual.clock,
      timers: s.manual.timers,
    })
    const t0 = s.manual.clock.now()
    const beats: { at: number; sentAt: number; expiresAt: number }[] = []
    keeper.on('heartbeat', (event) => beats.push(event))
    let lapsedAt: number | undefined
    keeper.on('lapsed', (event) => {
      lapsedAt = event.at
    })
    await keeper.start()
    // The heartbeat of +4 s is answered 2 s late; then every heartbeat is refused.
    s.delay(2_000)
    await s.run(6_000)
    s.sandbox.admin.injectFault({ path: countdownPath, kind: 'code-before', times: 100 })
    await s.run(10_000)
    expect(beats[1]).toEqual({ at: t0 + 6_000, sentAt: t0 + 4_000, expiresAt: t0 + 14_000 })
    expect(lapsedAt).toBe(t0 + 14_000)
  })

  test('heartbeat timeout from the send: countdown.keep() started within the 1 s gap after another countdown call, answered in 2 s, arms the switch (the rate-limit wait does not count toward the 3 s heartbeat timeout)', async () => {
    const s = await stallable({ countdownGap: true })
    await s.client.countdown.set({ countdown: '0' })
    const t0 = s.manual.clock.now()
    const held = s.manual.pending('server')
    s.delay(2_000)
    const keeping = s.client.countdown
      .keep({ clock: s.manual.clock, timers: s.manual.timers })
      .then(
        (keeper) => ({ keeper }),
        (error: unknown) => ({ error }),
      )
    // The arming waits out the endpoint's gap and is sent at +1 s; the exchange holds it 2 s.
    s.manual.advance(1_000)
    await vi.waitFor(() => expect(s.manual.pending('server')).toBe(held + 1), { interval: 1 })
    s.manual.advance(2_000)
    const outcome = await keeping
    expect(outcome).not.toHaveProperty('error')
    const { keeper } = outcome as { keeper: DeadManSwitch }
    expect(keeper.state).toBe('armed')
    expect(s.manual.clock.now() - t0).toBe(3_000)
    expect(Object.keys(s.countdowns())).toHaveLength(1)
    await keeper.stop({ disarm: false })
  })
})
