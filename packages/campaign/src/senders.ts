/**
 * How a careful user sends a call and its batch items: again only as the client's `retryWith`
 * (after a pause) or after a 429's `Retry-After`, until a final report or `maxSends` (see
 * `careful.ts` for the step after each failure).
 */
import { clockTolerance, retrySince, UnknownOutcomeError } from '@tradeline/core'
import { nameOf, nextStep } from './careful.js'
import type { Intent } from './intents.js'

/** An outcome of a batch helper, as the campaign reads it. */
export type Outcome = { status: string; orderId?: string | null; error?: unknown; code?: string }

/**
 * How long a retry's first attempt may still reach the exchange (ms): the engine reads "not
 * applied" as final only `clockTolerance` after it (its signature is valid until then), so a
 * retry refused before that leaves the outcome unknown. 0 when the retry carries no mark.
 */
export function firstAttemptOpenMs(retryWith: unknown, now: number): number {
  const since = retrySince(retryWith)
  return since === undefined ? 0 : Math.max(0, since + clockTolerance - now)
}

/** The margin a late send keeps past the first attempt's window (ms). */
const lateMargin = 1_000

/** The senders of a campaign: `carefully` for one call, `batchCarefully` for batch items. */
export function createSenders(options: {
  /**
   * Sends of one intent before it is reported unknown. A careful user (more than one send) whose
   * last send is still unknown while its first attempt may still reach the exchange (a retry
   * refused for another reason, such as a position another call closed, says nothing of the
   * first attempt) waits until that first attempt can no longer apply and sends once more: the
   * engine then reads the retry's answer for good.
   */
  maxSends: number
  /** The pause before a `retryWith`. */
  pause: () => Promise<void>
  /** Waits `ms` (a 429's `Retry-After`). */
  wait: (ms: number) => Promise<void>
  /** The time the engine reads (the transport's clock; the sandbox is local). @default Date.now */
  now?: () => number
  /**
   * Waits `ms` on that clock before the late send (not the campaign's faster `wait`: the first
   * attempt's window is the engine's). @default setTimeout
   */
  sleep?: (ms: number) => Promise<void>
}) {
  const { maxSends, pause, wait } = options
  const now = options.now ?? Date.now
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  /** The wait before a late send of `retryWith` after the last send, or `undefined`: none. */
  const lateWait = (sends: number, retryWith: unknown): number | undefined => {
    if (maxSends <= 1 || sends !== maxSends) return undefined
    const open = firstAttemptOpenMs(retryWith, now())
    return open > 0 ? open + lateMargin : undefined
  }

  /** Sends `first`, then what a careful user sends next, until a final report. */
  async function carefully<result>(
    intent: Intent,
    first: unknown,
    send: (parameters: unknown) => Promise<result>,
  ): Promise<result | undefined> {
    let parameters = first
    for (;;) {
      intent.sends++
      try {
        return await send(parameters)
      } catch (error) {
        const next = nextStep(error, parameters)
        const late =
          next.kind === 'retry' && next.reason === 'unknown'
            ? lateWait(intent.sends, next.parameters)
            : undefined
        if (late !== undefined && next.kind === 'retry') {
          await sleep(late)
          parameters = next.parameters
          continue
        }
        if (next.kind === 'final' || intent.sends >= maxSends) {
          intent.report =
            next.kind === 'final'
              ? next.report
              : { status: 'unknown', error: nameOf(error), retryable: true }
          return undefined
        }
        if (next.reason === 'unknown') await pause()
        else if (next.waitMs > 0) await wait(next.waitMs)
        parameters = next.parameters
      }
    }
  }

  /**
   * Sends items with a batch helper; items left unknown or rate-limited are sent again (as their
   * `retryWith`, or as they were), the others get their final report.
   */
  async function batchCarefully<item>(
    made: Intent[],
    items: item[],
    send: (items: item[]) => Promise<readonly Outcome[]>,
    onOk: (intent: Intent, item: item, outcome: Outcome) => void,
  ): Promise<void> {
    let open = items.map((item, i) => ({ item, intent: made[i] as Intent }))
    while (open.length > 0) {
      for (const entry of open) entry.intent.sends++
      let outcomes: readonly Outcome[]
      try {
        outcomes = await send(open.map((o) => o.item))
      } catch (error) {
        const next = nextStep(error, undefined)
        for (const entry of open)
          entry.intent.report =
            next.kind === 'final'
              ? next.report
              : { status: 'unknown', error: nameOf(error), retryable: true }
        return
      }
      const again: typeof open = []
      let waitMs = 0
      let unknown = false
      let late: number | undefined
      outcomes.forEach((outcome, i) => {
        const entry = open[i]
        if (!entry) return
        if (outcome.status === 'ok') {
          entry.intent.report = { status: 'ok', orderId: outcome.orderId ?? null }
          onOk(entry.intent, entry.item, outcome)
        } else if (outcome.status === 'rejected')
          entry.intent.report = { status: 'refused', error: 'rejected', code: outcome.code }
        else {
          const next = nextStep(outcome.error, entry.item)
          const itemLate =
            next.kind === 'retry' && next.reason === 'unknown'
              ? lateWait(entry.intent.sends, next.parameters)
              : undefined
          if (next.kind === 'retry' && (entry.intent.sends < maxSends || itemLate !== undefined)) {
            waitMs = Math.max(waitMs, next.waitMs)
            unknown ||= next.reason === 'unknown'
            if (itemLate !== undefined) late = Math.max(late ?? 0, itemLate)
            again.push({ item: next.parameters as item, intent: entry.intent })
          } else
            entry.intent.report =
              next.kind === 'final'
                ? next.report
                : { status: 'unknown', error: nameOf(outcome.error), retryable: true }
        }
      })
      if (late !== undefined) await sleep(late)
      else if (unknown) await pause()
      if (waitMs > 0) await wait(waitMs)
      open = again
    }
  }

  /**
   * Sends an idempotent write (a settings change): an outcome left unknown is sent again as it
   * was after the pause (the clients document that sending the same setting twice changes
   * nothing), a 429 after its `Retry-After`; anything else is the final report.
   */
  async function idempotently<result>(
    intent: Intent,
    parameters: unknown,
    send: (parameters: unknown) => Promise<result>,
  ): Promise<result | undefined> {
    for (;;) {
      intent.sends++
      try {
        return await send(parameters)
      } catch (error) {
        const unknown = UnknownOutcomeError.isInstance(error)
        const next = nextStep(error, parameters)
        if ((next.kind === 'final' && !unknown) || intent.sends >= maxSends) {
          intent.report =
            next.kind === 'final' && !unknown
              ? next.report
              : { status: 'unknown', error: nameOf(error), retryable: true }
          return undefined
        }
        if (unknown) await pause()
        else if (next.kind === 'retry' && next.waitMs > 0) await wait(next.waitMs)
      }
    }
  }

  return { carefully, batchCarefully, idempotently }
}
