import { describe, expect, test } from 'vitest'
import { createEvents, type SandboxEvent } from './events.js'
import type { Fill, Position } from './exchange/types.js'
import type { Order } from './orders.js'

const order = { orderId: '1', uid: 'u' } as Order
const fill = { execId: '2', uid: 'u' } as Fill
const position = (size: string) => ({ uid: 'u', symbol: 'BTCUSDT', side: 'net', size }) as Position

describe('createEvents', () => {
  test('outside a group each event is delivered alone, at once; nothing is kept without a listener', () => {
    const events = createEvents()
    events.emit({ type: 'balance', uid: 'lost' })
    const seen: SandboxEvent[][] = []
    const stop = events.listen((list) => seen.push([...list]))
    events.emit({ type: 'order', order })
    events.emit({ type: 'balance', uid: 'u' })
    stop()
    events.emit({ type: 'balance', uid: 'after' })
    expect(seen).toEqual([[{ type: 'order', order }], [{ type: 'balance', uid: 'u' }]])
  })

  test('a group delivers one list in push order (fill, order, position, balance, price), the last of each position and one balance per uid', () => {
    const events = createEvents()
    const seen: SandboxEvent[][] = []
    events.listen((list) => seen.push([...list]))
    const answer = events.group(() => {
      events.emit({ type: 'price', symbol: 'BTCUSDT', price: '1' })
      events.emit({ type: 'balance', uid: 'u' })
      events.emit({ type: 'order', order })
      events.emit({ type: 'position', position: position('0') })
      events.group(() => events.emit({ type: 'fill', fill }))
      events.emit({ type: 'position', position: position('-1') })
      events.emit({ type: 'balance', uid: 'u' })
      return 42
    })
    expect(answer).toBe(42)
    expect(seen).toEqual([
      [
        { type: 'fill', fill },
        { type: 'order', order },
        { type: 'position', position: position('-1') },
        { type: 'balance', uid: 'u' },
        { type: 'price', symbol: 'BTCUSDT', price: '1' },
      ],
    ])
  })

  test('a listener that throws does not stop the others nor the change; a group that throws still delivers', () => {
    const events = createEvents()
    const seen: string[] = []
    events.listen(() => {
      throw new Error('boom')
    })
    events.listen((list) => seen.push(...list.map((e) => e.type)))
    expect(() =>
      events.group(() => {
        events.emit({ type: 'order', order })
        throw new Error('inside')
      }),
    ).toThrow('inside')
    expect(seen).toEqual(['order'])
  })
})
