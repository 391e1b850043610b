/**
 * A keeper of the countdown (dead-man) switch: it arms the switch, sends a heartbeat inside the
 * window, reports a missed heartbeat and a lapse, and disarms on `stop()`. Its timers never keep
 * the process alive.
 */
import {
  BaseError,
  NetworkError,
  RateLimitedError,
  sendRequest,
  UnknownOutcomeError,
  validateRequest,
} from '@tradeline/core'
import { combineSignals } from '@tradeline/core/internal'
import { Options } from '@tradeline/rules/shared'
import { Unified } from '@tradeline/rules/unified'
import { setCountdown } from './actions/setCountdown.js'
import type { ClientBase } from './internal/call.js'
import { countdownResponse } from './schemas/ack.js'

/** The events of a {@link DeadManSwitch} and what each carries. */
export type DeadManSwitchEvents = {
  /**
   * A heartbeat was applied: the switch is armed until `expiresAt` at the latest, counted from
   * `sentAt` (the exchange starts its window when the call arrives, which is never before it was
   * sent, so the keeper's deadline is never later than the exchange's).
   */
  heartbeat: { readonly at: number; readonly sentAt: number; readonly expiresAt: number }
  /**
   * A heartbeat failed or was given up (no answer within `heartbeatTimeout`); the next one goes
   * out at once (after the endpoint's 1-second gap) while the window lasts.
   */
  missed: { readonly at: number; readonly sentAt: number; readonly error: unknown }
  /**
   * The window of the last applied heartbeat (counted from its send) elapsed without another:
   * treat every order of the unified account as cancelled. The keeper stops its heartbeats and,
   * once the exchange's window has surely passed, disarms the switch so that a heartbeat still
   * on its way cannot arm it again.
   */
  lapsed: { readonly at: number; readonly lastHeartbeatAt: number | undefined }
  /** The keeper stopped. */
  stopped: { readonly at: number; readonly reason: 'stop' | 'abort' | 'lapsed' }
}

/**
 * The timer functions a {@link DeadManSwitch} schedules its heartbeats, its lapse and the wait
 * before disarming with. They are called as plain functions (not as methods), so
 * `{ setTimeout, clearTimeout }` of any global scope or of a fake-timer library can be passed.
 *
 * @example
 * import type { DeadManSwitchTimers } from '@tradeline/unified'
 * const timers: DeadManSwitchTimers = { setTimeout, clearTimeout } // the default
 */
export type DeadManSwitchTimers = {
  /** Runs `callback` once after `ms` milliseconds; returns a handle for `clearTimeout`. */
  readonly setTimeout: (callback: () => void, ms: number) => unknown
  /** Cancels a timer that `setTimeout` returned (a handle already run or cleared is ignored). */
  readonly clearTimeout: (handle: never) => void
}

/** The state of a {@link DeadManSwitch}. */
export type DeadManSwitchState = 'idle' | 'armed' | 'lapsed' | 'stopped'

type Listener<type extends keyof DeadManSwitchEvents> = (event: DeadManSwitchEvents[type]) => void

/** The smallest gap between two countdown calls: the endpoint allows 1 per second. */
const minGapMs = 1000

/** Disarm attempts in a row that may fail (for a transient reason) before `stop()` rejects. */
const disarmAttempts = 5

/** One heartbeat on its way. */
type Flight = { readonly sentAt: number; readonly done: Promise<void> }

/**
 * Keeps the countdown switch armed while the process is healthy: with a window of 10 seconds
 * and a heartbeat every 4, a process that dies or hangs has every order cancelled within 10
 * seconds. A heartbeat that gets no answer within `heartbeatTimeout` is given up and the next
 * one sent at once, so one stalled call does not lapse the switch; `stop()` resolves only when
 * the switch is off, also when a heartbeat given up earlier could still reach the exchange.
 *
 * @example
 * import { createUnifiedClient, DeadManSwitch } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const keeper = new DeadManSwitch(client, { window: 10, interval: 4 })
 * keeper.on('lapsed', () => console.error('every order was cancelled'))
 * await keeper.start()
 * await keeper.stop() // resolves once the switch is off
 */
