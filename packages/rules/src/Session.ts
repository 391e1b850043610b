/**
 * The US market session schedule ("US market session states", endpoint
 * market/states) and the expiry of rToken `gtd` orders. Eastern Time comes from the runtime's
 * time zone data (`Intl.DateTimeFormat` with `America/New_York`), so daylight saving time
 * follows the zone rules and no table of switch dates is kept here.
 *
 * "Sessions follow the clock; no operation moves them": every function takes the instant it
 * is asked about and never reads the current time.
 *
 * Weekends: US stocks, and with them the overnight session of tokenized stocks, do not trade
 * from Friday 20:00 ET (the end of after-hours) to Sunday 20:00 ET (the start of the overnight
 * session into Monday); {@link at} says `closed` then. US market holidays and early closes are
 * not modelled: the exchange documentation gives no calendar and market/states answers the same table every day,
 * so a holiday is scheduled like any other weekday (a calendar kept here would go stale).
 */
import { BaseError } from './Errors.js'

/** The IANA zone of the exchange documentation's `ET`. */
export const timeZone = 'America/New_York'

/** The session states, in the order of the trading day. */
export const states = ['pre_market', 'regular', 'after_hours', 'overnight'] as const
/** A session state of the US market (a row of the market/states table). */
export type State = (typeof states)[number]
/** What {@link at} reports: a session state, or `closed` from Friday 20:00 to Sunday 20:00 ET. */
export type Status = State | 'closed'
/** Whether Eastern Time is on standard time (UTC-5) or daylight saving time (UTC-4). */
export type DaylightType = 'standard' | 'dst'
/** A day of the week in Eastern Time. */
export type Weekday = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun'

/** One row of the schedule, shaped as an item of market/states `stateList`. */
export type SessionWindow = {
  readonly state: State
  readonly timeZone: 'ET'
  /** Start, inclusive, `HH:MM` Eastern Time. */
  readonly startTime: string
  /** End, exclusive, `HH:MM` Eastern Time; before the start when the session crosses midnight. */
  readonly endTime: string
}

/**
 * The session table of the exchange's US market states: each window starts inclusive and ends exclusive, and
 * `overnight` runs from 20:00 to 04:00 of the next day.
 *
 * @example
 * import { Session } from '@tradeline/rules'
 * Session.sessions[1] // { state: 'regular', timeZone: 'ET', startTime: '09:30', endTime: '16:00' }
 */
export const sessions = [
  { state: 'pre_market', timeZone: 'ET', startTime: '04:00', endTime: '09:30' },
  { state: 'regular', timeZone: 'ET', startTime: '09:30', endTime: '16:00' },
  { state: 'after_hours', timeZone: 'ET', startTime: '16:00', endTime: '20:00' },
  { state: 'overnight', timeZone: 'ET', startTime: '20:00', endTime: '04:00' },
] as const satisfies readonly SessionWindow[]

/**
 * The session state at an instant, with the Eastern Time wall clock it was read from: `closed`
 * from Friday 20:00 to Sunday 20:00 ET, else the state of the session table (holidays are not
 * modelled).
 *
 * @example
 * import { Session } from '@tradeline/rules'
 * Session.at(Date.UTC(2026, 2, 9, 13, 30))
 * // { state: 'regular', daylightType: 'dst', et: { date: '2026-03-09', time: '09:30', weekday: 'Mon' } }
 * Session.at(Date.UTC(2026, 2, 7, 16)).state // 'closed' (Saturday 11:00 ET)
 */
export function at(instant: Date | number): at.ReturnType {
  const clock = wallClock(millisOf(instant))
  return {
    state: isWeekend(clock.weekday, clock.minutes) ? 'closed' : stateAt(clock.minutes),
    daylightType: clock.offsetMs === -4 * hour ? 'dst' : 'standard',
    et: { date: clock.date, time: hhmm(clock.minutes), weekday: weekdays[clock.weekday]! },
  }
}

export declare namespace at {
  /** The state at one instant and the Eastern Time wall clock. */
  type ReturnType = {
    /** The session state, or `closed` over the weekend. */
    readonly state: Status
    readonly daylightType: DaylightType
    readonly et: { readonly date: string; readonly time: string; readonly weekday: Weekday }
  }
}

/**
 * Whether Eastern Time is on standard time or daylight saving time at an instant.
 *
 * @example
 * import { Session } from '@tradeline/rules'
 * Session.daylightType(Date.UTC(2026, 0, 15)) // 'standard'
 */
export function daylightType(instant: Date | number): DaylightType {
  return at(instant).daylightType
}

/**
 * The `data` of GET /api/v3/reality/market/states at an instant: the US market with its
 * daylight type and the session table.
 *
 * @example
 * import { Session } from '@tradeline/rules'
 * Session.marketStates(Date.UTC(2026, 6, 1))[0]?.daylightType // 'dst'
 */
export function marketStates(instant: Date | number): marketStates.ReturnType {
  return [
    {
      market: 'US',
      daylightType: daylightType(instant),
      stateList: sessions.map((session) => ({ ...session })),
    },
  ]
}

export declare namespace marketStates {
  /** The payload: one object, market `US`. */
  type ReturnType = readonly {
    readonly market: 'US'
    readonly daylightType: DaylightType
    readonly stateList: readonly SessionWindow[]
  }[]
}

