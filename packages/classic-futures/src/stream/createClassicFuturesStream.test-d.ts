import type { StreamEvent } from '@tradeline/core'
import { describe, expectTypeOf, test } from 'vitest'
import { createClassicFuturesClient } from '../createClassicFuturesClient.js'
import type { FillRecord, OrderDetail, PositionRecord } from '../schemas/records.js'
import {
  type ClassicFuturesStream,
  type ClassicStreamEventMeta,
  createClassicFuturesStream,
} from './createClassicFuturesStream.js'
import type { AccountRecord, PlanOrderRecord } from './records.js'

const client = createClassicFuturesClient()
const stream = createClassicFuturesStream(client, {
  credentials: { apiKey: 'k', secret: 's', passphrase: 'p' },
})

describe('createClassicFuturesStream', () => {
  test('each reader yields its REST record type', () => {
    expectTypeOf(stream).toEqualTypeOf<ClassicFuturesStream>()
    expectTypeOf(stream.orders()).toEqualTypeOf<AsyncIterableIterator<OrderDetail>>()
    expectTypeOf(stream.fills()).toEqualTypeOf<AsyncIterableIterator<FillRecord>>()
    expectTypeOf(stream.positions()).toEqualTypeOf<AsyncIterableIterator<PositionRecord>>()
    expectTypeOf(stream.account()).toEqualTypeOf<AsyncIterableIterator<AccountRecord>>()
    expectTypeOf(stream.planOrders()).toEqualTypeOf<AsyncIterableIterator<PlanOrderRecord>>()
  })

  test('on(channel) types the record by the channel; on(connection) gets connection events', () => {
    stream.on('orders', (order, meta) => {
      expectTypeOf(order).toEqualTypeOf<OrderDetail>()
      expectTypeOf(order.baseVolume).toEqualTypeOf<string | null>()
      expectTypeOf(meta).toEqualTypeOf<ClassicStreamEventMeta>()
    })
    stream.on('fill', (fill) => expectTypeOf(fill.tradeId).toEqualTypeOf<string>())
    stream.on('connection', (event) => expectTypeOf(event).toEqualTypeOf<StreamEvent>())
    // @ts-expect-error: not a channel of the classic stream
    stream.on('order', () => {})
  })

  test('options: productType a string, limits only false', () => {
    createClassicFuturesStream(client, {
      credentials: { apiKey: 'k', secret: 's', passphrase: 'p' },
      productType: 'COIN-FUTURES',
      limits: false,
    })
    createClassicFuturesStream(client, {
      credentials: { apiKey: 'k', secret: 's', passphrase: 'p' },
      // @ts-expect-error: limits are on, or off with false
      limits: true,
    })
  })
})
