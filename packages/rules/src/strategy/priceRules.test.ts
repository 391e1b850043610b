import { describe, expect, test } from 'vitest'
import { issuesFor } from '../test/issues.js'
import { placeStrategyOrder } from './placeStrategyOrder.js'

const issues = issuesFor(placeStrategyOrder)

/** On precision (2 places) but off the futures price step (0.05). */
const offStep = '1000.01'
const instrument = { symbol: 'ETHUSDT', priceMultiplier: '0.05', pricePrecision: 2 }

/** A valid request of each type with every price field at `price`, and the paths of those fields. */
const requests = {
  tpsl: (price: string) => ({
    takeProfit: price,
    stopLoss: price,
    tpOrderType: 'limit',
    tpLimitPrice: price,
    slOrderType: 'limit',
    slLimitPrice: price,
  }),
  trigger: (price: string) => ({
    side: 'buy',
    qty: '1',
    triggerPrice: price,
    triggerOrderType: 'limit',
    triggerOrderPrice: price,
  }),
  oco: (price: string) => ({
    side: 'buy',
    qty: '1',
    ocoParams: [
      { ocoLimitPrice: price, ocoTriggerPrice: price, ocoOrderType: 'limit', ocoOrderPrice: price },
    ],
  }),
  trailing_stop: (price: string) => ({
    side: 'buy',
    qty: '1',
    trailingStopParams: [
      {
        activationPrice: price,
        activationType: 'market',
        trailType: 'spread',
        trailVariance: '5',
        preOrderType: 'limit',
        preOrderPrice: price,
      },
    ],
  }),
  iceberg: (price: string) => ({
    side: 'buy',
    qty: '1',
    icebergParams: [
      {
        splitMode: 'order',
        splitOrderNumbers: '10',
        orderPreference: 'fixed_price',
        fixedPrice: price,
      },
    ],
  }),
  twap: (price: string) => ({
    side: 'buy',
    qty: '1',
    twapParams: [
      { duration: '60', interval: '10', twapTriggerPrice: price, twapTerminationPrice: price },
    ],
  }),
} as const

const pricePaths = {
  tpsl: ['takeProfit', 'stopLoss', 'tpLimitPrice', 'slLimitPrice'],
  trigger: ['triggerPrice', 'triggerOrderPrice'],
  oco: ['ocoParams.0.ocoLimitPrice', 'ocoParams.0.ocoTriggerPrice', 'ocoParams.0.ocoOrderPrice'],
  trailing_stop: ['trailingStopParams.0.activationPrice', 'trailingStopParams.0.preOrderPrice'],
  iceberg: ['icebergParams.0.fixedPrice'],
  twap: ['twapParams.0.twapTriggerPrice', 'twapParams.0.twapTerminationPrice'],
} as const

type Type = keyof typeof requests
const request = (type: Type, category: string, price: string) => ({
  category,
  symbol: 'ETHUSDT',
  type,
  ...requests[type](price),
})

describe('strategy prices follow the category rules of place-order', () => {
  test.each([
    ['SPOT', 'tpsl'],
    ['SPOT', 'trigger'],
    ['SPOT', 'oco'],
    ['SPOT', 'trailing_stop'],
    ['SPOT', 'iceberg'],
    ['SPOT', 'twap'],
    ['MARGIN', 'tpsl'],
    ['MARGIN', 'trigger'],
    ['MARGIN', 'oco'],
  ] as const)(
    'unified order rule 2: "Spot price must respect the decimal places": %s %s prices are checked for precision only, not the futures step',
    (category, type) => {
      expect(issues(request(type, category, offStep), { instrument })).toEqual([])
      expect(issues(request(type, category, '1000.015'), { instrument })).toEqual(
        pricePaths[type].map((path) => ['precision', path]),
      )
    },
  )

  test.each(['tpsl', 'trigger', 'trailing_stop', 'iceberg', 'twap'] as const)(
    'unified order rule 1: "Futures price must be a multiple of `priceMultiplier` with at most `pricePrecision` decimals": USDT-FUTURES %s prices',
    (type) => {
      expect(issues(request(type, 'USDT-FUTURES', '1000.05'), { instrument })).toEqual([])
      expect(issues(request(type, 'usdt-futures', offStep), { instrument })).toEqual(
        pricePaths[type].map((path) => ['tick', path]),
      )
    },
  )
})
