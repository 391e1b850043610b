import { describe, expect, test } from 'vitest'
import { createEventQueue } from './EventQueue.js'
import { StreamOverflowError } from './errors.js'

describe('createEventQueue', () => {
  test('events in the order pushed; several pending next() calls are served oldest first', async () => {
    let done = 0
    const queue = createEventQueue<number>({ highWaterMark: 10, onDone: () => done++ })
    const first = queue.iterator.next()
    const second = queue.iterator.next()
    queue.push(1)
    queue.push(2)
    queue.push(3)
    expect(await first).toEqual({ value: 1, done: false })
    expect(await second).toEqual({ value: 2, done: false })
    queue.end()
    expect(await queue.iterator.next()).toEqual({ value: 3, done: false })
    expect(await queue.iterator.next()).toEqual({ value: undefined, done: true })
    expect(done).toBe(1)
  })

  test('bursts read with for await: each event once and in order, a drained buffer counts from zero again (3 bursts of 2 at highWaterMark 2)', async () => {
    const queue = createEventQueue<number>({ highWaterMark: 2, onDone: () => {} })
    const seen: number[] = []
    const reading = (async () => {
      for await (const value of queue.iterator) seen.push(value)
    })()
    for (let burst = 0; burst < 3; burst++) {
      queue.push(burst * 2)
      queue.push(burst * 2 + 1)
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(queue.ended).toBe(false)
    queue.end()
    await reading
    expect(seen).toEqual([0, 1, 2, 3, 4, 5])
  })

  test('a consumer past highWaterMark learns of it at its next read: a StreamOverflowError, not the backlog first', async () => {
    const queue = createEventQueue<number>({ highWaterMark: 2, onDone: () => {} })
    queue.push(1)
    queue.push(2)
    queue.push(3)
    expect(queue.ended).toBe(true)
    const error = await queue.iterator.next().catch((e: unknown) => e)
    expect(StreamOverflowError.isInstance(error)).toBe(true)
    expect((error as StreamOverflowError).limit).toBe(2)
    expect(await queue.iterator.next()).toEqual({ value: undefined, done: true })
  })

  test('fail() ends after the buffered events with the error; break (return) ends at once and calls onDone once', async () => {
    let done = 0
    const queue = createEventQueue<string>({ highWaterMark: 5, onDone: () => done++ })
    queue.push('a')
    queue.fail(new Error('boom'))
    expect((await queue.iterator.next()).value).toBe('a')
    await expect(queue.iterator.next()).rejects.toThrow('boom')
    const other = createEventQueue<string>({ highWaterMark: 5, onDone: () => done++ })
    other.push('x')
    for await (const value of other.iterator) {
      expect(value).toBe('x')
      break
    }
    other.push('y')
    expect(await other.iterator.next()).toEqual({ value: undefined, done: true })
    expect(done).toBe(2)
  })
})
