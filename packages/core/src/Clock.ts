/**
 * The clock that stamps requests: local time plus an offset learnt from the server's time,
 * corrected for the round trip. No timer runs in the background: the offset is synchronised on
 * demand (`sync()`), once before the first signed call when asked, and after a 40008.
 */

/** A source of Unix milliseconds; inject one in tests. */
export type Clock = {
  /** Current time in Unix milliseconds. */
  now(): number
}

/** The transport's clock: local time corrected by the server offset. */
export type SyncedClock = {
  /** Milliseconds to add to local time to get server time (0 until synchronised). */
  readonly offset: number
  /** Whether the offset has been synchronised at least once. */
  readonly synced: boolean
  /**
   * How far {@link SyncedClock.now} may be from the server's time, in ms: the server read its
   * clock somewhere within the round trip of the reading the offset came from, so the offset may
   * be off by half of it (plus the offset's rounding and the whole milliseconds both clocks
   * read). 0 until synchronised.
   */
  readonly uncertainty: number
  /** Local time plus {@link SyncedClock.offset}, in Unix milliseconds. */
  now(): number
  /** Fetches the server time, sets the offset and returns it; concurrent calls share one fetch. */
  sync(): Promise<number>
}

/** One reading of the server time with the local times around it. */
export type TimeSample = {
  /** Local time when the request left. */
  sentAt: number
  /** Local time when the response arrived. */
  receivedAt: number
  /** Server time in the response. */
  serverTime: number
}

/**
 * The clock offset from one sample: `serverTime - (sentAt + receivedAt) / 2`, rounded to a
 * millisecond, i.e. assuming the server read its clock halfway through the round trip.
 *
 * @example
 * import { computeOffset } from '@tradeline/core'
 * computeOffset({ sentAt: 1000, receivedAt: 1100, serverTime: 5050 }) // 4000
 */
export function computeOffset(sample: TimeSample): number {
  return Math.round(sample.serverTime - (sample.sentAt + sample.receivedAt) / 2)
}

/** The local clock, `Date.now()`. */
export const systemClock: Clock = { now: () => Date.now() }

/** Builds the transport's clock around a way to read the server time (internal to the transport). */
export function createSyncedClock(parameters: {
  clock: Clock
  sample: () => Promise<TimeSample>
}): SyncedClock {
  const { clock, sample } = parameters
  let offset = 0
  let uncertainty = 0
  let synced = false
  let inflight: Promise<number> | undefined
  return {
    get offset() {
      return offset
    },
    get synced() {
      return synced
    },
    get uncertainty() {
      return uncertainty
    },
    now: () => clock.now() + offset,
    sync() {
      inflight ??= sample()
        .then((reading) => {
          offset = computeOffset(reading)
          // Half the round trip rounded up, plus 2 for the rounding and the whole milliseconds.
          uncertainty = Math.ceil(Math.max(0, reading.receivedAt - reading.sentAt) / 2) + 2
          synced = true
          return offset
        })
        .finally(() => {
          inflight = undefined
        })
      return inflight
    },
  }
}
