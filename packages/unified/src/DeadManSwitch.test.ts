import { BaseError } from '@tradeline/core'
import { createRateLimiter } from '@tradeline/rate-limit'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { getOpenOrders } from './actions/getOpenOrders.js'
import { getOrderInfo } from './actions/getOrderInfo.js'
import { placeOrder } from './actions/placeOrder.js'
import { createUnifiedClient } from './createUnifiedClient.js'
import { DeadManSwitch, type DeadManSwitchEvents } from './DeadManSwitch.js'
import { restingBuy, setup } from './test/sandbox.js'
import { manualTimers } from './test/timers.js'

let sandbox: RunningSandbox
let client: (
  extra?: createUnifiedClient.Parameters,
) => ReturnType<typeof createUnifiedClient> & { sent: string[] }
const countdownPath = '/api/v3/trade/countdown-cancel-all'

beforeAll(async () => {
  const made = await setup({ rateLimits: true })
  sandbox = made.sandbox
  const { accounts } = sandbox.admin.state() as unknown as { accounts: { uid: string }[] }
  const key = sandbox.admin.addKey({
    uid: accounts[0]!.uid,
    permissions: ['trade_rw', 'countdown'],
  })
  client = (extra = {}) => made.client({ credentials: key, timeout: false, ...extra })
})
afterAll(async () => {
  await sandbox.close()
})
afterEach(() => {
  vi.useRealTimers()
  // Each test starts with fresh budgets: the fake clock of a test may have run ahead.
  sandbox.admin.resetRateLimits()
})

function next<type extends keyof DeadManSwitchEvents>(
  keeper: DeadManSwitch,
  ...types: type[]
): Promise<DeadManSwitchEvents[type] & { type: type }> {
  return new Promise((resolve) => {
    const offs = types.map((type) =>
      keeper.on(type, (event) => {
        for (const off of offs) off()
        resolve({ ...event, type })
      }),
    )
  })
}

/**
 * A sandbox of its own (with rate limits) on the manual time, and clients of a key with the
 * countdown permission that sign with that time.
 */
async function onManualTime(manual: ReturnType<typeof manualTimers>) {
  const own = await setup({ clock: manual.clock, rateLimits: true })
  const { accounts } = own.sandbox.admin.state() as unknown as { accounts: { uid: string }[] }
  const key = own.sandbox.admin.addKey({
    uid: accounts[0]!.uid,
    permissions: ['trade_rw', 'countdown'],
  })
  return {
    sandbox: own.sandbox,
    client: (extra: createUnifiedClient.Parameters = {}) =>
      own.client({ credentials: key, clock: manual.clock, timeout: false, ...extra }),
  }
}

/**
 * Moves the fake clock in steps of a second; after a step that sent a countdown call, waits
 * (in real time) for its outcome, so the exchange and the keeper see the same instants.
 */
async function tick(c: { sent: string[] }, keeper: DeadManSwitch, ms: number): Promise<void> {
  const calls = () => c.sent.filter((s) => s === 'unified.countdownCancelAll').length
  for (let t = 0; t < ms && keeper.state === 'armed'; t += 1000) {
    const before = calls()
    const outcome = next(keeper, 'heartbeat', 'missed', 'lapsed')
    await vi.advanceTimersByTimeAsync(1000)
    if (calls() > before) await outcome
  }
}

