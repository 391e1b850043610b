// The body serialiser on the hot path: a place-order body (no JsonNumber) must cost about what
// JSON.stringify costs; a body with one (modify-order's requestId) pays for the replacer.
import { JsonNumber } from '@tradeline/rules'
import { bench, describe } from 'vitest'
import { stringifyBody } from './body.js'

const placeOrder = {
  category: 'SPOT',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '42000.5',
  timeInForce: 'gtc',
  clientOid: 'tl-1700000000000-abcdef',
}
const modifyOrder = { orderId: '1', qty: '2', requestId: JsonNumber.from('123456789012345678') }

describe('serialise a place-order body (no JsonNumber)', () => {
  bench('stringifyBody', () => {
    stringifyBody(placeOrder)
  })
  bench('baseline: JSON.stringify', () => {
    JSON.stringify(placeOrder)
  })
})

describe('serialise a modify-order body (a JsonNumber requestId)', () => {
  bench('stringifyBody', () => {
    stringifyBody(modifyOrder)
  })
  bench('baseline: JSON.stringify (writes it quoted)', () => {
    JSON.stringify(modifyOrder)
  })
})
