// @fast-check/vitest 0.2's `test.each` fails under vitest 4.1, so plain tests use vitest's.
import { fc, test as property } from '@fast-check/vitest'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Session from './Session.js'

/** An instant written as an ISO 8601 string with its Eastern Time offset. */
const et = (iso: string) => Date.parse(iso)
/** The windows of the exchange documentation table, in minutes since midnight ET, written out independently. */
const windows = {
  pre_market: [4 * 60, 9 * 60 + 30],
  regular: [9 * 60 + 30, 16 * 60],
  after_hours: [16 * 60, 20 * 60],
  overnight: [20 * 60, 24 * 60 + 4 * 60],
} as const
/** Instants from 1971 to 2100: the zone rules of the runtime cover them. */
const instant = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) })

afterEach(() => {
  vi.useRealTimers()
})

describe('sessions', () => {
  test.each([
    ['| pre_market | ET | 04:00 to 09:30 |', 'pre_market', '04:00', '09:30'],
    ['| regular | ET | 09:30 to 16:00 |', 'regular', '09:30', '16:00'],
    ['| after_hours | ET | 16:00 to 20:00 |', 'after_hours', '16:00', '20:00'],
    ['| overnight | ET | 20:00 to 04:00 next day |', 'overnight', '20:00', '04:00'],
  ])('%s', (_row, state, startTime, endTime) => {
    expect(Session.sessions.find((session) => session.state === state)).toEqual({
      state,
      timeZone: 'ET',
      startTime,
      endTime,
    })
  })

  test('the table lists the four states in the order of the day', () => {
    expect(Session.sessions.map((session) => session.state)).toEqual([...Session.states])
  })
})