/**
 * The instant (Unix ms) at which an rToken `gtd` order expires; the order is valid while
 * `time < expiry`. Placed on a weekday (Eastern Time date) in US trading hours, pre-market
 * through after-hours (04:00 to 20:00 ET), it expires at 20:00 ET that day, the end of
 * after-hours trading. Placed at any other time (weekend, or a weekday's overnight session)
 * it expires at the next weekday 04:00 ET, the pre-market open, so its last valid
 * millisecond is just before the next US open.
 *
 * @example
 * import { Session } from '@tradeline/rules'
 * Session.rTokenGtdExpiry(Date.UTC(2026, 2, 7, 17)) // Saturday -> Monday 04:00 EDT
 * // 1773043200000 (2026-03-09T08:00:00.000Z)
 */
export function rTokenGtdExpiry(placedAt: Date | number): number {
  const clock = wallClock(millisOf(placedAt))
  const inTradingHours = clock.minutes >= openMinutes && clock.minutes < closeMinutes
  const { year, month, day } = clock
  if (isWeekday(clock.weekday) && inTradingHours) return instantOf(year, month, day, closeMinutes)
  let days = isWeekday(clock.weekday) && clock.minutes < openMinutes ? 0 : 1
  while (!isWeekday((clock.weekday + days) % 7)) days++
  return instantOf(year, month, day + days, openMinutes)
}

/**
 * The instant (Unix ms) the regular session of an Eastern Time date ends: 16:00 ET, the end
 * of the `regular` row of {@link sessions}, on the given `YYYY-MM-DD` (standard or daylight
 * time as the zone rules give it). An option contract stops trading then on its expiry date.
 *
 * @example
 * import { Session } from '@tradeline/rules'
 * Session.regularClose('2026-07-17') // 1784318400000 (2026-07-17T20:00:00.000Z)
 */
export function regularClose(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) throw new InvalidInstantError(Number.NaN)
  return instantOf(
    Number(match[1]),
    Number(match[2]),
    Number(match[3]),
    minutesOf(sessions[1].endTime),
  )
}

const minute = 60_000
const hour = 60 * minute
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const openMinutes = minutesOf(sessions[0].startTime)
const closeMinutes = minutesOf(sessions[2].endTime)

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
}

function hhmm(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0')
}

function stateAt(minutes: number): State {
  for (const session of sessions) {
    const start = minutesOf(session.startTime)
    const end = minutesOf(session.endTime)
    const inside =
      start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end
    if (inside) return session.state
  }
  throw new Error('unreachable: the session table covers the whole day')
}

/** Friday from 20:00, Saturday, Sunday before 20:00 (Eastern Time). */
function isWeekend(weekday: number, minutes: number): boolean {
  return (
    (weekday === 5 && minutes >= closeMinutes) ||
    weekday === 6 ||
    (weekday === 0 && minutes < closeMinutes)
  )
}

function isWeekday(weekday: number): boolean {
  return weekday >= 1 && weekday <= 5
}

function millisOf(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime()
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) throw new InvalidInstantError(instant)
  return ms
}

type WallClock = {
  year: number
  month: number
  day: number
  /** `YYYY-MM-DD` in Eastern Time. */
  date: string
  /** Minutes since midnight in Eastern Time. */
  minutes: number
  /** 0 = Sunday. */
  weekday: number
  /** Eastern Time minus UTC. */
  offsetMs: number
}

let formatter: Intl.DateTimeFormat | undefined

function wallClock(ms: number): WallClock {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
  const part: Record<string, number> = {}
  let beforeChrist = false
  for (const { type, value } of formatter.formatToParts(ms)) {
    if (type === 'era') beforeChrist = value === 'BC'
    else part[type] = Number(value)
  }
  // Year 1 BC is year 0 of the proleptic calendar that Date uses.
  const year = beforeChrist ? 1 - part.year! : part.year!
  const [month, day] = [part.month!, part.day!]
  const h = part.hour! % 24
  const local = utc(year, month, day, h * 60 + part.minute!) + part.second! * 1000
  return {
    year,
    month,
    day,
    date: ymd(year, month, day),
    minutes: h * 60 + part.minute!,
    weekday: new Date(utc(year, month, day, 0)).getUTCDay(),
    offsetMs: local - Math.floor(ms / 1000) * 1000,
  }
}

/** A calendar date and minute read as UTC, in ms; full years (also below 100), days may overflow. */
function utc(year: number, month: number, day: number, minutes: number): number {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date.getTime() + minutes * minute
}

/** `YYYY-MM-DD`, with the ISO 8601 expanded year (`-000001`, `+010000`) outside 0 to 9999. */
function ymd(year: number, month: number, day: number): string {
  const y =
    year >= 0 && year <= 9999 ? pad(year, 4) : `${year < 0 ? '-' : '+'}${pad(Math.abs(year), 6)}`
  return `${y}-${pad(month)}-${pad(day)}`
}

/** The instant of an Eastern Time wall clock; the session boundaries never fall in a DST gap. */
function instantOf(year: number, month: number, day: number, minutes: number): number {
  const local = utc(year, month, day, minutes)
  const guess = local - wallClock(local).offsetMs
  return local - wallClock(guess).offsetMs
}

/** Thrown when an instant is not a valid date (NaN, Infinity, out of the Date range). */
export class InvalidInstantError extends BaseError {
  static override readonly kind = 'Session.InvalidInstantError'
  override name = 'Session.InvalidInstantError'
  constructor(instant: Date | number) {
    super(`Expected a valid instant, received ${String(instant)}.`)
  }
}
