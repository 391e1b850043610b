// The stream gate counts connections for the stream and messages and subscriptions per
// connection, as the exchange does.
import { describe, expect, test } from 'vitest'
import { createStreamGate } from './createStreamGate.js'

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
})
