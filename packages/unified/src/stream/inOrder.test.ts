import { Ledger } from '@tradeline/core'
import { describe, expect, test } from 'vitest'
import type { FillRecord, OrderRecord } from '../schemas/order.js'
import { fillShape, type Missed, orderShape } from './ledger.js'

const fill = (execId: string, orderId: string, time: number): Missed => ({
  topic: 'fill',
  record: { execId, orderId, createdTime: String(time) } as FillRecord,
})
const order = (orderId: string, status: string, time: number, filled = '0'): Missed => ({
  topic: 'order',
  record: {
    orderId,
    orderStatus: status,
    updatedTime: String(time),
    cumExecQty: filled,
  } as OrderRecord,
})
const names = (events: Missed[]) =>
  events.map((e) =>
    e.topic === 'fill'
      ? `fill ${e.record.execId}`
      : `order ${e.record.orderId} ${e.record.orderStatus} ${e.record.cumExecQty}`,
  )
const ledger = () => new Ledger({ order: orderShape, fill: fillShape })

describe('the order of missed events', () => {
  test('by time; within one millisecond each order update right after its own fill, fills by id', () => {
    // REST lists newest first; two orders filled in the same millisecond, then one cancelled.
    const events = [
      order('2', 'cancelled', 10),
      order('1', 'filled', 10),
      fill('902', '2', 10),
      fill('901', '1', 10),
      order('3', 'live', 5),
    ]
    expect(names(ledger().inOrder(events))).toEqual([
      'order 3 live 0',
      'fill 901',
      'order 1 filled 0',
      'fill 902',
      'order 2 cancelled 0',
    ])
  })

  test('ids of different lengths compare as numbers', () => {
    const events = [fill('10', '1', 7), fill('9', '1', 7)]
    expect(names(ledger().inOrder(events))).toEqual(['fill 9', 'fill 10'])
  })

  test('two states of one order in the same millisecond: by filled quantity, then stage', () => {
    const events = [
      order('1', 'filled', 10, '2'),
      order('1', 'partially_filled', 10, '1.5'),
      order('1', 'partially_filled', 10, '0.5'),
    ]
    expect(names(ledger().inOrder(events))).toEqual([
      'order 1 partially_filled 0.5',
      'order 1 partially_filled 1.5',
      'order 1 filled 2',
    ])
  })
})

describe('Ledger.acceptOrder', () => {
  test('never backwards: a smaller filled quantity or an earlier stage of the same millisecond is refused, the same state twice too', () => {
    const l = ledger()
    const accept = (e: Missed) => l.acceptOrder(e.record as OrderRecord)
    expect(accept(order('1', 'partially_filled', 10, '1.5'))).toBe(true)
    expect(accept(order('1', 'partially_filled', 10, '0.5'))).toBe(false)
    expect(accept(order('1', 'partially_filled', 10, '1.5'))).toBe(false)
    expect(accept(order('1', 'live', 11, '0'))).toBe(false)
    expect(accept(order('1', 'filled', 10, '2'))).toBe(true)
    expect(accept(order('1', 'partially_filled', 12, '1.5'))).toBe(false)
    // A later update at the same quantity and stage (a new price) is new.
    expect(accept(order('2', 'live', 5))).toBe(true)
    expect(accept(order('2', 'live', 6))).toBe(true)
    expect(accept(order('2', 'live', 6))).toBe(false)
  })
})
