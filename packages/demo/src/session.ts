/**
 * A unified-account session, then a classic-futures one (orders, then its private stream) on a
 * classic account's key (an account is unified or classic, as live), then securities and savings, then a live order book, then a classic bot session on an
 * account of its own (settings, take-profit, trailing stop), then a savings subscription: starts an
 * embedded sandbox exchange (rate limits on) on a free loopback port, runs a trading session
 * against it with the SDK, and returns one row per step.
 */
import { startSandbox } from '@tradeline/sandbox'
import { createSession, type Facts, type Row } from './context.js'
import { batchAndStrategy } from './steps/bulk.js'
import { classicFutures } from './steps/classic.js'
import { classicBot } from './steps/classicBot.js'
import { classicStream } from './steps/classicStream.js'
import { deadManSwitch } from './steps/deadman.js'
import { errors } from './steps/errors.js'
import { liveOrderBook } from './steps/market.js'
import { orderLife } from './steps/orders.js'
import { readsAndChecks } from './steps/reads.js'
import { savingsSubscription } from './steps/savings.js'
import { securitiesAndSavings } from './steps/securities.js'
import { openStream, streamGap } from './steps/stream.js'

/** What a demo run returns. */
export type DemoResult = {
  readonly rows: Row[]
  /** Steps that did not behave as they say. */
  readonly failures: number
  readonly facts: Facts
  /** Responses received (every attempt), and how many of them were HTTP 429. */
  readonly responses: { readonly total: number; readonly tooManyRequests: number }
}

/**
 * Runs the session against a fresh sandbox and returns one row per step.
 *
 * @example
 * import { runDemo } from './session.js'
 * const { rows, failures } = await runDemo()
 * rows[8] // ['9', 'batch.place(50 orders, { onProgress })', '20/50, 40/50, 50/50 (3 requests); …']
 */
export async function runDemo(
  options: {
    /** Prints each order and fill event of the private stream as it arrives. @default none */
    onStreamEvent?: ((line: string) => void) | undefined
    /** Called with each row as its step ends, in order (to print the table as it grows). @default none */
    onRow?: ((row: Row) => void) | undefined
  } = {},
): Promise<DemoResult> {
  const sandbox = await startSandbox({
    port: 0,
    rateLimits: true,
    seed: 7,
    // The account's key also holds the countdown whitelist the dead-man switch needs.
    data: { keys: [{ permissions: ['trade_rw', 'countdown', 'optionQuote'] }] },
  })
  const { session, rows, failures } = createSession(sandbox, { onRow: options.onRow })
  try {
    await readsAndChecks(session)
    const log = await openStream(session, options.onStreamEvent ?? (() => {}))
    const placed = await orderLife(session)
    await streamGap(session, log)
    await log.stream.close()
    await batchAndStrategy(session, placed)
    await deadManSwitch(session)
    await errors(session)
    await classicFutures(session)
    await classicStream(session, options.onStreamEvent ?? (() => {}))
    await securitiesAndSavings(session)
    await liveOrderBook(session)
    // The classic bot session: an account of its own, after every other step.
    await classicBot(session)
    // savings: a subscription through the client and its result
    await savingsSubscription(session)
  } finally {
    await sandbox.close()
  }
  return {
    rows,
    failures: failures(),
    facts: session.facts,
    responses: {
      total: session.responses.length,
      tooManyRequests: session.responses.filter((r) => r.status === 429).length,
    },
  }
}
