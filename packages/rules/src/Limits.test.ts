import { describe, expect, test } from 'vitest'
import * as Limits from './Limits.js'

/** Every export tested below; a new limit without a test fails the last describe. */
const tested = new Set<string>()
function limit<name extends keyof typeof Limits>(name: name, body: () => void) {
  tested.add(name)
  describe(name, body)
}

limit('unifiedBatchSize', () => {
  test.each([
    'at most 20 orders per batch',
    'Modifies up to 20 orders across symbols of one product line.',
    'Cancels up to 20 orders; partial success is allowed.',
    'place-batch | 5 per second per UID; 20 orders per batch',
    'batch-modify-order | 10 per second per UID; 20 orders per batch; 5 in-flight requests',
    'cancel-batch | 5 per second per UID; 20 orders per batch',
  ])('%s', () => {
    expect(Limits.unifiedBatchSize).toBe(20)
  })
})

limit('classicBatchSize', () => {
  test.each([
    'orderList | array | yes | at most 50 items',
    '`orderIdList` (array, at most 50 items; each item carries `orderId`)',
    'classic batch-place-order | 5 per second per UID; 1 per second for copy-trading traders; orderList at most 50',
    'classic modify-order, batch-cancel-orders | 10 per second per UID; orderIdList at most 50',
  ])('%s', () => {
    expect(Limits.classicBatchSize).toBe(50)
  })
})

limit('batchModifyInFlight', () => {
  test.each([
    'at most 5 modification requests may be in flight consecutively, processed in order',
    'batch-modify-order | 10 per second per UID; 20 orders per batch; 5 in-flight requests',
  ])('%s', () => {
    expect(Limits.batchModifyInFlight).toBe(5)
  })
})

limit('futuresHoldingLimit', () => {
  test('Holding limit: at most 400 orders across all USDT, COIN and USDC futures pairs together', () => {
    expect(Limits.futuresHoldingLimit).toBe(400)
  })
  test('open orders | 400 futures (all lines together)', () => {
    expect(Limits.futuresHoldingLimit).toBe(400)
  })
})

limit('spotMarginHoldingLimit', () => {
  test('at most 400 orders across all spot and margin pairs together', () => {
    expect(Limits.spotMarginHoldingLimit).toBe(400)
  })
  test('open orders | ...; 400 spot and margin together', () => {
    expect(Limits.spotMarginHoldingLimit).toBe(400)
  })
})

limit('clientOidLength', () => {
  test.each([
    'client-chosen id, 1 to 32 characters',
    'clientOid | string | no | 1 to 32 characters',
    'clientOid | 1 to 32 characters',
  ])('%s', () => {
    expect(Limits.clientOidLength).toEqual({ min: 1, max: 32 })
  })
})

limit('requestIdMaxDigits', () => {
  test.each(['requestId | number | no | up to 18 digits', 'requestId | at most 18 digits'])(
    '%s',
    () => {
      expect(Limits.requestIdMaxDigits).toBe(18)
    },
  )
})

limit('countdown', () => {
  test.each([
    'countdown | string | yes | seconds; integer in [5,60]; `0` disables',
    'countdown-cancel-all | 1 per second per UID; countdown 5 to 60 seconds',
  ])('%s', () => {
    expect(Limits.countdown).toEqual({ min: 5, max: 60, disable: 0 })
  })
})

limit('unifiedPageSize', () => {
  test('the exchange docs: "unified open orders | ... `limit` (<= 100)"', () => {
    expect(Limits.unifiedPageSize).toBe(100)
  })
})

limit('realityFillsLimit', () => {
  test.each([
    'limit | string | page size, default 100, maximum 100',
    'account/reality-fills | 10 per second per UID; limit at most 100; last 3 months',
  ])('%s', () => {
    expect(Limits.realityFillsLimit).toBe(100)
  })
})

limit('realityFillsMonths', () => {
  test.each([
    'Platform fill history of rToken pairs, last three months only.',
    'account/reality-fills | 10 per second per UID; limit at most 100; last 3 months',
  ])('%s', () => {
    expect(Limits.realityFillsMonths).toBe(3)
  })
})

limit('historyOrders', () => {
  test('the exchange docs: "unified order history | ... times (<= 30 days within 90)"', () => {
    expect(Limits.historyOrders).toEqual({ spanDays: 30, withinDays: 90 })
  })
})

limit('securitiesTradeCount', () => {
  test.each([
    '`count` (integer, required, at most 1000)',
    'stockplus trade count parameter | at most 1000',
  ])('%s', () => {
    expect(Limits.securitiesTradeCount).toBe(1000)
  })
})

limit('securitiesSymbolsPerRequest', () => {
  test.each([
    '`symbol` (required; list of symbols, at most 500 per request; ...)',
    '`symbol` (required; option contract symbols, at most 500 per request)',
    'static and option-quote at most 500 symbols',
  ])('%s', () => {
    expect(Limits.securitiesSymbolsPerRequest).toBe(500)
  })
})

