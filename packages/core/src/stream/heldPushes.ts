/**
 * The pushes a connection holds (while it connects, while its ready hook runs) and their
 * delivery: in the order received, in parts with a turn of the event loop between, so that a
 * consumer that reads as fast as it can takes each part before the next comes (delivered at
 * once, more held pushes than a reader's room overflowed it however fast it read). A push that
 * arrives while the held ones are delivered waits behind them: none is lost, reordered or doubled.
 */
import { inParts } from './EventQueue.js'
import type { StreamPush } from './types.js'

/**
 * How many records of held pushes are delivered before the consumers get a turn, when the
 * connection is not told (`deliveryPart`): half a reader's default `highWaterMark` (10,000).
 */
export const defaultDeliveryPart = 5_000

/** The held pushes of one connection. */
export type HeldPushes = {
  /** Whether held pushes are being delivered (a push that arrives now is held behind them). */
  readonly delivering: boolean
  /** Holds a push, behind those held before. */
  hold(push: StreamPush): void
  /**
   * Delivers the held pushes, and those held while it runs, until none is left; then `then`
   * runs, in the turn the last one was delivered (a push read right after is live and comes
   * after it). Not when `current()` turned false on the way (the connection was left). A call
   * while a delivery of the same connection runs joins it.
   */
  deliver(current: () => boolean, then?: () => void): void
  /** Drops what is held and stops a delivery under way (the connection was left). */
  clear(): void
}

type Run = { readonly current: () => boolean; readonly after: (() => void)[] }

/** Creates the held pushes of a connection; `part` is read before each part. */
export function createHeldPushes(
  onPush: (push: StreamPush) => void,
  part: () => number,
): HeldPushes {
  let held: StreamPush[] = []
  let run: Run | undefined

  const deliverAll = async (mine: Run) => {
    const going = () => run === mine && mine.current()
    const done = () => {
      held = []
      run = undefined
      for (const after of mine.after) after()
    }
    try {
      // A push weighs its records: a reader's room counts records.
      const weight = (push: StreamPush) => Math.max(1, push.data.length)
      await inParts(held, onPush, { part, going, done, weight })
    } finally {
      if (run === mine) run = undefined
    }
  }

  return {
    get delivering() {
      return run !== undefined
    },
    hold(push) {
      held.push(push)
    },
    deliver(current, then) {
      if (run?.current()) {
        if (then) run.after.push(then)
        return
      }
      const mine: Run = { current, after: then ? [then] : [] }
      run = mine
      void deliverAll(mine)
    },
    clear() {
      held = []
      run = undefined
    },
  }
}
