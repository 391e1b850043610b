// The stream gate counts connections for the stream and messages and subscriptions per
// connection, as the exchange does.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createStreamGate, streamMarginMs } from './createStreamGate.js'

const settledWithin = async (work: Promise<unknown>, ms: number) =>
  Promise.race([
    work.then(() => 'settled'),
    new Promise((resolve) => setTimeout(() => resolve('waiting'), ms)),
  ])

describe('createStreamGate', () => {
  test('240 subscriptions an hour per connection: the 241st waits on the same connection, not on a new one', async () => {
    const limits = createStreamGate()
    await limits.gate('subscribe', 240, 1)
    // A guard far above what an admitted call takes, far below the hour a refused one waits.
    expect(await settledWithin(limits.gate('subscribe', 1, 2), 5000)).toBe('settled')
    const same = limits.gate('subscribe', 1, 2).catch(() => 'closed')
    await limits.gate('subscribe', 238, 2)
    const over = limits.gate('subscribe', 1, 2).catch(() => 'closed')
    expect(await settledWithin(over, 200)).toBe('waiting')
    limits.close()
    await same
  })

  describe('a subscribe that has to wait says how long', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    test('240 args in messages of 50 and 40 pass without a word (each counted once); the next is told the hour and the margin, then waits it', async () => {
      vi.useFakeTimers({
        now: 0,
        toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance', 'Date'],
      })
      const limits = createStreamGate()
      const told: number[] = []
      const wait = (ms: number) => told.push(ms)
      for (const count of [50, 50, 50, 50, 40]) await limits.gate('subscribe', count, 1, wait)
      expect(told).toEqual([])
      let passed = false
      const next = limits.gate('subscribe', 50, 1, wait).then(() => {
        passed = true
      })
      await vi.advanceTimersByTimeAsync(0)
      // Before the fix the gate told nothing, and the stream could not say until when.
      expect(told).toEqual([3_600_000 + streamMarginMs])
      await vi.advanceTimersByTimeAsync(3_600_000)
      expect(passed).toBe(false)
      await vi.advanceTimersByTimeAsync(streamMarginMs + 10)
      await next
      expect(passed).toBe(true)
      // A message of another connection starts afresh: not told.
      await limits.gate('subscribe', 50, 2, wait)
      expect(told).toHaveLength(1)
      limits.close()
    })
  })

  describe('the margin added to each window', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    /** When (fake ms) the 11th message of one connection is let through. */
    async function eleventhAt(options?: { marginMs: number }) {
      vi.useFakeTimers({
        now: 0,
        toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance', 'Date'],
      })
      const limits = createStreamGate(options)
      for (let i = 0; i < 10; i++) await limits.gate('message', 1, 1)
      let at: number | undefined
      const eleventh = limits.gate('message', 1, 1).then(() => {
        at = performance.now()
      })
      await vi.advanceTimersByTimeAsync(5000)
      await eleventh
      limits.close()
      return at
    }

    test('10 messages a second: the 11th waits one window and the default margin', async () => {
      const at = await eleventhAt()
      expect(at).toBeGreaterThanOrEqual(1000 + streamMarginMs)
      expect(at).toBeLessThan(1000 + streamMarginMs + 50)
    })

    test('{ marginMs: 600 }: the 11th waits one window and 600 ms', async () => {
      const at = await eleventhAt({ marginMs: 600 })
      expect(at).toBeGreaterThanOrEqual(1600)
      expect(at).toBeLessThan(1650)
    })

    test.each([-1, Number.NaN, Number.POSITIVE_INFINITY, 60_001])(
      'marginMs %s is refused, naming the option and its range',
      (marginMs) => {
        expect(() => createStreamGate({ marginMs })).toThrow(
          /limits\.marginMs must be a number of milliseconds from 0 to 60000/,
        )
      },
    )
  })
})
