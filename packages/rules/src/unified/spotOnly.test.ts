import { describe, expect, test } from 'vitest'
import * as Strategy from '../Strategy.js'
import { issuesFor, kinds } from '../test/issues.js'
import * as Unified from '../Unified.js'
import { categoryRule } from './placeOrder.rules.js'

const placeOrder = issuesFor(Unified.placeOrder)
const placeBatch = issuesFor(Unified.placeBatch)
const placeStrategyOrder = issuesFor(Strategy.placeStrategyOrder)

const rToken = {
  symbol: 'rAAPLUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '1',
  price: '230',
} as const
const notSpot = ['MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'usdc-futures'] as const

describe('rToken pairs are spot pairs', () => {
  test.each(notSpot)(
    'including tokenized-stock spot pairs (called rToken pairs, symbol shape `r<TICKER>USDT`): place-order refuses an rToken pair under %s',
    (category) => {
      expect(placeOrder({ ...rToken, category })).toEqual([['unsupported', 'category']])
      expect(placeOrder({ ...rToken, category: 'SPOT' })).toEqual([])
    },
  )

  test('the issue says why', () => {
    expect(categoryRule({ category: 'USDT-FUTURES', symbol: 'rAAPLUSDT' })[0]?.message).toBe(
      'category: expected "SPOT" (rToken pairs such as rAAPLUSDT are spot pairs), received "USDT-FUTURES"',
    )
  })

  test.each(notSpot)('place-batch refuses an rToken item under %s, at its index', (category) => {
    const btc = { ...rToken, category, symbol: 'BTCUSDT' }
    expect(placeBatch([btc, { ...rToken, category }])).toEqual([['unsupported', '1.category']])
  })

  test.each(notSpot)('place-strategy-order refuses an rToken pair under %s', (category) => {
    expect(
      placeStrategyOrder({ category, symbol: 'rAAPLUSDT', type: 'trigger', ...trigger }),
    ).toEqual([['unsupported', 'category']])
    expect(
      placeStrategyOrder({ category: 'SPOT', symbol: 'rAAPLUSDT', type: 'trigger', ...trigger }),
    ).toEqual([])
  })

  test('a pair that only looks alike (RUNEUSDT, upper-case R) is no rToken pair', () => {
    expect(placeOrder({ ...rToken, symbol: 'RUNEUSDT', category: 'USDT-FUTURES' })).toEqual([])
  })
})

const trigger = {
  side: 'buy',
  qty: '1',
  triggerPrice: '240',
  triggerOrderType: 'market',
} as const

describe('reduceOnly is for futures', () => {
  test.each(['SPOT', 'MARGIN'] as const)(
    'reduceOnly "`yes`, `no`; default `no`; one-way mode only" — decision: "yes" on %s, which has no position mode, is forbidden',
    (category) => {
      const order = { ...rToken, symbol: 'ETHUSDT', category }
      expect(placeOrder({ ...order, reduceOnly: 'yes' })).toEqual([['forbidden', 'reduceOnly']])
      expect(placeOrder({ ...order, reduceOnly: 'no' })).toEqual([])
      expect(kinds(categoryRule({ category, reduceOnly: 'yes' }))).toEqual([
        ['forbidden', 'reduceOnly'],
      ])
    },
  )

  test('the issue says why', () => {
    expect(categoryRule({ category: 'SPOT', reduceOnly: 'yes' })[0]?.message).toBe(
      'reduceOnly: expected no reduceOnly "yes" for SPOT (futures only: a spot or margin order reduces no position), received "yes"',
    )
  })

  test('futures keep reduceOnly (one-way mode)', () => {
    const order = { ...rToken, symbol: 'BTCUSDT', category: 'USDT-FUTURES', reduceOnly: 'yes' }
    expect(placeOrder(order, { positionMode: 'one_way' })).toEqual([])
  })

  test.each(['SPOT', 'MARGIN'] as const)(
    'place-strategy-order: reduceOnly "yes" on a %s tpsl or trigger order is forbidden too',
    (category) => {
      const request = { category, symbol: 'ETHUSDT', type: 'trigger', ...trigger }
      expect(placeStrategyOrder({ ...request, reduceOnly: 'yes' })).toEqual([
        ['forbidden', 'reduceOnly'],
      ])
      expect(placeStrategyOrder({ ...request, reduceOnly: 'no' })).toEqual([])
      expect(
        placeStrategyOrder({ category, symbol: 'ETHUSDT', stopLoss: '3000', reduceOnly: 'yes' }),
      ).toEqual([['forbidden', 'reduceOnly']])
    },
  )
})
