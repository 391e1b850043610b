import { describe, expect, test } from 'vitest'
import type { FillRecord, OrderRecord } from '../schemas/order.js'
import { inOrder, type Missed } from './ledger.js'

const fill = (execId: string, orderId: string, time: number): Missed => ({
  topic: 'fill',
  record: { execId, orderId, createdTime: String(time) } as FillRecord,
})
const order = (orderId: string, status: string, time: number): Missed => ({
  topic: 'order',
  record: { orderId, orderStatus: status, updatedTime: String(time) } as OrderRecord,
})
const names = (events: Missed[]) =>
  events.map((e) =>
    e.topic === 'fill'
      ? `fill ${e.record.execId}`
      : `order ${e.record.orderId} ${e.record.orderStatus}`,
  )

describe('inOrder', () => {
  test('by time; within one millisecond each order update right after its own fill, fills by id', () => {
    // REST lists newest first; two orders filled in the same millisecond, then one cancelled.
    const events = [
      order('2', 'cancelled', 10),
      order('1', 'filled', 10),
      fill('902', '2', 10),
      fill('901', '1', 10),
      order('3', 'live', 5),
    ]
    expect(names(inOrder(events))).toEqual([
      'order 3 live',
      'fill 901',
      'order 1 filled',
      'fill 902',
      'order 2 cancelled',
    ])
  })

  test('ids of different lengths compare as numbers', () => {
    const events = [fill('10', '1', 7), fill('9', '1', 7)]
    expect(names(inOrder(events))).toEqual(['fill 9', 'fill 10'])
  })
})
