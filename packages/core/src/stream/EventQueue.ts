/**
 * An async-iterable queue: a producer pushes, one consumer pulls with `for await`. Nothing is
 * dropped silently: a consumer more than `highWaterMark` events behind gets a
 * `StreamOverflowError` at its next read (the backlog is discarded) and its iterator ends.
 */
import { Options } from '@tradeline/rules/shared'
import { StreamOverflowError } from './errors.js'

/** The producer side and the iterator of one queue. */
export type EventQueue<T> = {
  /** Adds an event; ignored once the queue ended. */
  push(value: T): void
  /** Ends the iterator after the buffered events. */
  end(): void
  /** Ends the iterator with `error` after the buffered events. */
  fail(error: unknown): void
  /** Whether the queue has ended (by `end`, `fail` or the consumer's `break`). */
  readonly ended: boolean
  /** The consumer side. */
  readonly iterator: AsyncIterableIterator<T>
}

/** Creates a queue; `onDone` runs once when it ends for any reason. */
export function createEventQueue<T>(options: {
  highWaterMark: number
  onDone: () => void
}): EventQueue<T> {
  Options.assert('createEventQueue', Options.streamRead, options)
  const buffer: T[] = []
  let head = 0
  let ended = false
  let failure: { error: unknown } | undefined
  const waiting: { resolve: (r: IteratorResult<T>) => void; reject: (e: unknown) => void }[] = []
  let done = false
  const finish = () => {
    if (done) return
    done = true
    options.onDone()
  }
  /** Hands buffered events (then the end) to the waiting `next()` calls, oldest first. */
  const settle = () => {
    while (waiting.length > 0) {
      if (head < buffer.length) {
        const value = shift()
        waiting.shift()?.resolve({ value, done: false })
      } else if (ended) {
        const w = waiting.shift()
        if (failure) {
          const { error } = failure
          failure = undefined
          w?.reject(error)
        } else w?.resolve({ value: undefined, done: true })
      } else return
    }
  }
  const close = (error?: { error: unknown }) => {
    if (ended) return
    ended = true
    failure = error
    finish()
    settle()
  }
  /** Takes the oldest buffered event (the caller checked there is one). */
  const shift = (): T => {
    const value = buffer[head++] as T
    if (head === buffer.length) {
      buffer.length = 0
      head = 0
    } else if (head > 1024 && head * 2 > buffer.length) {
      buffer.splice(0, head)
      head = 0
    }
    return value
  }
  const iterator: AsyncIterableIterator<T> = {
    // An event already buffered is handed over without a waiter (a resolved promise).
    next: () =>
      waiting.length === 0 && head < buffer.length
        ? Promise.resolve({ value: shift(), done: false })
        : new Promise<IteratorResult<T>>((resolve, reject) => {
            waiting.push({ resolve, reject })
            settle()
          }),
    return: async () => {
      buffer.length = 0
      head = 0
      failure = undefined
      close()
      return { value: undefined, done: true }
    },
    [Symbol.asyncIterator]() {
      return this
    },
  }
  return {
    push(value) {
      if (ended) return
      // A reader waiting on an empty buffer takes the event at once, without buffering it.
      if (waiting.length > 0 && head === buffer.length) {
        waiting.shift()?.resolve({ value, done: false })
        return
      }
      if (buffer.length - head >= options.highWaterMark) {
        // The reader learns of it at its next read, not after reading the whole backlog: an
        // event that cannot be delivered in order makes the backlog's later reading worthless.
        buffer.length = 0
        head = 0
        close({ error: new StreamOverflowError({ limit: options.highWaterMark }) })
        return
      }
      buffer.push(value)
      settle()
    },
    end: () => close(),
    fail: (error) => close({ error }),
    get ended() {
      return ended
    },
    iterator,
  }
}

/**
 * Resolves after a turn of the event loop (`setImmediate` where there is one, else a 0 ms
 * timer): a reader that reads as events come has taken every buffered event by then.
 */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown })
    .setImmediate
  return new Promise((resolve) => {
    if (immediate) immediate(resolve)
    else setTimeout(resolve, 0)
  })
}

/**
 * Hands `items` to `each` in parts of `part()` weight (read before each part; an item weighs
 * `weight(item)`, 1 by default) with a turn of the event loop between parts: a reader that reads
 * as events come takes each part before the next, where handed over at once, more than its room
 * overflowed it however fast it read. Items appended to `items` meanwhile are handed over too,
 * behind the others. `done` runs in the same turn as the last item is handed over (a socket may
 * read more messages before the promise's continuation runs, so the hand-over ends there).
 * Resolves true once every item is handed over, false when `going()` turned false on the way
 * (checked before each item and at the end).
 */
export async function inParts<T>(
  items: readonly T[],
  each: (item: T) => void,
  options: {
    part: () => number
    going: () => boolean
    done: () => void
    weight?: (item: T) => number
  },
): Promise<boolean> {
  let next = 0
  let taken = 0
  let size = options.part()
  for (;;) {
    if (!options.going()) return false
    if (next === items.length) {
      options.done()
      return true
    }
    const item = items[next++] as T
    each(item)
    taken += options.weight?.(item) ?? 1
    if (taken >= size && next < items.length) {
      taken = 0
      await nextTurn()
      size = options.part()
    }
  }
}