limit('securitiesExecutionsPerQuery', () => {
  test.each([
    '`hasMore` (boolean; true when results exceed 1000 orders, 1000 is the maximum per query)',
    'history-executions at most 1000 orders per query',
  ])('%s', () => {
    expect(Limits.securitiesExecutionsPerQuery).toBe(1000)
  })
})

limit('securitiesExecutionsWindowDays', () => {
  test.each([
    '`startAt` (number, Unix seconds; default 90 days before end time or now)',
    '`endAt` (number, Unix seconds; default 90 days after start time or now)',
  ])('%s', () => {
    expect(Limits.securitiesExecutionsWindowDays).toBe(90)
  })
})

limit('securitiesRemarkLength', () => {
  test.each([
    'remark | string | no | at most 64 characters',
    'stockplus remark | at most 64 characters',
  ])('%s', () => {
    expect(Limits.securitiesRemarkLength).toBe(64)
  })
})

limit('limitDepthLevel', () => {
  test('limitDepthLevel | number | no | integer in [-5, 5]', () => {
    expect(Limits.limitDepthLevel).toEqual({ min: -5, max: 5 })
  })
})

limit('triggerCount', () => {
  test('triggerCount | number | no | 0 to 3; triggers after the condition holds that many times within 1 minute', () => {
    expect(Limits.triggerCount).toEqual({ min: 0, max: 3 })
  })
})

limit('trailVarianceRatio', () => {
  test('with trailType=ratio: spot range [0.1, 20], futures range [0.1, 10]', () => {
    expect(Limits.trailVarianceRatio).toEqual({
      spot: { min: '0.1', max: '20' },
      futures: { min: '0.1', max: '10' },
    })
  })
})

limit('textLength', () => {
  test('decision: request text the exchange documentation leaves unbounded is bounded: symbols 32, order ids 32 digits, decimals 40, integers 20, opaque ids 64', () => {
    expect(Limits.textLength).toEqual({ symbol: 32, orderId: 32, decimal: 40, integer: 20, id: 64 })
    // The longest shapes the exchange documentation shows fit: an option contract symbol, a 19-digit order id.
    expect('AAPL260116C00150000.US'.length).toBeLessThanOrEqual(Limits.textLength.symbol)
    expect('1300000000000000001'.length).toBeLessThanOrEqual(Limits.textLength.orderId)
  })
})

limit('strategyParams', () => {
  test('type=oco: list `ocoParams` (required); each element — decision: 1 to 20 elements, the item count of the unified batches', () => {
    expect(Limits.strategyParams).toEqual({ min: 1, max: Limits.unifiedBatchSize })
  })
})

limit('icebergSplitOrderNumbers', () => {
  test('splitOrderNumbers | string | when splitMode=order | range [1, 100]', () => {
    expect(Limits.icebergSplitOrderNumbers).toEqual({ min: 1, max: 100 })
  })
})

limit('twapDurationMinutes', () => {
  test('duration | string | yes | minutes, [1, 1440]', () => {
    expect(Limits.twapDurationMinutes).toEqual({ min: 1, max: 1440 })
  })
})

limit('twapIntervals', () => {
  test('interval | string | yes | seconds; one of 5, 10, 20, 30, 60', () => {
    expect(Limits.twapIntervals).toEqual(['5', '10', '20', '30', '60'])
  })
})

limit('twapLimitOffsetPercentage', () => {
  test('limitOffsetPercentage | ... | decimal in [0.001, 0.1] (0.1 = 10%)', () => {
    expect(Limits.twapLimitOffsetPercentage).toEqual({ min: '0.001', max: '0.1' })
  })
})

limit('twapLimitOffsetSpreadMaxRatio', () => {
  test('limitOffsetSpread | ... | spread to latest trade price at most 20%', () => {
    expect(Limits.twapLimitOffsetSpreadMaxRatio).toBe('0.2')
  })
})

describe('every export', () => {
  test('each limit has a describe above that quotes its documented sentence', () => {
    expect(Object.keys(Limits).sort()).toEqual([...tested].sort())
  })

  test('ranges are ordered and ratio bounds are decimal strings, never numbers', () => {
    for (const range of [
      Limits.clientOidLength,
      Limits.countdown,
      Limits.limitDepthLevel,
      Limits.triggerCount,
      Limits.icebergSplitOrderNumbers,
      Limits.twapDurationMinutes,
    ]) {
      expect(range.min).toBeLessThan(range.max)
    }
    for (const bound of [
      Limits.trailVarianceRatio.spot.min,
      Limits.trailVarianceRatio.futures.max,
      Limits.twapLimitOffsetPercentage.min,
      Limits.twapLimitOffsetSpreadMaxRatio,
    ]) {
      expect(typeof bound).toBe('string')
    }
  })
})
