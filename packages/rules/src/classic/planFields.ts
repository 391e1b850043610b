/**
 * Fields and cross-field checks shared by the classic plan and take-profit/stop-loss endpoints
 * (https://www.bitget.com/api-doc/contract/plan/Place-Plan-Order and its sibling pages).
 */
import * as v from 'valibot'
import * as Decimal from '../Decimal.js'
import { create, describe, type Issue, type Path } from '../Issue.js'
import { oneOf } from '../internal/fields.js'
import type { Mode } from '../PositionMode.js'
import { checkPrice, checkQty, type Instrument } from '../TickSize.js'
import { presetPrice, price } from './fields.js'
import { triggerTypes } from './planValues.js'

/** `triggerPrice`: a decimal string greater than zero. */
export const triggerPrice = price

/**
 * A price or ratio the exchange reads as "none" when empty or `0` (execute prices, the
 * take-profit/stop-loss of a plan order, a callback ratio): a decimal string or `""`.
 */
export const optionalDecimal = presetPrice

/** `triggerType`: `fill_price` (last price) or `mark_price`. */
export const triggerType = oneOf(triggerTypes)

/** A trigger type that may be sent empty, as the exchange's example writes an unset one. */
export const optionalTriggerType = v.picklist([...triggerTypes, ''] as const)

/** What the plan checks may know; absent facts are not checked. */
export type PlanContext = {
  /** The instrument of `symbol`, for the price and size steps. */
  readonly instrument?: Instrument | undefined
  /** The account's position mode for the product type. */
  readonly positionMode?: Mode | undefined
}

/** Whether a value is set: present, not `""` and not zero (the exchange's "empty or 0"). */
export function isSet(value: string | undefined): value is string {
  return value !== undefined && value !== '' && Decimal.isDecimal(value) && /[1-9]/.test(value)
}

/** Whether a text is given at all (present and not `""`). */
export function given(value: string | undefined): value is string {
  return value !== undefined && value !== ''
}

/** A `missing` issue on `field`, saying when it is required. */
export function missing(field: string, when: string): Issue {
  return create({
    type: 'missing',
    path: [field],
    expected: `a value (required ${when})`,
    received: describe(undefined),
  })
}

/** A `forbidden` issue on `field`, saying when it must stay empty. */
export function forbidden(field: string, value: unknown, when: string): Issue {
  return create({
    type: 'forbidden',
    path: [field],
    expected: `no value ${when}`,
    received: describe(value),
  })
}

/** A `range` issue unless `value` (when set) lies in `[min, max]`. */
export function ratioRule(value: string | undefined, field: string, min: string, max: string) {
  if (!given(value) || !Decimal.isDecimal(value)) return []
  if (Decimal.compare(value, min) >= 0 && Decimal.compare(value, max) <= 0) return []
  return [
    create({
      type: 'range',
      path: [field],
      expected: `a ratio from ${min} to ${max}`,
      received: describe(value),
    }),
  ]
}

/** The price step of each set price field, and the size step of `size`, when the instrument is known. */
export function stepRules(
  draft: Readonly<Record<string, unknown>>,
  instrument: Instrument | undefined,
  prices: readonly string[],
  sizes: readonly string[] = ['size'],
): Issue[] {
  if (instrument === undefined) return []
  const issues: Issue[] = []
  for (const field of prices) {
    const value = draft[field]
    if (typeof value === 'string' && isSet(value))
      issues.push(...checkPrice(value, instrument, [field]))
  }
  for (const field of sizes) {
    const value = draft[field]
    if (typeof value === 'string' && isSet(value))
      issues.push(...checkQty(value, instrument, { path: [field] }))
  }
  return issues
}

/**
 * `holdSide` of a take-profit/stop-loss against the position mode: `long`/`short` in hedge
 * mode, `buy`/`sell` in one-way mode.
 */
export function holdSideRule(holdSide: string | undefined, mode: Mode | undefined): Issue[] {
  if (holdSide === undefined || mode === undefined) return []
  const wanted = mode === 'hedge' ? ['long', 'short'] : ['buy', 'sell']
  if (wanted.includes(holdSide)) return []
  return [
    create({
      type: 'mismatch',
      path: ['holdSide'] satisfies Path,
      expected: `${wanted.join(' or ')} (the ${mode === 'hedge' ? 'hedge' : 'one-way'} position mode)`,
      received: describe(holdSide),
    }),
  ]
}

/**
 * A take-profit or stop-loss leg (`stopSurplus*` or `stopLoss*`): its trigger type is required
 * when its trigger price is set.
 */
export function legTypeRule(
  draft: Readonly<Record<string, unknown>>,
  leg: 'stopSurplus' | 'stopLoss',
  prefix = '',
): Issue[] {
  const priceField = prefix === '' ? `${leg}TriggerPrice` : `${prefix}${cap(leg)}TriggerPrice`
  const typeField = prefix === '' ? `${leg}TriggerType` : `${prefix}${cap(leg)}TriggerType`
  const trigger = draft[priceField] as string | undefined
  const type = draft[typeField] as string | undefined
  if (!isSet(trigger) || given(type)) return []
  return [missing(typeField, `when ${priceField} is set`)]
}

const cap = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`