describe('DeadManSwitch', () => {
  test('armed | no heartbeat | window elapsed | off | all orders of the unified account are cancelled — with a fake clock: heartbeats keep it armed; when they stop, every order is cancelled after the window', async () => {
    const c = client({ rateLimiter: createRateLimiter({ clock: { now: () => Date.now() } }) })
    const placed = [await placeOrder(c, restingBuy), await placeOrder(c, restingBuy)]
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const keeper = new DeadManSwitch(c, { window: 10, interval: 4 })
    const beats: number[] = []
    keeper.on('heartbeat', (event) => beats.push(event.at))
    await keeper.start()
    expect(keeper.state).toBe('armed')

    // 40 seconds of heartbeats: the switch stays armed and the orders stay open.
    await tick(c, keeper, 40_000)
    expect(beats).toHaveLength(11)
    expect(beats.slice(1).map((at, i) => at - beats[i]!)).toEqual(Array(10).fill(4000))
    expect((await getOpenOrders(c, { category: 'SPOT' })).list.length).toBeGreaterThanOrEqual(2)

    // The heartbeats stop reaching the exchange: each is reported missed, then the lapse.
    sandbox.admin.injectFault({ path: countdownPath, kind: 'code-before', times: 100 })
    const missed: unknown[] = []
    keeper.on('missed', (event) => missed.push(event.error))
    const lapsed = next(keeper, 'lapsed')
    await tick(c, keeper, 15_000)
    sandbox.admin.clearFaults(countdownPath)
    expect(missed.length).toBeGreaterThanOrEqual(5)
    expect((await lapsed).at - beats.at(-1)!).toBe(10_000)
    expect(keeper.state).toBe('lapsed')

    // The exchange's window has elapsed too: every order is cancelled by the countdown.
    expect((await getOpenOrders(c, { category: 'SPOT' })).list).toEqual([])
    for (const { orderId } of placed)
      expect(await getOrderInfo(c, { orderId })).toMatchObject({
        orderStatus: 'cancelled',
        cancelReason: 'countdown',
      })
  })

  test('armed | no heartbeat | window elapsed | off | all orders of the unified account are cancelled — driven through injected `timers` and `clock` (no fake globals, no real waiting): the lapse and its `lapsed` event', async () => {
    // One manual time for everything: the keeper's timers and clock, the signatures, the limiter
    // and the exchange.
    const manual = manualTimers()
    const own = await onManualTime(manual)
    try {
      const c = own.client({ rateLimiter: createRateLimiter({ clock: manual.clock }) })
      const placed = [await placeOrder(c, restingBuy), await placeOrder(c, restingBuy)]
      const keeper = new DeadManSwitch(c, {
        window: 10,
        interval: 4,
        clock: manual.clock,
        timers: manual.timers,
      })
      const events: { type: string; at: number }[] = []
      for (const type of ['heartbeat', 'missed', 'lapsed', 'stopped'] as const)
        keeper.on(type, (event) => events.push({ type, at: event.at }))
      const lapsed = next(keeper, 'lapsed')
      // A second at a time; when a timer ran (a heartbeat or the lapse), waits for its outcome
      // and lets the keeper schedule the next one.
      const drive = async (ms: number) => {
        for (let t = 0; t < ms && keeper.state === 'armed'; t += 1000) {
          const outcome = next(keeper, 'heartbeat', 'missed', 'lapsed')
          if (manual.advance(1000) > 0) await outcome
          await new Promise((resolve) => setImmediate(resolve))
        }
      }
      const t0 = manual.clock.now()
      await keeper.start()
      await drive(12_000)
      own.sandbox.admin.injectFault({ path: countdownPath, kind: 'code-before', times: 100 })
      await drive(15_000)

      expect(keeper.state).toBe('lapsed')
      expect(await lapsed).toEqual({
        type: 'lapsed',
        at: t0 + 22_000,
        lastHeartbeatAt: t0 + 12_000,
      })
      expect(events.map(({ type, at }) => `${type} +${(at - t0) / 1000}`)).toEqual([
        'heartbeat +0',
        'heartbeat +4',
        'heartbeat +8',
        'heartbeat +12',
        'missed +16',
        'missed +17',
        'missed +18',
        'missed +19',
        'missed +20',
        'missed +21',
        'lapsed +22',
        'stopped +22',
      ])
      expect(manual.pending()).toBe(0)
      // The exchange's window elapsed on the same clock: every order is cancelled.
      own.sandbox.admin.clearFaults(countdownPath)
      for (const { orderId } of placed)
        expect(await getOrderInfo(c, { orderId })).toMatchObject({
          orderStatus: 'cancelled',
          cancelReason: 'countdown',
        })
    } finally {
      await own.sandbox.close()
    }
  })

  test('the fault campaign: a process frozen past the window (its heartbeat and lapse timers both overdue) reports lapsed and sends no heartbeat, so it does not arm the switch again after the exchange cancelled every order', async () => {
    const manual = manualTimers()
    const own = await setup({ clock: manual.clock, rateLimits: false, recordRequests: true })
    try {
      const { accounts } = own.sandbox.admin.state() as unknown as { accounts: { uid: string }[] }
      const key = own.sandbox.admin.addKey({
        uid: accounts[0]!.uid,
        permissions: ['trade_rw', 'countdown'],
      })
      // No limiter: its real-time pacing would hold the late heartbeat back.
      const c = own.client({
        credentials: key,
        clock: manual.clock,
        timeout: false,
        rateLimiter: false,
      })
      const { orderId } = await placeOrder(c, restingBuy)
      const keeper = new DeadManSwitch(c, {
        window: 10,
        interval: 4,
        clock: manual.clock,
        timers: manual.timers,
      })
      const events: string[] = []
      for (const type of ['heartbeat', 'missed', 'lapsed', 'stopped'] as const)
        keeper.on(type, (event) => events.push(`${type} +${(event.at - t0) / 1000}`))
      const t0 = manual.clock.now()
      await keeper.start()
      // Frozen 15 s: the exchange's 10 s window elapses; the keeper's timers run late, the
      // heartbeat's first, each given real time to reach the exchange before the next.
      manual.jump(15_000)
      const sent = own.sandbox.requests.length
      while (manual.step()) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(events).toEqual(['heartbeat +0', 'lapsed +15', 'stopped +15'])
      expect(keeper.state).toBe('lapsed')
      // Nothing was sent after the thaw: the switch stayed off, the order cancelled.
      expect(own.sandbox.requests.slice(sent)).toEqual([])
      expect((own.sandbox.admin.state() as unknown as { countdowns: object }).countdowns).toEqual(
        {},
      )
      expect(await getOrderInfo(c, { orderId })).toMatchObject({ orderStatus: 'cancelled' })
    } finally {
      await own.sandbox.close()
    }
  })

  test('the fault campaign: a heartbeat answered only after its window ended (the process froze while it was on its way) lapses the keeper instead of reporting a stale heartbeat', async () => {
    const manual = manualTimers()
    const own = await setup({ clock: manual.clock, rateLimits: false })
    try {
      const { accounts } = own.sandbox.admin.state() as unknown as { accounts: { uid: string }[] }
      const key = own.sandbox.admin.addKey({
        uid: accounts[0]!.uid,
        permissions: ['trade_rw', 'countdown'],
      })
      const c = own.client({
        credentials: key,
        clock: manual.clock,
        timeout: false,
        rateLimiter: false,
      })
      const keeper = new DeadManSwitch(c, {
        window: 10,
        interval: 4,
        heartbeatTimeout: 5,
        clock: manual.clock,
        timers: manual.timers,
      })
      const events: string[] = []
      for (const type of ['heartbeat', 'missed', 'lapsed', 'stopped'] as const)
        keeper.on(type, (event) => events.push(`${type} +${(event.at - t0) / 1000}`))
      const t0 = manual.clock.now()
      await keeper.start()
      // The heartbeat of +4 goes out; the process freezes 15 s before its answer is read.
      const stopped = next(keeper, 'stopped', 'heartbeat')
      manual.advance(4000)
      manual.jump(15_000)
      await stopped
      expect(events).toEqual(['heartbeat +0', 'lapsed +19', 'stopped +19'])
      expect(keeper.state).toBe('lapsed')
    } finally {
      await own.sandbox.close()
    }
  })

  test('stop() waits out the 1-per-second gap before disarming on the injected timers', async () => {
    const manual = manualTimers()
    const own = await onManualTime(manual)
    try {
      const c = own.client({ rateLimiter: false })
      const keeper = new DeadManSwitch(c, { window: 5, clock: manual.clock, timers: manual.timers })
      await keeper.start()
      const stopping = keeper.stop()
      await vi.waitFor(() => expect(manual.pending()).toBe(1))
      expect(c.sent.filter((s) => s === 'unified.countdownCancelAll')).toHaveLength(1)
      manual.advance(1000)
      await stopping
      // Sent a second after the arming, the disarm passes the exchange's 1-per-second limit.
      expect(c.sent.filter((s) => s === 'unified.countdownCancelAll')).toHaveLength(2)
      expect(keeper.state).toBe('stopped')
    } finally {
      await own.sandbox.close()
    }
  })

  test('countdown-cancel-all with countdown=0 | any time | off | switch closed manually — stop() disarms, and orders survive the window', async () => {
    const c = client({ rateLimiter: createRateLimiter({ clock: { now: () => Date.now() } }) })
    const { orderId } = await placeOrder(c, restingBuy)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const keeper = new DeadManSwitch(c, { window: 5, interval: 2 })
    const stopped = next(keeper, 'stopped')
    await keeper.start()
    const stopping = keeper.stop()
    // The disarm waits out the 1-per-second limit of the endpoint.
    await vi.advanceTimersByTimeAsync(1000)
    await stopping
    expect(await stopped).toMatchObject({ reason: 'stop' })
    expect(c.sent.filter((s) => s === 'unified.countdownCancelAll')).toHaveLength(2)
    sandbox.admin.advanceClock(60_000)
    expect((await getOrderInfo(c, { orderId })).orderStatus).toBe('live')
  })

  test('an abort signal stops the heartbeats without disarming', async () => {
    const c = client({ rateLimiter: false })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const controller = new AbortController()
    const keeper = new DeadManSwitch(c, { window: 10, signal: controller.signal })
    await keeper.start()
    const sent = c.sent.length
    const stopped = next(keeper, 'stopped')
    controller.abort()
    expect(await stopped).toMatchObject({ reason: 'abort' })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(c.sent.length).toBe(sent)
    expect(keeper.state).toBe('stopped')
  })

  test.each([
    ['the global timers', undefined],
    ['injected Node timers', { setTimeout, clearTimeout }],
  ] as const)('its timers never keep the process alive (%s)', async (_, timers) => {
    const c = client({ rateLimiter: false })
    const keeper = new DeadManSwitch(c, { window: 10, interval: 4, timers })
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
    await keeper.start()
    const after = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
    await keeper.stop({ disarm: false })
    // Other timers of the process may end meanwhile; the keeper must add none that holds it.
    expect(after).toBeLessThanOrEqual(before)
  })

  test('countdown ... seconds; integer in [5,60] — a window outside it, or an interval not inside it, is refused', () => {
    const c = client({ rateLimiter: false })
    expect(() => new DeadManSwitch(c, { window: 4 })).toThrow(BaseError)
    expect(() => new DeadManSwitch(c, { window: 61 })).toThrow(/5 to 60/)
    expect(() => new DeadManSwitch(c, { window: 10, interval: 10 })).toThrow(
      /shorter than the window/,
    )
    expect(() => new DeadManSwitch(c, { window: 10, interval: 0.5 })).toThrow(/at least 1 second/)
  })

  test('client.countdown.keep() starts a keeper that is armed once it resolves', async () => {
    const keeper = await client().countdown.keep({ window: 5, interval: 2 })
    expect(keeper.state).toBe('armed')
    await keeper.stop({ disarm: false })
    expect(keeper.state).toBe('stopped')
  })

  test('arming without the countdown permission rejects start() (40014) and stops', async () => {
    const c = createUnifiedClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })
    const keeper = new DeadManSwitch(c)
    await expect(keeper.start()).rejects.toMatchObject({ code: '40014' })
    expect(keeper.state).toBe('stopped')
  })
})