export class DeadManSwitch {
  /** The window in seconds (5 to 60). */
  readonly window: number
  /** Seconds between heartbeats. */
  readonly interval: number
  /** Seconds a heartbeat may wait for its answer before it is given up and the next is sent. */
  readonly heartbeatTimeout: number
  /** Seconds after its signature during which a request can still be applied by the exchange. */
  readonly timestampTolerance: number
  #state: DeadManSwitchState = 'idle'
  readonly #client: ClientBase
  readonly #clock: { now(): number }
  readonly #setTimeout: (callback: () => void, ms: number) => unknown
  readonly #clearTimeout: (handle: unknown) => void
  readonly #signal: AbortSignal | undefined
  /** Aborts every heartbeat on its way (on an abort or a lapse; `stop()` lets them finish). */
  readonly #controller = new AbortController()
  readonly #listeners = new Map<keyof DeadManSwitchEvents, Set<Listener<any>>>()
  readonly #flights = new Set<Flight>()
  #beatTimer: unknown
  #lapseTimer: unknown
  /** When the last countdown call (heartbeat or disarm) was sent. */
  #lastSentAt: number | undefined
  /** The send time of the newest heartbeat known applied: the keeper's window counts from it. */
  #appliedSentAt: number | undefined
  /** The answer time of the newest heartbeat known applied: the exchange's window ends by then + window. */
  #appliedReceivedAt: number | undefined
  /** Until when a heartbeat whose outcome is unknown may still be applied (its timestamp expires). */
  #unknownUntil = Number.NEGATIVE_INFINITY
  /** Whether a heartbeat may have armed the switch (applied, or outcome unknown). */
  #mayBeArmed = false
  /** The exchange's window of the heartbeats known applied at the lapse: no disarm before it ends. */
  #lapseDeadline = 0
  /** Disarming after a lapse, in the background. */
  #off: Promise<void> | undefined
  #stopping: Promise<void> | undefined

