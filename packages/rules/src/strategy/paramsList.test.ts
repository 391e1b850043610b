import { describe, expect, test } from 'vitest'
import { issuesFor } from '../test/issues.js'
import { placeStrategyOrder } from './placeStrategyOrder.js'

const issues = issuesFor(placeStrategyOrder)

/** One valid element of each list, the type and category it belongs to. */
const lists = {
  ocoParams: {
    type: 'oco',
    category: 'SPOT',
    element: { ocoLimitPrice: '3100', ocoTriggerPrice: '3400', ocoOrderType: 'market' },
    required: 'ocoTriggerPrice',
  },
  trailingStopParams: {
    type: 'trailing_stop',
    category: 'USDT-FUTURES',
    element: {
      activationPrice: '3300',
      activationType: 'mark',
      trailType: 'ratio',
      trailVariance: '1',
      preOrderType: 'market',
    },
    required: 'trailVariance',
  },
  icebergParams: {
    type: 'iceberg',
    category: 'SPOT',
    element: { splitMode: 'order', splitOrderNumbers: '5', orderPreference: 'faster_execution' },
    required: 'orderPreference',
  },
  twapParams: {
    type: 'twap',
    category: 'SPOT',
    element: { duration: '60', interval: '10' },
    required: 'interval',
  },
} as const

type Name = keyof typeof lists
const names = Object.keys(lists) as Name[]
const request = (name: Name, elements: readonly object[]) => ({
  category: lists[name].category,
  symbol: 'ETHUSDT',
  type: lists[name].type,
  side: 'buy',
  qty: '1',
  [name]: elements,
})
const copies = (name: Name, n: number) => Array.from({ length: n }, () => lists[name].element)

describe('strategy parameter lists', () => {
  test.each(names)(
    'list `%s` (required); each element: a list of 1 to 20 elements is accepted and sent whole (decision: at most 20)',
    (name) => {
      for (const n of [1, 2, 20]) expect(issues(request(name, copies(name, n)))).toEqual([])
      expect(issues(request(name, []))).toEqual([['length', name]])
      expect(issues(request(name, copies(name, 21)))).toEqual([['length', name]])
    },
  )

  test.each(names)('each element of `%s` is validated, its issues under its index', (name) => {
    const { [lists[name].required]: _omitted, ...incomplete } = lists[name].element as Record<
      string,
      unknown
    >
    expect(issues(request(name, [lists[name].element, incomplete, incomplete]))).toEqual([
      ['missing', `${name}.1.${lists[name].required}`],
      ['missing', `${name}.2.${lists[name].required}`],
    ])
  })

  test('the cross-field rules of the lists run on every element, each under its own index', () => {
    const instrument = { symbol: 'ETHUSDT', priceMultiplier: '0.5', pricePrecision: 1 }
    const oco = lists.ocoParams.element
    expect(issues(request('ocoParams', [oco, oco, { ...oco, ocoOrderType: 'limit' }]))).toEqual([
      ['missing', 'ocoParams.2.ocoOrderPrice'],
    ])
    expect(
      issues(request('ocoParams', [oco, { ...oco, ocoLimitPrice: '3100.25' }]), { instrument }),
    ).toEqual([['precision', 'ocoParams.1.ocoLimitPrice']])
    const trailing = lists.trailingStopParams.element
    expect(
      issues(
        request('trailingStopParams', [
          trailing,
          { ...trailing, trailVariance: '11' },
          { ...trailing, activationPrice: '3300.1' },
        ]),
        { instrument },
      ),
    ).toEqual([
      ['range', 'trailingStopParams.1.trailVariance'],
      ['tick', 'trailingStopParams.2.activationPrice'],
    ])
    const twap = { ...lists.twapParams.element, orderType: 'limit', limitOffsetType: 'spread' }
    expect(
      issues(
        request('twapParams', [
          { ...twap, limitOffsetSpread: '10' },
          { ...twap, limitOffsetSpread: '700' },
        ]),
        { lastPrice: '3200' },
      ),
    ).toEqual([['range', 'twapParams.1.limitOffsetSpread']])
  })
})
