import {
  ApiError,
  clockTolerance,
  OrderOutcomeUnknownError,
  UnknownOutcomeError,
} from '@tradeline/core'
import { describe, expect, test } from 'vitest'
import type { Intent } from './intents.js'
import { createSenders, firstAttemptOpenMs } from './senders.js'

const since = 1_700_000_000_000
const cause = new UnknownOutcomeError({
  reason: 'code',
  code: '22002',
  msg: 'No position to close',
  endpoint: 'classic.clickBackhand',
  method: 'POST',
  path: '/api/v2/mix/order/click-backhand',
})
/** What the engine throws when a retry was refused while its first attempt (at `since`) may still apply. */
const stillUnknown = () =>
  new OrderOutcomeUnknownError({
    error: cause,
    attempts: 5,
    clientOid: 'c-1',
    retryWith: { clientOid: 'c-1' },
    since,
    offset: 0,
  })
const refused = () =>
  new ApiError({
    code: '22002',
    msg: 'No position to close',
    status: 400,
    retrySafe: false,
    endpoint: 'classic.clickBackhand',
    method: 'POST',
    path: '/api/v2/mix/order/click-backhand',
  })
const intentOf = (): Intent =>
  ({
    call: 1,
    operation: 'classic.reverse',
    target: { kind: 'place', line: 'classic', clientOid: 'c-1' },
    report: { status: 'hung' },
    sends: 0,
  }) as Intent

/** Senders on a clock that stands at `at` (ms after `since`) and moves only by `sleep`. */
function sendersAt(at: number, maxSends: number) {
  let time = since + at
  const sleeps: number[] = []
  const senders = createSenders({
    maxSends,
    pause: async () => {},
    wait: async () => {},
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms)
      time += ms
    },
  })
  return { senders, sleeps, now: () => time }
}

describe('a careful user after the last send', () => {
  test('firstAttemptOpenMs: the rest of the first attempt window, 0 past it or without a mark', () => {
    const retryWith = stillUnknown().retryWith
    expect(firstAttemptOpenMs(retryWith, since + 10_000)).toBe(clockTolerance - 10_000)
    expect(firstAttemptOpenMs(retryWith, since + clockTolerance)).toBe(0)
    expect(firstAttemptOpenMs({ clientOid: 'c-1' }, since)).toBe(0)
  })

  test('still unknown while the first attempt may apply: waits the window out, sends once more and takes its answer', async () => {
    const { senders, sleeps, now } = sendersAt(12_000, 8)
    const intent = intentOf()
    const answers: (() => unknown)[] = [...Array.from({ length: 8 }, () => stillUnknown), refused]
    const sent: number[] = []
    const result = await senders.carefully(intent, { clientOid: 'c-1' }, async () => {
      sent.push(now())
      throw (answers.shift() as () => unknown)()
    })
    expect(result).toBeUndefined()
    // Eight sends, then one after the first attempt's window (plus the margin).
    expect(intent.sends).toBe(9)
    expect(sleeps).toEqual([clockTolerance - 12_000 + 1_000])
    expect(sent.at(-1)).toBeGreaterThan(since + clockTolerance)
    expect(intent.report).toEqual({ status: 'refused', error: 'ApiError', code: '22002' })
  })

  test('no late send past the window, or for a careless user (one send)', async () => {
    for (const [at, maxSends, sends] of [
      [clockTolerance + 1, 8, 8],
      [0, 1, 1],
    ] as const) {
      const { senders, sleeps } = sendersAt(at, maxSends)
      const intent = intentOf()
      await senders.carefully(intent, {}, async () => {
        throw stillUnknown()
      })
      expect(intent.sends).toBe(sends)
      expect(sleeps).toEqual([])
      expect(intent.report).toEqual({
        status: 'unknown',
        error: 'OrderOutcomeUnknownError',
        retryable: true,
      })
    }
  })

  test('a batch item still unknown after the last send is sent once more after the window', async () => {
    const { senders, sleeps } = sendersAt(5_000, 2)
    const intent = intentOf()
    const batches: unknown[][] = []
    await senders.batchCarefully(
      [intent],
      [{ clientOid: 'c-1' }],
      async (items) => {
        batches.push(items)
        return batches.length <= 2
          ? [{ status: 'unknown', error: stillUnknown() }]
          : [{ status: 'ok', orderId: '42' }]
      },
      () => {},
    )
    expect(batches).toHaveLength(3)
    expect(sleeps).toEqual([clockTolerance - 5_000 + 1_000])
    expect(intent.sends).toBe(3)
    expect(intent.report).toEqual({ status: 'ok', orderId: '42' })
  })
})
