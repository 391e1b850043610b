/** The savings period type (docs/exchange-conventions.md, "Savings"). */
import { oneOf } from '../internal/fields.js'

/**
 * Every period type (`periodType`).
 *
 * @example
 * import { Savings } from '@tradeline/rules'
 * Savings.periodTypes // ['flexible', 'fixed']
 */
export const periodTypes = ['flexible', 'fixed'] as const
/** A period type. */
export type PeriodType = (typeof periodTypes)[number]

/** The `periodType` field schema. */
export const periodType = oneOf(periodTypes)
