import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import * as Limits from '../Limits.js'
import { issuesFor } from '../test/issues.js'
import {
  executionsWindow,
  getHistoryExecutions,
  resolveExecutionsWindow,
} from './getHistoryExecutions.js'

const day = 86_400

const issuesOf = issuesFor(getHistoryExecutions)

describe('getHistoryExecutions', () => {
  test('is GET /api/v3/stockplus/trade/history-executions', () => {
    expect([
      getHistoryExecutions.id,
      getHistoryExecutions.method,
      getHistoryExecutions.path,
    ]).toEqual([
      'securities.getHistoryExecutions',
      'GET',
      '/api/v3/stockplus/trade/history-executions',
    ])
  })

  test('Query: `symbol` (optional)', () => {
    expect(issuesOf({})).toEqual([])
    expect(issuesOf({ symbol: 'AAPL.US' })).toEqual([])
    expect(issuesOf({ symbol: 'AAPL' })).toEqual([['format', 'symbol']])
  })

  test('`startAt` (number, Unix seconds ...), `endAt` (number, Unix seconds ...)', () => {
    expect(
      Endpoint.check(getHistoryExecutions, { startAt: 1767225600, endAt: '1769904000' }),
    ).toEqual({ success: true, output: { startAt: '1767225600', endAt: '1769904000' } })
    expect(issuesOf({ startAt: 1767225600.5 })).toEqual([['format', 'startAt']])
    expect(issuesOf({ endAt: '2026-01-01' })).toEqual([['format', 'endAt']])
    expect(issuesOf({ endAt: -1 })).toEqual([['range', 'endAt']])
  })

  test('decision: a Unix time of more than 10 digits is milliseconds by mistake and rejected', () => {
    expect(
      Endpoint.check(getHistoryExecutions, { startAt: 1767225600000 }).issues,
    ).toMatchInlineSnapshot(`
        [
          {
            "expected": "Unix seconds: an integer from 0 to 9999999999 (not milliseconds)",
            "message": "startAt: expected Unix seconds: an integer from 0 to 9999999999 (not milliseconds), received 1767225600000",
            "path": [
              "startAt",
            ],
            "received": "1767225600000",
            "type": "range",
          },
        ]
      `)
  })

  test('startAt may not be after endAt', () => {
    expect(issuesOf({ startAt: 1769904000, endAt: 1769904000 })).toEqual([])
    expect(
      Endpoint.check(getHistoryExecutions, { startAt: '1769904001', endAt: 1769904000 }).issues,
    ).toMatchInlineSnapshot(`
        [
          {
            "expected": "at most endAt (1769904000)",
            "message": "startAt: expected at most endAt (1769904000), received "1769904001"",
            "path": [
              "startAt",
            ],
            "received": ""1769904001"",
            "type": "range",
          },
        ]
      `)
  })
})

describe('executionsWindow', () => {
  test('true when results exceed 1000 orders, 1000 is the maximum per query', () => {
    expect(executionsWindow.maxOrdersPerQuery).toBe(1000)
    expect(executionsWindow.maxOrdersPerQuery).toBe(Limits.securitiesExecutionsPerQuery)
  })

  test("Today's executions are not included.", () => {
    expect(executionsWindow.includesToday).toBe(false)
  })

  test('default 90 days before end time or now', () => {
    expect(executionsWindow.defaultDays).toBe(90)
  })
})

describe('resolveExecutionsWindow', () => {
  const now = 1_770_000_000

  test('`startAt` (number, Unix seconds; default 90 days before end time or now)', () => {
    expect(resolveExecutionsWindow({ endAt: '1769904000' }, now)).toEqual({
      startAt: String(1769904000 - 90 * day),
      endAt: '1769904000',
    })
  })

  test('`endAt` (number, Unix seconds; default 90 days after start time or now)', () => {
    expect(resolveExecutionsWindow({ startAt: 1762128000 }, now)).toEqual({
      startAt: '1762128000',
      endAt: String(1762128000 + 90 * day),
    })
  })

  test('decision: with neither given, the window is the 90 days up to now', () => {
    expect(resolveExecutionsWindow({}, now)).toEqual({
      startAt: String(now - 90 * day),
      endAt: String(now),
    })
  })

  test('both given are kept', () => {
    expect(resolveExecutionsWindow({ startAt: '1', endAt: 2 }, now)).toEqual({
      startAt: '1',
      endAt: '2',
    })
  })
})