describe('at', () => {
  // Friday 2026-03-06 and Monday 2026-11-02 are on standard time (UTC-5); Monday 2026-03-09
  // and Friday 2026-10-30 on daylight saving time (UTC-4): both sides of both 2026 switches.
  const days = [
    ['2026-03-06', '-05:00', 'standard', 'Fri'],
    ['2026-03-09', '-04:00', 'dst', 'Mon'],
    ['2026-10-30', '-04:00', 'dst', 'Fri'],
    ['2026-11-02', '-05:00', 'standard', 'Mon'],
  ] as const
  const boundaries = [
    ['03:59:59.999', 'overnight', '03:59'],
    ['04:00:00.000', 'pre_market', '04:00'],
    ['09:29:59.999', 'pre_market', '09:29'],
    ['09:30:00.000', 'regular', '09:30'],
    ['15:59:59.999', 'regular', '15:59'],
    ['16:00:00.000', 'after_hours', '16:00'],
    ['19:59:59.999', 'after_hours', '19:59'],
    ['20:00:00.000', 'overnight', '20:00'],
  ] as const
  const cases = days.flatMap(([date, offset, daylight, weekday]) =>
    boundaries.map(([clock, state, time]) => ({
      date,
      offset,
      daylight,
      weekday,
      clock,
      // Friday 20:00 starts the weekend (see the decision below), not an overnight session.
      state: weekday === 'Fri' && time === '20:00' ? 'closed' : state,
      time,
    })),
  )

  test.each(cases)(
    'session window starts inclusive, ends exclusive: $date $clock ET ($daylight) is $state',
    ({ date, offset, daylight, weekday, clock, state, time }) => {
      expect(Session.at(et(`${date}T${clock}${offset}`))).toEqual({
        state,
        daylightType: daylight,
        et: { date, time, weekday },
      })
    },
  )

  test.each([
    ['2026-03-08T01:59:59.999-05:00', 'standard', '01:59'],
    ['2026-03-08T03:00:00.000-04:00', 'dst', '03:00'],
    ['2026-11-01T01:30:00.000-04:00', 'dst', '01:30'],
    ['2026-11-01T01:30:00.000-05:00', 'standard', '01:30'],
    ['2026-11-01T04:00:00.000-05:00', 'standard', '04:00'],
  ] as const)('on the switch days: %s is %s time, ET %s', (iso, daylight, time) => {
    const result = Session.at(et(iso))
    expect(result.daylightType).toBe(daylight)
    expect(result.et.time).toBe(time)
    expect(result.et.weekday).toBe('Sun')
  })

  test('overnight | ET | 20:00 to 04:00 next day spans midnight', () => {
    expect(Session.at(et('2026-03-09T23:59:59.999-04:00')).state).toBe('overnight')
    expect(Session.at(et('2026-03-10T00:00:00.000-04:00')).state).toBe('overnight')
  })

  test('Sessions follow the clock; no operation moves them: the result depends only on the instant', () => {
    const instant = new Date('2026-03-09T13:30:00Z')
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2001-01-01T00:00:00Z'))
    const first = Session.at(instant)
    vi.setSystemTime(new Date('2030-07-01T12:00:00Z'))
    expect(Session.at(instant)).toEqual(first)
    expect(Session.at(instant.getTime())).toEqual(first)
    expect(first.state).toBe('regular')
  })

  property.prop([instant])(
    'for any instant exactly one state holds: closed over the weekend, else the one of the table',
    (ms) => {
      const result = Session.at(ms)
      const [hours, minutes] = result.et.time.split(':').map(Number) as [number, number]
      const m = hours * 60 + minutes
      const day = result.et.weekday
      const weekend =
        (day === 'Fri' && m >= 20 * 60) || day === 'Sat' || (day === 'Sun' && m < 20 * 60)
      const holding = Object.entries(windows).filter(
        ([, [start, end]]) =>
          (m >= start && m < end) || (m + 24 * 60 >= start && m + 24 * 60 < end),
      )
      expect(weekend ? ['closed'] : holding.map(([state]) => state)).toEqual([result.state])
    },
  )

  test.each([
    ['2026-03-06T19:59:59.999-05:00', 'after_hours', 'Fri'],
    ['2026-03-06T20:00:00.000-05:00', 'closed', 'Fri'],
    ['2026-03-07T11:00:00.000-05:00', 'closed', 'Sat'],
    ['2026-03-08T03:00:00.000-04:00', 'closed', 'Sun'],
    ['2026-03-08T19:59:59.999-04:00', 'closed', 'Sun'],
    ['2026-03-08T20:00:00.000-04:00', 'overnight', 'Sun'],
    ['2026-03-09T03:59:59.999-04:00', 'overnight', 'Mon'],
    ['2026-10-30T20:00:00.000-04:00', 'closed', 'Fri'],
    ['2026-11-01T01:30:00.000-05:00', 'closed', 'Sun'],
    ['2026-11-01T20:00:00.000-05:00', 'overnight', 'Sun'],
    ['2026-07-04T11:00:00.000-04:00', 'closed', 'Sat'],
  ] as const)(
    'decision: US stocks (and the overnight session of tokenized stocks) do not trade from Friday 20:00 ET to Sunday 20:00 ET: %s is %s',
    (iso, state, weekday) => {
      const result = Session.at(et(iso))
      expect(result.state).toBe(state)
      expect(result.et.weekday).toBe(weekday)
    },
  )

  test('decision: holidays are not modelled (the exchange documentation gives no calendar): Friday 2026-12-25 11:00 ET is regular', () => {
    expect(Session.at(et('2026-12-25T11:00:00.000-05:00')).state).toBe('regular')
  })

  property.prop([instant])(
    'the ET wall clock is the instant shifted by -4 h (dst) or -5 h (standard)',
    (ms) => {
      const result = Session.at(ms)
      const shift = result.daylightType === 'dst' ? -4 : -5
      const wall = new Date(ms + shift * 3_600_000).toISOString()
      expect(`${result.et.date} ${result.et.time}`).toBe(
        `${wall.slice(0, 10)} ${wall.slice(11, 16)}`,
      )
    },
  )

  test('an invalid instant throws Session.InvalidInstantError', () => {
    expect(() => Session.at(Number.NaN)).toThrowErrorMatchingInlineSnapshot(
      `[Session.InvalidInstantError: Expected a valid instant, received NaN.]`,
    )
    expect(() => Session.at(new Date('nope'))).toThrow(Session.InvalidInstantError)
    expect(() => Session.at(9e15)).toThrow(Session.InvalidInstantError)
  })
})

describe('daylightType', () => {
  test.each([
    ['2026-01-15T12:00:00Z', 'standard'],
    ['2026-03-08T06:59:59.999Z', 'standard'],
    ['2026-03-08T07:00:00.000Z', 'dst'],
    ['2026-07-01T12:00:00Z', 'dst'],
    ['2026-11-01T05:59:59.999Z', 'dst'],
    ['2026-11-01T06:00:00.000Z', 'standard'],
  ] as const)('`daylightType` (`standard` or `dst`): %s is %s', (iso, expected) => {
    expect(Session.daylightType(new Date(iso))).toBe(expected)
  })
})

describe('marketStates', () => {
  test('array of objects: `market` (string; only `US`), `daylightType` (`standard` or `dst`), `stateList`', () => {
    expect(Session.marketStates(et('2026-03-06T12:00:00-05:00'))).toMatchInlineSnapshot(`
      [
        {
          "daylightType": "standard",
          "market": "US",
          "stateList": [
            {
              "endTime": "09:30",
              "startTime": "04:00",
              "state": "pre_market",
              "timeZone": "ET",
            },
            {
              "endTime": "16:00",
              "startTime": "09:30",
              "state": "regular",
              "timeZone": "ET",
            },
            {
              "endTime": "20:00",
              "startTime": "16:00",
              "state": "after_hours",
              "timeZone": "ET",
            },
            {
              "endTime": "04:00",
              "startTime": "20:00",
              "state": "overnight",
              "timeZone": "ET",
            },
          ],
        },
      ]
    `)
  })

  test('the daylight type follows the instant; the ET session times do not change with it', () => {
    const summer = Session.marketStates(et('2026-07-01T12:00:00-04:00'))
    const winter = Session.marketStates(et('2026-01-05T12:00:00-05:00'))
    expect(summer[0]?.daylightType).toBe('dst')
    expect(winter[0]?.daylightType).toBe('standard')
    expect(summer[0]?.stateList).toEqual(winter[0]?.stateList)
  })

  test('the payload is a copy: changing it does not change the table', () => {
    const payload = Session.marketStates(0)
    ;(payload[0]?.stateList[0] as { startTime: string }).startTime = '00:00'
    expect(Session.sessions[0].startTime).toBe('04:00')
  })
})

