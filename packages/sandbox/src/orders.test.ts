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

describe('closed orders kept per account', () => {
  test('past the cap the order closed earliest is dropped with its clientOid; open orders and other accounts stay', () => {
    const store = createOrderStore(undefined, 2)
    store.add(order({ orderId: '1', clientOid: 'c-1' }))
    store.add(order({ orderId: '2', clientOid: 'c-2', status: 'filled', filledQty: '1' }))
    store.add(order({ orderId: '3', clientOid: 'c-3', status: 'cancelled' }))
    store.add(order({ orderId: 'x', clientOid: 'c-x', uid: 'u2', status: 'cancelled' }))
    // Order 1 closes last, so order 2 (closed first) goes.
    store.update('1', { status: 'cancelled' })
    expect(store.get('2')).toBeUndefined()
    expect(store.byClientOid('u1', 'c-2')).toBeUndefined()
    expect(store.list({ uid: 'u1' }).map((o) => o.orderId)).toEqual(['3', '1'])
    expect(store.get('x')?.uid).toBe('u2')
    // Open orders never count against the cap, and the forgotten clientOid may be used again.
    store.add(order({ orderId: '4', clientOid: 'c-2' }))
    store.add(order({ orderId: '5', clientOid: 'c-5' }))
    expect(store.list({ uid: 'u1', statuses: ['live'] }).map((o) => o.orderId)).toEqual(['5', '4'])
    expect(store.list({ uid: 'u1' })).toHaveLength(4)
  })

  test('the open-order read is the open index: an order that closes leaves it', () => {
    const store = createOrderStore()
    store.add(order({ orderId: '1', clientOid: 'c-1' }))
    store.add(order({ orderId: '2', clientOid: 'c-2', createdTime: 2 }))
    store.update('1', { status: 'partially_filled', filledQty: '0.5' })
    const openIds = () =>
      store.list({ statuses: ['live', 'partially_filled'] }).map((o) => o.orderId)
    expect(openIds()).toEqual(['2', '1'])
    store.update('2', { status: 'filled', filledQty: '1' })
    expect(openIds()).toEqual(['1'])
    expect(store.list({ statuses: ['filled'] }).map((o) => o.orderId)).toEqual(['2'])
  })
})
