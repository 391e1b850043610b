import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { clickBackhand } from './clickBackhand.js'

const base = {
  symbol: 'BTCUSDT',
  marginCoin: 'USDT',
  productType: 'USDT-FUTURES',
  side: 'buy',
} as const

const issuesOf = issuesFor(clickBackhand)

describe('clickBackhand', () => {
  test('a reversal without size passes unchanged', () => {
    expect(Endpoint.check(clickBackhand, base)).toEqual({ success: true, output: base })
  })

  test.each(['symbol', 'marginCoin', 'productType', 'side'] as const)(
    '%s | string | yes',
    (field) => {
      const { [field]: _, ...rest } = base
      expect(issuesOf(rest)).toEqual([['missing', field]])
    },
  )

  test('productType | productType enum', () => {
    expect(issuesOf({ ...base, productType: 'SPOT' })).toEqual([['value', 'productType']])
  })

  test('side | buy, sell', () => {
    expect(issuesOf({ ...base, side: 'sell' })).toEqual([])
    expect(issuesOf({ ...base, side: 'close_long' })).toEqual([['value', 'side']])
  })

  test('decision: marginCoin is capitalized as in the other classic endpoints', () => {
    expect(issuesOf({ ...base, marginCoin: 'usdt' })).toEqual([['format', 'marginCoin']])
  })

  test('size | string | no | reversal size', () => {
    expect(issuesOf({ ...base, size: '3' })).toEqual([])
    expect(issuesOf({ ...base, size: '0' })).toEqual([['range', 'size']])
    expect(
      issuesOf(
        { ...base, size: '0.0015' },
        { instrument: { symbol: 'BTCUSDT', sizeMultiplier: '0.001' } },
      ),
    ).toEqual([['lot', 'size']])
  })

  test('tradeSide | hedge mode | open/close wording', () => {
    expect(issuesOf(base, { positionMode: 'hedge' })).toEqual([['missing', 'tradeSide']])
    expect(issuesOf({ ...base, tradeSide: 'close' }, { positionMode: 'hedge' })).toEqual([])
    expect(issuesOf({ ...base, tradeSide: 'reverse' })).toEqual([['value', 'tradeSide']])
  })

  test('tradeSide ... ignored in one-way mode (do not send)', () => {
    expect(issuesOf({ ...base, tradeSide: 'open' }, { positionMode: 'one_way' })).toEqual([
      ['forbidden', 'tradeSide'],
    ])
    expect(issuesOf(base, { positionMode: 'one_way' })).toEqual([])
  })

  test('classic order rule 5: "Elite-trader copy-trading keys may only use the pairs on the published elite-trader list."', () => {
    expect(issuesOf(base, { eliteTraderPairs: ['ETHUSDT'] })).toEqual([['unsupported', 'symbol']])
  })

  test.each(['orderType', 'price', 'reduceOnly'])('the reversal takes no %s', (field) => {
    expect(issuesOf({ ...base, [field]: 'x' })).toEqual([['unknown', field]])
  })
})