describe('rTokenGtdExpiry', () => {
  test.each([
    ['2026-03-06T04:00:00.000-05:00', '2026-03-06T20:00:00.000-05:00'],
    ['2026-03-06T09:30:00.000-05:00', '2026-03-06T20:00:00.000-05:00'],
    ['2026-03-06T16:00:00.000-05:00', '2026-03-06T20:00:00.000-05:00'],
    ['2026-03-06T19:59:59.999-05:00', '2026-03-06T20:00:00.000-05:00'],
    ['2026-10-30T12:00:00.000-04:00', '2026-10-30T20:00:00.000-04:00'],
    ['2026-11-02T04:00:00.000-05:00', '2026-11-02T20:00:00.000-05:00'],
  ])(
    'placed on a weekday in US trading hours: limit order valid to the end of after-hours trading: %s',
    (placed, expiry) => {
      expect(Session.rTokenGtdExpiry(et(placed))).toBe(et(expiry))
    },
  )

  test.each([
    ['Saturday', '2026-03-07T12:00:00.000-05:00', '2026-03-09T04:00:00.000-04:00'],
    ['Sunday overnight', '2026-03-08T21:00:00.000-04:00', '2026-03-09T04:00:00.000-04:00'],
    ['Saturday 00:00', '2026-10-31T00:00:00.000-04:00', '2026-11-02T04:00:00.000-05:00'],
    ['Sunday on the switch', '2026-11-01T01:30:00.000-05:00', '2026-11-02T04:00:00.000-05:00'],
  ])(
    'placed at a weekend: valid until just before the next US open: %s',
    (_day, placed, expiry) => {
      const result = Session.rTokenGtdExpiry(new Date(placed))
      expect(result).toBe(et(expiry))
      expect(Session.at(result - 1).state).toBe('overnight')
      expect(Session.at(result).state).toBe('pre_market')
    },
  )

  test.each([
    ['Friday 20:00', '2026-03-06T20:00:00.000-05:00', '2026-03-09T04:00:00.000-04:00'],
    ['Monday 03:59:59.999', '2026-03-09T03:59:59.999-04:00', '2026-03-09T04:00:00.000-04:00'],
    ['Tuesday 22:00', '2026-03-10T22:00:00.000-04:00', '2026-03-11T04:00:00.000-04:00'],
    ['Wednesday 00:30', '2026-03-11T00:30:00.000-04:00', '2026-03-11T04:00:00.000-04:00'],
    [
      'Friday 23:00 before the fall switch',
      '2026-10-30T23:00:00.000-04:00',
      '2026-11-02T04:00:00.000-05:00',
    ],
  ])(
    'weekday overnight placement is valid until the next weekday pre-market open: %s',
    (_day, placed, expiry) => {
      expect(Session.rTokenGtdExpiry(et(placed))).toBe(et(expiry))
    },
  )

  test('the expiry is exclusive: the order is valid up to the millisecond before it', () => {
    const placed = et('2026-03-06T10:00:00-05:00')
    const expiry = Session.rTokenGtdExpiry(placed)
    expect(Session.at(expiry - 1).state).toBe('after_hours')
    // A Friday: the end of after-hours starts the weekend, not an overnight session.
    expect(Session.at(expiry).state).toBe('closed')
    expect(Session.at(Session.rTokenGtdExpiry(et('2026-03-05T10:00:00-05:00'))).state).toBe(
      'overnight',
    )
  })

  property.prop([instant])(
    'the expiry is later than the placement, within 57 hours, on a weekday 20:00 or 04:00 ET',
    (placed) => {
      const expiry = Session.rTokenGtdExpiry(placed)
      expect(expiry).toBeGreaterThan(placed)
      expect(expiry - placed).toBeLessThanOrEqual(57 * 3_600_000)
      const end = Session.at(expiry)
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(end.et.weekday)
      const start = Session.at(placed)
      const inTradingHours =
        !['Sat', 'Sun'].includes(start.et.weekday) &&
        start.state !== 'overnight' &&
        start.state !== 'closed'
      expect(end.et.time).toBe(inTradingHours ? '20:00' : '04:00')
      if (inTradingHours) expect(end.et.date).toBe(start.et.date)
    },
  )
})