  constructor(client: ClientBase, options: DeadManSwitch.Options = {}) {
    // The rules' schema: a whole window of 5 to 60 s, an interval and a heartbeat timeout
    // shorter than it, a finite tolerance; a ValidationError naming the option otherwise.
    Options.assert('DeadManSwitch', Options.deadManSwitch, options)
    const window = options.window ?? 10
    const interval = options.interval ?? window * 0.4
    const heartbeatTimeout =
      options.heartbeatTimeout ?? Math.min(5, Math.max(1, (window - interval) / 2))
    const timestampTolerance = options.timestampTolerance ?? 30
    this.window = window
    this.interval = interval
    this.heartbeatTimeout = heartbeatTimeout
    this.timestampTolerance = timestampTolerance
    this.#client = client
    this.#clock = options.clock ?? { now: () => Date.now() }
    // Taken out of the object and called detached: a browser's own setTimeout throws when called
    // as a method of another object. The globals are read at each call, so fake timers installed
    // later are used too.
    const { setTimeout: set, clearTimeout: clear } = options.timers ?? {}
    this.#setTimeout = set
      ? (callback, ms) => set(callback, ms)
      : (callback, ms) => setTimeout(callback, ms)
    this.#clearTimeout = clear
      ? (handle) => (clear as (handle: unknown) => void)(handle)
      : (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
    this.#signal = options.signal
  }

  /** `idle` before `start()`, `armed` while heartbeats run, then `lapsed` or `stopped`. */
  get state(): DeadManSwitchState {
    return this.#state
  }

  /** Adds a listener; returns the function that removes it. */
  on<type extends keyof DeadManSwitchEvents>(type: type, listener: Listener<type>): () => void {
    const set = this.#listeners.get(type) ?? new Set()
    set.add(listener)
    this.#listeners.set(type, set)
    return () => set.delete(listener)
  }

  /** Arms the switch (the first heartbeat) and starts the heartbeats; rejects when arming fails. */
  async start(): Promise<void> {
    if (this.#state !== 'idle')
      throw new BaseError(`The switch keeper is ${this.#state}; start it once.`)
    if (this.#signal?.aborted) return void this.#finish('abort')
    this.#signal?.addEventListener('abort', this.#onAbort, { once: true })
    this.#state = 'armed'
    const sentAt = this.#clock.now()
    const outcome = await this.#heartbeat()
    if (outcome.ok) return void this.#schedule(sentAt + this.interval * 1000)
    if (this.#state === 'armed') this.#finish('stop')
    // The arming may have reached the exchange: make sure it does not stay armed.
    if (this.#mayBeArmed) this.#off = this.#ensureOff(0)
    throw outcome.error
  }

  /**
   * Stops the heartbeats and, unless `disarm` is false, disables the switch (`countdown: '0'`).
   * It resolves once the switch is off: after a heartbeat given up earlier, whose outcome is
   * unknown, it disarms again (every half window) until that heartbeat's timestamp has expired
   * at the exchange (`timestampTolerance` after it was sent), so a late heartbeat cannot arm it
   * again. While it runs it keeps the process alive, so it completes in a shutdown handler.
   */
  stop(options: { disarm?: boolean | undefined } = {}): Promise<void> {
    this.#stopping ??= this.#stop(options.disarm !== false)
    return this.#stopping
  }

  async #stop(disarm: boolean): Promise<void> {
    // The keeper's own timers never hold the process; stopping does, until the switch is off.
    const hold = setInterval(() => {}, 1 << 30)
    try {
      if (this.#state === 'idle' || this.#state === 'armed') this.#finish('stop')
      if (!disarm) return void this.#controller.abort()
      // A heartbeat on its way ends by its own timeout; its answer tells whether it applied.
      await Promise.all([...this.#flights].map((flight) => flight.done))
      await this.#off?.catch(() => {})
      if (!this.#mayBeArmed) return
      await this.#ensureOff(this.#lapseDeadline)
    } finally {
      clearInterval(hold)
    }
  }

  readonly #onAbort = () => {
    if (this.#state === 'armed' || this.#state === 'idle') this.#finish('abort')
  }

  #finish(reason: DeadManSwitchEvents['stopped']['reason']): void {
    this.#clear(this.#beatTimer)
    this.#clear(this.#lapseTimer)
    this.#signal?.removeEventListener('abort', this.#onAbort)
    this.#state = reason === 'lapsed' ? 'lapsed' : 'stopped'
    if (reason !== 'stop') this.#controller.abort()
    this.#emit('stopped', { at: this.#clock.now(), reason })
  }

  /** Starts an unref'd timer of the injected (or global) timers. */
  #timer(callback: () => void, ms: number): unknown {
    const handle = this.#setTimeout(callback, Math.max(0, ms))
    ;(handle as { unref?: (() => void) | undefined } | undefined)?.unref?.()
    return handle
  }

  #clear(handle: unknown): void {
    if (handle !== undefined) this.#clearTimeout(handle)
  }

  #wait(ms: number): Promise<void> {
    return ms > 0 ? new Promise<void>((resolve) => this.#timer(resolve, ms)) : Promise.resolve()
  }

  /** Schedules the next heartbeat at `at` (never sooner than the endpoint's 1-second gap). */
  #schedule(at: number): void {
    this.#clear(this.#beatTimer)
    const gapEnd = (this.#lastSentAt ?? 0) + minGapMs
    this.#beatTimer = this.#timer(() => void this.#beat(), Math.max(at, gapEnd) - this.#clock.now())
  }

  async #beat(): Promise<void> {
    if (this.#state !== 'armed') return
    // A timer that ran late (a frozen or blocked process) may find the window already over: the
    // exchange has cancelled every order. Report the lapse and send nothing: a heartbeat now
    // would arm the switch again as if nothing had happened.
    if (this.#clock.now() >= this.#expiresAt()) return this.#lapse()
    const sentAt = this.#clock.now()
    const outcome = await this.#heartbeat()
    if (this.#state !== 'armed') return
    if (outcome.ok) this.#schedule(sentAt + this.interval * 1000)
    else {
      this.#emit('missed', { at: this.#clock.now(), sentAt, error: outcome.error })
      this.#schedule(sentAt + minGapMs)
    }
  }

  /**
   * Sends one heartbeat, given up `heartbeatTimeout` after it left (a wait for the rate limiter
   * before does not count). An applied one moves the lapse to `window` after it was asked for
   * (`sentAt`: never later than its arrival); one whose outcome is unknown is remembered until
   * its timestamp, signed as it left, expires.
   */
  async #heartbeat(): Promise<{ ok: true } | { ok: false; error: unknown }> {
    const sentAt = this.#clock.now()
    /** When the request left (the transport's `onSend`; each attempt of a resend moves it). */
    let leftAt = sentAt
    this.#lastSentAt = sentAt
    const controller = new AbortController()
    const cancel = () => controller.abort(this.#controller.signal.reason)
    this.#controller.signal.addEventListener('abort', cancel, { once: true })
    let giveUp: unknown
    const onSend = () => {
      leftAt = this.#clock.now()
      this.#lastSentAt = leftAt
      this.#clear(giveUp)
      giveUp = this.#timer(
        () => controller.abort(new HeartbeatTimeoutError({ timeout: this.heartbeatTimeout })),
        this.heartbeatTimeout * 1000,
      )
    }
    const endpoint = Unified.countdownCancelAll
    // A refusal by the rules rejects the heartbeat like any failure, never throws here.
    const request = (async () =>
      sendRequest(
        this.#client.transport,
        endpoint,
        validateRequest(endpoint, { countdown: String(this.window) }, undefined),
        countdownResponse,
        { signal: combineSignals(this.#client.config?.signal, controller.signal), onSend },
      ))()
    const flight: Flight = {
      sentAt,
      done: request.then(
        () => {},
        () => {},
      ),
    }
    this.#flights.add(flight)
    try {
      await request
      this.#applied(sentAt)
      return { ok: true }
    } catch (error) {
      if (UnknownOutcomeError.isInstance(error)) {
        this.#mayBeArmed = true
        this.#unknownUntil = Math.max(this.#unknownUntil, leftAt + this.timestampTolerance * 1000)
      }
      const reason: unknown = controller.signal.reason
      return { ok: false, error: HeartbeatTimeoutError.isInstance(reason) ? reason : error }
    } finally {
      this.#clear(giveUp)
      this.#controller.signal.removeEventListener('abort', cancel)
      this.#flights.delete(flight)
    }
  }

  #applied(sentAt: number): void {
    const at = this.#clock.now()
    this.#mayBeArmed = true
    this.#appliedReceivedAt = Math.max(this.#appliedReceivedAt ?? at, at)
    if (this.#state !== 'armed') return
    this.#appliedSentAt = Math.max(this.#appliedSentAt ?? sentAt, sentAt)
    const expiresAt = this.#expiresAt()
    // An answer read only after the window it opened has ended (the process was frozen while it
    // was on its way): the exchange has lapsed by now, so the keeper lapses, not a stale heartbeat.
    if (expiresAt <= at) {
      this.#lapse()
      return
    }
    this.#clear(this.#lapseTimer)
    this.#lapseTimer = this.#timer(() => this.#lapse(), expiresAt - at)
    this.#emit('heartbeat', { at, sentAt, expiresAt })
  }

  /** When the window of the newest heartbeat known applied ends, counted from its send. */
  #expiresAt(): number {
    return (this.#appliedSentAt ?? Number.POSITIVE_INFINITY) + this.window * 1000
  }

  #lapse(): void {
    if (this.#state !== 'armed') return
    this.#emit('lapsed', { at: this.#clock.now(), lastHeartbeatAt: this.#appliedSentAt })
    // Orders are treated as cancelled: no disarm before the exchange's window has surely ended.
    this.#lapseDeadline = (this.#appliedReceivedAt ?? 0) + this.window * 1000
    this.#finish('lapsed')
    const flights = [...this.#flights].map((flight) => flight.done)
    this.#off = Promise.all(flights).then(() =>
      this.#unknownUntil > this.#lapseDeadline ? this.#ensureOff(this.#lapseDeadline) : undefined,
    )
    this.#off.catch(() => {})
  }

  /**
   * Disarms the switch not before `notBefore`, and again every half window while a heartbeat of
   * unknown outcome may still arm it, the last time after its timestamp has expired. Transient
   * failures are retried a second apart; the fifth in a row, or a refusal, rejects.
   */
  async #ensureOff(notBefore: number): Promise<void> {
    await this.#wait(notBefore - this.#clock.now())
    let failures = 0
    for (;;) {
      await this.#wait((this.#lastSentAt ?? 0) + minGapMs - this.#clock.now())
      const sentAt = this.#clock.now()
      this.#lastSentAt = sentAt
      try {
        await setCountdown(this.#client, { countdown: '0' })
        failures = 0
      } catch (error) {
        if (++failures >= disarmAttempts || !isTransient(error)) throw error
        continue
      }
      if (sentAt >= this.#unknownUntil) {
        this.#mayBeArmed = false
        return
      }
      await this.#wait(Math.min((this.window * 1000) / 2, this.#unknownUntil - this.#clock.now()))
    }
  }

  #emit<type extends keyof DeadManSwitchEvents>(
    type: type,
    event: DeadManSwitchEvents[type],
  ): void {
    for (const listener of this.#listeners.get(type) ?? []) {
      try {
        listener(event)
      } catch {
        // A listener's failure must not stop the heartbeats.
      }
    }
  }
}

/** Whether a failed disarm may be sent again: its outcome is unknown or it was not applied for a passing reason. */
function isTransient(error: unknown): boolean {
  if (UnknownOutcomeError.isInstance(error) || NetworkError.isInstance(error)) return true
  return RateLimitedError.isInstance(error)
}

export declare namespace DeadManSwitch {
  /** Options of the keeper. */
  type Options = {
    /** The countdown window, a whole number of seconds from 5 to 60. @default 10 */
    window?: number | undefined
    /** Seconds between heartbeats, at least 1 and shorter than the window. @default 0.4 × window */
    interval?: number | undefined
    /**
     * Seconds a heartbeat waits for its answer before it is given up (reported `missed`) and the
     * next one is sent, well inside the window whatever the transport's own timeout. Counted
     * from the send: a wait for the rate limiter before it (the endpoint's 1-second gap after
     * another countdown call) does not count. A transport of one's own that never calls the
     * request's `onSend` gets no heartbeat given up.
     * @default half the time between a heartbeat and the window's end, from 1 to 5 seconds (3 with the defaults)
     */
    heartbeatTimeout?: number | undefined
    /**
     * Seconds after its signature during which the exchange may still apply a request (its
     * `ACCESS-TIMESTAMP` tolerance: not published; clones of the API use 30 s). A heartbeat
     * given up can arm the switch until then, so `stop()` keeps disarming until then; 0 to 3600.
     * @default 30
     */
    timestampTolerance?: number | undefined
    /**
     * The time source of the events, the lapse and the 1-second gap between calls; pass the
     * clock of the `timers` with them.
     * @default Date.now
     */
    clock?: { now(): number } | undefined
    /**
     * The timers of the heartbeats, the lapse and the waits between calls, to drive the keeper
     * (its `lapsed` event included) without waiting real seconds. A handle with an `unref`
     * method is unref'd.
     * @default the global `setTimeout` and `clearTimeout`
     */
    timers?: DeadManSwitchTimers | undefined
    /** Stops the keeper (without disarming: the switch then lapses). @default undefined */
    signal?: AbortSignal | undefined
  }
}

/**
 * A heartbeat got no answer within the keeper's `heartbeatTimeout` and was given up (the next
 * one is sent at once); it is the `error` of the `missed` event.
 *
 * @example
 * import { HeartbeatTimeoutError } from '@tradeline/unified'
 * new HeartbeatTimeoutError({ timeout: 3 }).shortMessage // 'The heartbeat got no answer within 3 s and was given up.'
 */
export class HeartbeatTimeoutError extends BaseError {
  static override readonly kind: string = 'HeartbeatTimeoutError'
  override name = 'HeartbeatTimeoutError'
  /** The heartbeat timeout in seconds. */
  readonly timeout: number

  constructor(parameters: { timeout: number }) {
    super(`The heartbeat got no answer within ${parameters.timeout} s and was given up.`)
    this.timeout = parameters.timeout
  }
}
