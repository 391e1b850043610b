import { describe, expect, test } from 'vitest'
import { createOrderStore, type Order } from './orders.js'

const order = (overrides: Partial<Order> = {}): Order => ({
  orderId: '1',
  clientOid: 'c-1',
  uid: 'u1',
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  price: '10',
  qty: '1',
  filledQty: '0',
  status: 'live',
  createdTime: 1,
  updatedTime: 1,
  ...overrides,
})

describe('createOrderStore', () => {
  test('finds orders by orderId and by the account and clientOid', () => {
    const store = createOrderStore()
    store.add(order())
    expect(store.get('1')?.clientOid).toBe('c-1')
    expect(store.byClientOid('u1', 'c-1')?.orderId).toBe('1')
    expect(store.byClientOid('u2', 'c-1')).toBeUndefined()
  })

  test('a clientOid is unique per account, an orderId everywhere', () => {
    const store = createOrderStore()
    store.add(order())
    expect(() => store.add(order({ orderId: '2' }))).toThrow(/clientOid/)
    expect(() => store.add(order({ clientOid: 'c-2' }))).toThrow(/orderId/)
    expect(store.add(order({ orderId: '2', uid: 'u2' })).uid).toBe('u2')
  })

  test('update changes fields and keeps both indexes', () => {
    const store = createOrderStore()
    store.add(order())
    store.update('1', { status: 'cancelled', updatedTime: 5 })
    expect(store.byClientOid('u1', 'c-1')).toMatchObject({ status: 'cancelled', updatedTime: 5 })
    expect(() => store.update('9', {})).toThrow(/Unknown/)
  })

  test('list filters and sorts newest first', () => {
    const store = createOrderStore()
    store.add(order())
    store.add(order({ orderId: '2', clientOid: 'c-2', createdTime: 2, status: 'filled' }))
    store.add(order({ orderId: '3', clientOid: 'c-3', createdTime: 3, category: 'USDT-FUTURES' }))
    expect(store.list().map((o) => o.orderId)).toEqual(['3', '2', '1'])
    expect(store.list({ statuses: ['live'], category: 'spot' }).map((o) => o.orderId)).toEqual([
      '1',
    ])
    expect(store.list({ startTime: 2, endTime: 2 }).map((o) => o.orderId)).toEqual(['2'])
  })
})
