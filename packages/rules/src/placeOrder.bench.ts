// Full place-order validation (schema, cross-field rules, instrument and position-mode checks)
// against the plain valibot parse of the same schema, on the same valid request.
import * as v from 'valibot'
import { bench, describe } from 'vitest'
import * as Endpoint from './Endpoint.js'
import * as Unified from './Unified.js'

const request = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  qty: '0.015',
  side: 'buy',
  orderType: 'limit',
  price: '64250.5',
  posSide: 'long',
  clientOid: 'bench-1',
  timeInForce: 'gtc',
}

const context = {
  instrument: {
    symbol: 'BTCUSDT',
    priceMultiplier: '0.5',
    pricePrecision: 1,
    sizeMultiplier: '0.001',
    minOrderAmount: '0.001',
  },
  positionMode: 'hedge',
} as const

const invalid = { ...request, price: '64250.3', qty: '0.0005', reduceOnly: 'yes' }

describe('a valid place-order request', () => {
  bench('Endpoint.check with instrument and position mode', () => {
    if (!Endpoint.check(Unified.placeOrder, request, context).success) throw new Error('invalid')
  })

  bench('baseline: v.safeParse of the schema alone', () => {
    if (!v.safeParse(Unified.placeOrder.schema, request).success) throw new Error('invalid')
  })
})

describe('an invalid place-order request (three issues)', () => {
  bench('Endpoint.check with instrument and position mode', () => {
    if (Endpoint.check(Unified.placeOrder, invalid, context).success) throw new Error('valid')
  })

  bench('baseline: v.safeParse of the schema alone', () => {
    v.safeParse(Unified.placeOrder.schema, invalid)
  })
})
