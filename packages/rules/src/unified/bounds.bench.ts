/**
 * The cost of refusing an absurd value, against checking a normal order (the ratio is the
 * measure; no wall-clock assertion). A million-digit quantity is refused by its length before
 * any decimal work; measured on the shared 2-core machine: about 100x a normal check (some
 * 5 ms, a linear pass over the text remains), where the unbounded check took some 275 ms.
 */
import { bench, describe } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import * as Unified from '../Unified.js'

const order = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '1',
  price: '3000',
} as const
const instrument = {
  symbol: 'ETHUSDT',
  priceMultiplier: '0.01',
  pricePrecision: 2,
  sizeMultiplier: '0.001',
  minOrderAmount: '0.001',
}
const huge = '1'.repeat(1_000_000)

describe('refusing a million-digit quantity vs checking a normal order', () => {
  bench('baseline: a normal place-order check', () => {
    Endpoint.check(Unified.placeOrder, order, { instrument })
  })
  bench('a million-digit qty', () => {
    Endpoint.check(Unified.placeOrder, { ...order, qty: huge }, { instrument })
  })
})
