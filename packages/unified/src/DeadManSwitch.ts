/**
 * A keeper of the countdown (dead-man) switch: it arms the switch, sends a heartbeat inside the
 * window, reports a missed heartbeat and a lapse, and disarms on `stop()`. Its timers never keep
 * the process alive.
 */
import { BaseError } from '@tradeline/core'
import { Limits } from '@tradeline/rules'
import { setCountdown } from './actions/setCountdown.js'
import type { ClientBase } from './internal/call.js'

/** The events of a {@link DeadManSwitch} and what each carries. */
export type DeadManSwitchEvents = {
  /** The switch was armed or refreshed; it lapses at `expiresAt` without another heartbeat. */
  heartbeat: { readonly at: number; readonly expiresAt: number }
  /** A heartbeat failed; another follows while the window lasts. */
  missed: { readonly at: number; readonly error: unknown }
  /** The window elapsed without a heartbeat: the exchange has cancelled every order. */
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

/**
 * Keeps the countdown switch armed while the process is healthy: with a window of 10 seconds
 * and a heartbeat every 4, a process that dies or hangs has every order cancelled within 10
 * seconds.
 *
 * @example
 * import { createUnifiedClient, DeadManSwitch } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const keeper = new DeadManSwitch(client, { window: 10, interval: 4 })
 * keeper.on('lapsed', () => console.error('every order was cancelled'))
 * await keeper.start()
 * await keeper.stop() // disarms the switch
 */
export class DeadManSwitch {
  /** The window in seconds (5 to 60). */
  readonly window: number
  /** Seconds between heartbeats. */
  readonly interval: number
  #state: DeadManSwitchState = 'idle'
  readonly #client: ClientBase
  readonly #clock: { now(): number }
  readonly #setTimeout: (callback: () => void, ms: number) => unknown
  readonly #clearTimeout: (handle: unknown) => void
  readonly #signal: AbortSignal | undefined
  readonly #controller = new AbortController()
  readonly #listeners = new Map<keyof DeadManSwitchEvents, Set<Listener<any>>>()
  #beatTimer: unknown
  #lapseTimer: unknown
  #lastSentAt: number | undefined
  #lastHeartbeatAt: number | undefined
  #inFlight: Promise<void> | undefined

  constructor(client: ClientBase, options: DeadManSwitch.Options = {}) {
    const window = options.window ?? 10
    const interval = options.interval ?? window * 0.4
    const { min, max } = Limits.countdown
    if (!Number.isInteger(window) || window < min || window > max)
      throw new BaseError(
        `The countdown window must be a whole number of seconds from ${min} to ${max}; received ${window}.`,
      )
    if (!(interval >= minGapMs / 1000 && interval < window))
      throw new BaseError(
        `The heartbeat interval must be at least 1 second and shorter than the window (${window} s); received ${interval}.`,
      )
    this.window = window
    this.interval = interval
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
    try {
      await this.#send()
    } catch (error) {
      this.#finish('stop')
      throw error
    }
    this.#schedule(this.interval * 1000)
  }

  /** Stops the heartbeats and, unless `disarm` is false, disables the switch (`countdown: '0'`). */
  async stop(options: { disarm?: boolean | undefined } = {}): Promise<void> {
    if (this.#state === 'stopped' || this.#state === 'lapsed' || this.#state === 'idle') {
      if (this.#state === 'idle') this.#finish('stop')
      return
    }
    this.#finish('stop')
    await this.#inFlight?.catch(() => {})
    if (options.disarm === false) return
    const gap = (this.#lastSentAt ?? 0) + minGapMs - this.#clock.now()
    if (gap > 0) await new Promise<void>((resolve) => this.#timer(resolve, gap))
    await setCountdown(this.#client, { countdown: '0' }, { signal: this.#signal })
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
    const handle = this.#setTimeout(callback, ms)
    ;(handle as { unref?: (() => void) | undefined } | undefined)?.unref?.()
    return handle
  }

  #clear(handle: unknown): void {
    if (handle !== undefined) this.#clearTimeout(handle)
  }

  #schedule(ms: number): void {
    this.#clear(this.#beatTimer)
    this.#beatTimer = this.#timer(() => void this.#beat(), ms)
  }

  async #beat(): Promise<void> {
    if (this.#state !== 'armed') return
    try {
      await this.#send()
      this.#schedule(this.interval * 1000)
    } catch (error) {
      if (this.#state !== 'armed') return
      this.#emit('missed', { at: this.#clock.now(), error })
      this.#schedule(minGapMs)
    }
  }

  async #send(): Promise<void> {
    this.#lastSentAt = this.#clock.now()
    const request = setCountdown(
      this.#client,
      { countdown: String(this.window) },
      { signal: this.#controller.signal },
    )
    this.#inFlight = request.then(
      () => {},
      () => {},
    )
    await request
    if (this.#state !== 'armed') return
    const at = this.#clock.now()
    this.#lastHeartbeatAt = at
    this.#clear(this.#lapseTimer)
    this.#lapseTimer = this.#timer(() => this.#lapse(), this.window * 1000)
    this.#emit('heartbeat', { at, expiresAt: at + this.window * 1000 })
  }

  #lapse(): void {
    if (this.#state !== 'armed') return
    this.#emit('lapsed', { at: this.#clock.now(), lastHeartbeatAt: this.#lastHeartbeatAt })
    this.#finish('lapsed')
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

export declare namespace DeadManSwitch {
  /** Options of the keeper. */
  type Options = {
    /** The countdown window in seconds, 5 to 60. @default 10 */
    window?: number | undefined
    /** Seconds between heartbeats, at least 1 and shorter than the window. @default 0.4 × window */
    interval?: number | undefined
    /**
     * The time source of the events and of the 1-second gap before disarming; pass the clock
     * of the `timers` with them.
     * @default Date.now
     */
    clock?: { now(): number } | undefined
    /**
     * The timers of the heartbeats, the lapse and the wait before disarming, to drive the keeper
     * (its `lapsed` event included) without waiting real seconds. A handle with an `unref`
     * method is unref'd.
     * @default the global `setTimeout` and `clearTimeout`
     */
    timers?: DeadManSwitchTimers | undefined
    /** Stops the keeper (without disarming: the switch then lapses). @default undefined */
    signal?: AbortSignal | undefined
  }
}
