/**
 * The codes that stockplus responses carry, as data with lookups: option trade status, account
 * risk level, trade type, trade session, trade direction, option direction and contract type,
 * and the option expiry date normaliser.
 */
import { formatIsoDate, isCalendarDate, isIsoDate } from './calendar.js'

/**
 * Option trade status codes (`tradeStatus`, a string in responses) and their names.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.tradeStatuses['3'] // 'Circuit breaker'
 */
export const tradeStatuses = {
  '0': 'Normal',
  '1': 'Suspended',
  '2': 'Delisted',
  '3': 'Circuit breaker',
  '4': 'Pending listing',
  '5': 'Code change',
  '6': 'Pre-market',
  '7': 'Rebase suspension',
  '8': 'Expired (derivatives)',
  '9': 'Warrants pending listing',
  '10': 'Terminated',
} as const
/** A `tradeStatus` code. */
export type TradeStatus = keyof typeof tradeStatuses
/** The name of a `tradeStatus` code. */
export type TradeStatusName = (typeof tradeStatuses)[TradeStatus]

/**
 * The name of a `tradeStatus` code given as a string or a number; `undefined` when unknown.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.tradeStatusName('8') // 'Expired (derivatives)'
 * Securities.tradeStatusName(11) // undefined
 */
export function tradeStatusName(code: string | number): TradeStatusName | undefined {
  return lookup(tradeStatuses, code)
}

/**
 * Account risk levels (`riskLevel`, a number in responses) and their names.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.riskLevels[3] // 'Danger'
 */
export const riskLevels = {
  0: 'Safe',
  1: 'Medium risk',
  2: 'Warning',
  3: 'Danger',
} as const
/** A `riskLevel` value. */
export type RiskLevel = keyof typeof riskLevels
/** The name of a `riskLevel` value. */
export type RiskLevelName = (typeof riskLevels)[RiskLevel]

/**
 * The name of a `riskLevel` given as a number or a string; `undefined` when unknown.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.riskLevelName(1) // 'Medium risk'
 */
export function riskLevelName(level: number | string): RiskLevelName | undefined {
  return lookup(riskLevels, level)
}

/**
 * Trade types (`tradeType` of market/trade): a space is a regular sale.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.tradeTypes.I // 'Odd lot trade'
 */
export const tradeTypes = {
  ' ': 'Regular sale',
  B: 'Average price trade',
  E: 'Automatic execution',
  H: 'Price variation trade',
  I: 'Odd lot trade',
} as const
/** A `tradeType` code. */
export type TradeType = keyof typeof tradeTypes
/** The name of a `tradeType` code. */
export type TradeTypeName = (typeof tradeTypes)[TradeType]

/**
 * The name of a `tradeType` code; an empty string is read as the space of a regular sale (a
 * lone space is easily trimmed away on the way); `undefined` when unknown.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.tradeTypeName(' ') // 'Regular sale'
 * Securities.tradeTypeName('B') // 'Average price trade'
 */
export function tradeTypeName(code: string): TradeTypeName | undefined {
  return lookup(tradeTypes, code === '' ? ' ' : code)
}

/**
 * Trade sessions (`tradeSession`).
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.tradeSessions // ['Intraday', 'Pre', 'Post', 'Overnight']
 */
export const tradeSessions = ['Intraday', 'Pre', 'Post', 'Overnight'] as const
/** One of {@link tradeSessions}. */
export type TradeSession = (typeof tradeSessions)[number]

/**
 * Whether `value` is a trade session.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.isTradeSession('Pre') // true
 */
export function isTradeSession(value: unknown): value is TradeSession {
  return tradeSessions.includes(value as TradeSession)
}

/**
 * Price directions of a trade (`direction` of market/trade).
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.tradeDirections // ['Up', 'Down', 'Neutral']
 */
export const tradeDirections = ['Up', 'Down', 'Neutral'] as const
/** One of {@link tradeDirections}. */
export type TradeDirection = (typeof tradeDirections)[number]

/**
 * Whether `value` is a trade direction.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.isTradeDirection('Up') // true
 */
export function isTradeDirection(value: unknown): value is TradeDirection {
  return tradeDirections.includes(value as TradeDirection)
}

/**
 * Option directions (`direction` of option-quote): `P` put, `C` call.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.optionDirections.C // 'Call'
 */
export const optionDirections = { P: 'Put', C: 'Call' } as const
/** An option `direction` code. */
export type OptionDirection = keyof typeof optionDirections

/**
 * The name of an option direction code; `undefined` when unknown.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.optionDirectionName('P') // 'Put'
 */
export function optionDirectionName(
  code: string,
): (typeof optionDirections)[OptionDirection] | undefined {
  return lookup(optionDirections, code)
}

/**
 * Option contract types (`contractType` of option-quote): `A` American, `U` European.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.contractTypes.U // 'European'
 */
export const contractTypes = { A: 'American', U: 'European' } as const
/** An option `contractType` code. */
export type ContractType = keyof typeof contractTypes

/**
 * The name of an option contract type code; `undefined` when unknown.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.contractTypeName('A') // 'American'
 */
export function contractTypeName(code: string): (typeof contractTypes)[ContractType] | undefined {
  return lookup(contractTypes, code)
}

/**
 * Normalises an option `expiryDate` given as `YYMMDD` or `YYYYMMDD` (string or number) to
 * `YYYY-MM-DD` (docs/architecture.md); a `YYMMDD` year is in 2000 to 2099, a number shorter than six
 * digits lost its leading zeros, and a value already `YYYY-MM-DD` is kept. Returns `undefined`
 * for anything else, including days that do not exist.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.normalizeExpiryDate('260116') // '2026-01-16'
 * Securities.normalizeExpiryDate(20260116) // '2026-01-16'
 * Securities.normalizeExpiryDate('260230') // undefined
 */
export function normalizeExpiryDate(value: string | number): string | undefined {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) return undefined
    text = String(value).padStart(6, '0')
  } else if (typeof value === 'string') {
    if (isIsoDate(value)) return value
    text = value
  } else return undefined
  let year: number
  let rest: string
  if (/^\d{6}$/.test(text)) {
    year = 2000 + Number(text.slice(0, 2))
    rest = text.slice(2)
  } else if (/^\d{8}$/.test(text)) {
    year = Number(text.slice(0, 4))
    rest = text.slice(4)
  } else return undefined
  const month = Number(rest.slice(0, 2))
  const day = Number(rest.slice(2, 4))
  return isCalendarDate(year, month, day) ? formatIsoDate(year, month, day) : undefined
}

function lookup<const table extends Readonly<Record<string | number, string>>>(
  table: table,
  key: string | number,
): table[keyof table] | undefined {
  const name = String(key)
  if (!Object.hasOwn(table, name)) return undefined
  return table[name as keyof table]
}
