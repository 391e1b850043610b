/**
 * The asynchronous modifications of a campaign: the exchange applies a modification
 * asynchronously (the unified modify-order page; classic: a size or price change replaces the order
 * asynchronously); the sandbox's one modification delay is set for the calls in flight that
 * asked for one, and a call can wait until no modification of an order awaits its result.
 */
import type { RunningSandbox } from '@tradeline/sandbox'
import { type Random, retryPauseMs, type Timing } from './plan.js'

/** The modification delays of one campaign. */
export function createModificationTiming(parameters: {
  sandbox: RunningSandbox
  timing: Timing
  random: Random
  pauseMs: number
  sleep: (ms: number) => Promise<void>
}) {
  const { sandbox, timing, random, pauseMs, sleep } = parameters
  let asynchronous = 0
  /** The modification delays the calls in flight asked for (the sandbox applies the longest). */
  const delays: number[] = []
  const applyDelay = () =>
    sandbox.admin.setModificationDelay(delays.length === 0 ? 0 : Math.max(...delays))
  return {
    /**
     * One faulted modification in two waits for its result, either past the client timeout or
     * until after the caller's retry was sent (which the exchange refuses while the first awaits
     * its result). The sandbox's delay is one setting: with calls in flight at once, theirs is
     * applied asynchronously too meanwhile. Returns the release of the delay, once the call
     * settled.
     */
    awaitResult(fault: string | undefined): () => void {
      if (fault === undefined || random() < 0.5) return () => {}
      asynchronous++
      const late = pauseMs + retryPauseMs(timing) + 100
      const ms = random() < 0.5 ? timing.timeoutMs : late
      delays.push(ms)
      applyDelay()
      return () => {
        delays.splice(delays.indexOf(ms), 1)
        applyDelay()
      }
    },
    /** Waits (at most 5 s) until no modification of the order awaits its result. */
    async modificationsDone(orderId: string): Promise<void> {
      const until = Date.now() + 5000
      const { state } = sandbox.sandbox
      while (state.modifications.some((m) => m.orderId === orderId) && Date.now() < until) {
        await sleep(10)
        // Modifications due are applied when the sandbox is next used.
        sandbox.admin.advanceClock(0)
      }
    },
    /** How many modifications were made to await their result. */
    asynchronous: () => asynchronous,
  }
}
